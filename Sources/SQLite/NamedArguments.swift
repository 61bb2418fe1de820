/// The values of a statement's named parameters, written as a dictionary literal whose keys are
/// the names without their colon: `db.query("… WHERE owner_id = :owner LIMIT :limit", ["owner": 7, "limit": 20])`.
///
/// Each value travels with its name, so a piece of SQL written in one place and used in another
/// brings its own names rather than fixing numbers the other must keep free. Unlike a
/// `Dictionary`, arguments of one name are not merged silently: binding two is an error, as is a
/// name the statement does not have or a parameter left without a value.
public struct NamedArguments: ExpressibleByDictionaryLiteral {
    /// Names (without the colon) and values, in the order written.
    var arguments: [(String, any SQLiteBindable)]

    public init(dictionaryLiteral elements: (String, any SQLiteBindable)...) {
        arguments = elements
    }

    /// The arguments of both, for a statement made of pieces that each bring their own.
    public static func + (lhs: NamedArguments, rhs: NamedArguments) -> NamedArguments {
        var joined = lhs
        joined.arguments += rhs.arguments
        return joined
    }

    /// Adds the arguments of `rhs`, for arguments gathered a few at a time.
    public static func += (lhs: inout NamedArguments, rhs: NamedArguments) {
        lhs.arguments += rhs.arguments
    }
}

/// The values of a statement's named parameters (`:name`), written as a dictionary literal whose
/// keys are the names without their colon:
/// `connection.query("SELECT … WHERE owner_id = :owner LIMIT :limit", ["owner": 7, "limit": 20])`.
///
/// The same convention as the SQLite module's `NamedArguments`, so that the two engines' SQL for one
/// repository reads alike. Before the statement is prepared, each `:name` becomes PostgreSQL's own
/// `$n` (a name used twice, the same `$n`). As there, binding a name twice is an error, as is a name
/// the statement does not have or a parameter left without a value.
public struct PostgresNamedArguments: ExpressibleByDictionaryLiteral {
    /// Names (without the colon) and values, in the order written.
    var arguments: [(String, any PostgresBindable)]
    /// Whether the best plan of a statement depends on these values (how many rows a search word
    /// matches, whether an optional filter is NULL), so that the server must plan it for each run's
    /// values rather than reuse its one generic plan (`PostgresConnection`'s planning).
    public var valuesDecideThePlan = false

    public init(dictionaryLiteral elements: (String, any PostgresBindable)...) {
        arguments = elements
    }

    /// The arguments of both, for a statement made of pieces that each bring their own. Values
    /// that decide the plan of one piece decide the whole statement's.
    public static func + (lhs: PostgresNamedArguments, rhs: PostgresNamedArguments) -> PostgresNamedArguments {
        var joined = lhs
        joined += rhs
        return joined
    }

    /// Adds the arguments of `rhs`, for arguments gathered a few at a time.
    public static func += (lhs: inout PostgresNamedArguments, rhs: PostgresNamedArguments) {
        lhs.arguments += rhs.arguments
        lhs.valuesDecideThePlan = lhs.valuesDecideThePlan || rhs.valuesDecideThePlan
    }

    /// The values in `$n` order of `statement`, the statement `sql` read with its `:name`
    /// parameters numbered.
    func bind(to statement: NamedParameterSQL, of sql: String) throws -> [PostgresParameter] {
        var parameters = [PostgresParameter?](repeating: nil, count: statement.names.count)
        for (name, value) in arguments {
            guard let number = statement.numbers[name] else {
                throw PostgresError(
                    code: .undefinedParameter,
                    message: "the statement has no parameter :\(name); it has \(statement.names.map { ":" + $0 })",
                    sql: sql)
            }
            guard parameters[number - 1] == nil else {
                throw PostgresError(code: .invalidParameterValue, message: "parameter :\(name) is given twice", sql: sql)
            }
            parameters[number - 1] = value.postgresParameter
        }
        return try zip(statement.names, parameters).map { name, value in
            guard let value else {
                throw PostgresError(code: .undefinedParameter, message: "no value for parameter :\(name)", sql: sql)
            }
            return value
        }
    }
}

import PostgreSQL
import SQLite

/// The values of a statement's named parameters (`:name`), for either engine, written as a
/// dictionary literal whose keys are the names without their colon:
/// `db.query("SELECT … WHERE owner_id = :owner", ["owner": key.rawValue])`.
///
/// Named parameters read the same on both engines (PostgreSQL's module turns them into `$n`), so
/// one statement's text serves both. Each engine's module checks the names against the statement.
package struct SQLArguments: ExpressibleByDictionaryLiteral {
    /// Names (without the colon) and values, in the order written.
    private(set) var arguments: [(String, any SQLBindable)]
    /// Whether these values decide the best plan of the statement they are in (`decidingThePlan`).
    private(set) var valuesDecideThePlan = false

    package init(dictionaryLiteral elements: (String, any SQLBindable)...) {
        arguments = elements
    }

    /// The same arguments, saying that their values decide the plan: how many records a search
    /// word matches, whether an optional filter is NULL. PostgreSQL then plans the statement for
    /// each run's values instead of reusing one generic plan (which took a spot search from 20 ms
    /// to 5 s); SQLite plans every statement the same way whatever its values.
    var decidingThePlan: SQLArguments {
        var marked = self
        marked.valuesDecideThePlan = true
        return marked
    }

    /// The same arguments, saying that one plan serves all their values, whatever the pieces they
    /// came from said: a statement whose every run takes the same path.
    var plannedOnce: SQLArguments {
        var unmarked = self
        unmarked.valuesDecideThePlan = false
        return unmarked
    }

    /// The arguments of both, for a statement made of pieces that each bring their own; values
    /// that decide one piece's plan decide the whole statement's.
    static func + (lhs: SQLArguments, rhs: SQLArguments) -> SQLArguments {
        var joined = lhs
        joined += rhs
        return joined
    }

    static func += (lhs: inout SQLArguments, rhs: SQLArguments) {
        lhs.arguments += rhs.arguments
        lhs.valuesDecideThePlan = lhs.valuesDecideThePlan || rhs.valuesDecideThePlan
    }

    /// The same arguments for SQLite's module. Its type is made from literals only, so they are
    /// added one at a time, in place (a multi-row INSERT has thousands).
    var sqlite: NamedArguments {
        arguments.reduce(into: [:] as NamedArguments) { joined, argument in
            joined += [argument.0: argument.1 as any SQLiteBindable]
        }
    }

    /// The same arguments for PostgreSQL's module.
    var postgres: PostgresNamedArguments {
        var converted = arguments.reduce(into: [:] as PostgresNamedArguments) { joined, argument in
            joined += [argument.0: argument.1 as any PostgresBindable]
        }
        converted.valuesDecideThePlan = valuesDecideThePlan
        return converted
    }
}

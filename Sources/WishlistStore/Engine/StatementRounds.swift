/// A read whose statements go in rounds, each round's statements chosen from the answers to the
/// rounds before, ending in a value. Written so, reads that do not depend on each other share their
/// round trips (``and(_:)``): the all-groups search sends the next round of every group at once,
/// where each group read alone waited on PostgreSQL once a statement. `SQLConnection.perform`
/// reads it, one round trip a round on PostgreSQL.
///
/// On SQLite, which has no round trips, a round's statements run one after another, as they would
/// written plainly.
enum StatementRounds<Value> {
    /// Nothing more to read.
    case done(Value)
    /// The statements of this round, and what follows from their answers (one list of rows each).
    case round([(sql: String, arguments: SQLArguments)], then: ([[SQLRow]]) throws -> StatementRounds<Value>)

    /// What follows from this read's value: more rounds, which start in the round trip after its last.
    func then<Next>(_ next: @escaping (Value) throws -> StatementRounds<Next>) -> StatementRounds<Next> {
        switch self {
        case .done(let value):
            // A round of no statements, so that `next` runs (and may throw) when the read is
            // performed, not when it is written. It costs no round trip (`settled`).
            .round([]) { _ in try next(value) }
        case .round(let statements, let rest):
            .round(statements) { answers in try rest(answers).then(next) }
        }
    }

    /// This read, its value made into another.
    func map<Next>(_ transform: @escaping (Value) throws -> Next) -> StatementRounds<Next> {
        then { .done(try transform($0)) }
    }

    /// This read and `other` side by side: each round carries the next statements of both, so that
    /// the two take the round trips of the longer, not of both.
    func and<Other>(_ other: StatementRounds<Other>) -> StatementRounds<(Value, Other)> {
        .round([]) { _ in
            switch (try settled(), try other.settled()) {
            case (.done(let mine), let theirs):
                theirs.map { (mine, $0) }
            case (let mine, .done(let theirs)):
                mine.map { ($0, theirs) }
            case (.round(let mine, let myRest), .round(let theirs, let theirRest)):
                .round(mine + theirs) { answers in
                    try myRest(Array(answers.prefix(mine.count))).and(theirRest(Array(answers.dropFirst(mine.count))))
                }
            }
        }
    }

    /// This read and `other` side by side, `other`'s value put into this one's by `put`.
    func and<Other>(_ other: StatementRounds<Other>, into put: @escaping (inout Value, Other) -> Void) -> StatementRounds<Value> {
        and(other).map { mine, theirs in
            var value = mine
            put(&value, theirs)
            return value
        }
    }

    /// This read with its leading rounds of no statements run: done, or a round that has statements.
    func settled() throws -> StatementRounds<Value> {
        var read = self
        while case .round(let statements, let rest) = read, statements.isEmpty {
            read = try rest([])
        }
        return read
    }
}

extension StatementRounds where Value == [[SQLRow]] {
    /// The rows of each of `statements`, read in one round.
    static func answers(_ statements: [(sql: String, arguments: SQLArguments)]) -> Self {
        .round(statements) { .done($0) }
    }
}

extension StatementRounds where Value == [SQLRow] {
    /// The rows of one statement.
    static func rows(_ sql: String, _ arguments: SQLArguments) -> Self {
        .round([(sql, arguments)]) { .done($0[0]) }
    }
}

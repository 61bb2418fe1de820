extension SQLConnection {
    /// The value of `read`, its rounds sent one after another (`queries`: one round trip each on
    /// PostgreSQL).
    func perform<Value>(_ read: StatementRounds<Value>) throws -> Value {
        var read = read
        while true {
            switch try read.settled() {
            case .done(let value): return value
            case .round(let statements, let rest): read = try rest(queries(statements))
            }
        }
    }
}

/// A transaction's isolation level (PostgreSQL has no READ UNCOMMITTED of its own).
public enum PostgresIsolation: String, Sendable {
    /// Each statement sees what was committed before it began: the server's default.
    case readCommitted = "READ COMMITTED"
    /// Every statement sees one snapshot, taken at the transaction's first statement.
    case repeatableRead = "REPEATABLE READ"
    /// As if the transactions ran one after another; one that cannot be ordered fails with a
    /// serialization failure and must run again (`PostgresPool.serializable` does).
    case serializable = "SERIALIZABLE"
}

import SQLite
import Testing

@Suite struct ConstraintErrorTests {
    /// One statement that breaks one kind of constraint, and how the error must say so.
    struct Violation: Sendable, CustomTestStringConvertible {
        let sql: String
        let arguments: [SQLiteValue]
        let extendedCode: Int32
        let kind: any KeyPath<SQLiteError, Bool> & Sendable
        var testDescription: String { sql }
    }

    static let violations: [Violation] = [
        Violation(
            sql: "INSERT INTO child(parent_id, name, quantity) VALUES (?, ?, ?)",
            arguments: [.integer(1), .text("taken"), .integer(1)], extendedCode: 2067, kind: \.isUniqueConstraintViolation),
        Violation(
            sql: "INSERT INTO parent(id) VALUES (?)",
            arguments: [.integer(1)], extendedCode: 1555, kind: \.isUniqueConstraintViolation),
        Violation(
            sql: "INSERT INTO child(parent_id, name, quantity) VALUES (?, ?, ?)",
            arguments: [.integer(1), .null, .integer(1)], extendedCode: 1299, kind: \.isNotNullConstraintViolation),
        Violation(
            sql: "INSERT INTO child(parent_id, name, quantity) VALUES (?, ?, ?)",
            arguments: [.integer(99), .text("orphan"), .integer(1)], extendedCode: 787, kind: \.isForeignKeyViolation),
        Violation(
            sql: "DELETE FROM parent WHERE id = ?",
            arguments: [.integer(1)], extendedCode: 787, kind: \.isForeignKeyViolation),
        Violation(
            sql: "UPDATE child SET quantity = ? WHERE name = 'taken'",
            arguments: [.integer(-1)], extendedCode: 275, kind: \.isCheckConstraintViolation)
    ]

    @Test(arguments: violations)
    func constraintErrorIsMapped(_ violation: Violation) throws {
        let database = try Database(path: ":memory:")
        try database.execute(
            """
            CREATE TABLE parent(id INTEGER PRIMARY KEY);
            CREATE TABLE child(
                id INTEGER PRIMARY KEY,
                parent_id INTEGER NOT NULL REFERENCES parent(id),
                name TEXT NOT NULL UNIQUE,
                quantity INTEGER NOT NULL CHECK (quantity >= 0));
            INSERT INTO parent(id) VALUES (1);
            INSERT INTO child(parent_id, name, quantity) VALUES (1, 'taken', 1);
            """)
        let error = #expect(throws: SQLiteError.self) { try database.run(violation.sql, violation.arguments) }
        #expect(error?.code == .constraint)
        #expect(error?.extendedCode == violation.extendedCode)
        #expect(error?.sql == violation.sql)
        #expect(error?[keyPath: violation.kind] == true)
        let others: [KeyPath<SQLiteError, Bool>] = [
            \.isUniqueConstraintViolation, \.isNotNullConstraintViolation, \.isForeignKeyViolation, \.isCheckConstraintViolation
        ]
        #expect(others.filter { error?[keyPath: $0] == true } == [violation.kind], "exactly one kind matches")
        #expect(try database.scalar("SELECT count(*) FROM child") == 1)
    }
}

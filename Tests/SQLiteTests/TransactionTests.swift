import SQLite
import Testing

@Suite struct TransactionTests {
    struct Abort: Error {}

    let database: Database

    init() throws {
        database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(x INTEGER)")
    }

    private func values() throws -> [Int] {
        try database.query("SELECT x FROM t ORDER BY x").map { try $0[0] }
    }

    @Test func commitKeepsTheWorkAndReturnsTheResult() throws {
        let result = try database.transaction {
            try database.run("INSERT INTO t VALUES (1)")
            try database.run("INSERT INTO t VALUES (2)")
            return "done"
        }
        #expect(result == "done")
        #expect(try values() == [1, 2])
    }

    @Test func throwingRollsBackAndRethrowsTheSameError() throws {
        #expect(throws: Abort.self) {
            try database.transaction {
                try database.run("INSERT INTO t VALUES (1)")
                throw Abort()
            }
        }
        #expect(try values() == [])
        // The connection is usable again: no transaction was left open.
        try database.transaction { try database.run("INSERT INTO t VALUES (3)") }
        #expect(try values() == [3])
    }

    @Test func aFailedStatementRollsBackTheWholeTransaction() throws {
        try database.execute("CREATE TABLE u(x INTEGER NOT NULL)")
        #expect(throws: SQLiteError.self) {
            try database.transaction {
                try database.run("INSERT INTO t VALUES (1)")
                try database.run("INSERT INTO u VALUES (NULL)")
            }
        }
        #expect(try values() == [])
    }

    @Test func nestedRollbackUndoesOnlyTheSavepoint() throws {
        try database.transaction {
            try database.run("INSERT INTO t VALUES (1)")
            #expect(throws: Abort.self) {
                try database.transaction {
                    try database.run("INSERT INTO t VALUES (2)")
                    try database.transaction { try database.run("INSERT INTO t VALUES (20)") }
                    throw Abort()
                }
            }
            try database.transaction { try database.run("INSERT INTO t VALUES (3)") }
        }
        #expect(try values() == [1, 3])
    }

    @Test func outerRollbackUndoesCommittedSavepoints() throws {
        #expect(throws: Abort.self) {
            try database.transaction {
                try database.transaction { try database.run("INSERT INTO t VALUES (1)") }
                throw Abort()
            }
        }
        #expect(try values() == [])
    }

    @Test func transactionInsideAManualBeginBecomesASavepoint() throws {
        try database.execute("BEGIN")
        try database.run("INSERT INTO t VALUES (1)")
        #expect(throws: Abort.self) {
            try database.transaction {
                try database.run("INSERT INTO t VALUES (2)")
                throw Abort()
            }
        }
        try database.execute("COMMIT")
        #expect(try values() == [1])
    }
}

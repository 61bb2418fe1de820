import Foundation
import PostgreSQL
import TestSupport
import Testing

@Suite struct ErrorTests {
    @Test func badSQLIsATypedErrorWithItsSQLStateAndTheConnectionGoesOn() throws {
        let connection = try TestDatabase.connection()
        let syntax = #expect(throws: PostgresError.self) { try connection.run("SELEC 1") }
        #expect(syntax?.code == .syntaxError)
        #expect(syntax?.message.contains("syntax error") == true)
        #expect(syntax?.sql == "SELEC 1")
        #expect(syntax?.isConnectionLost == false)

        let missing = #expect(throws: PostgresError.self) { _ = try connection.query("SELECT * FROM nowhere") }
        #expect(missing?.code == .undefinedTable)
        let script = #expect(throws: PostgresError.self) { try connection.execute("SELECT 1; SELECT 1/0") }
        #expect(script?.code == SQLState(rawValue: "22012"))
        // Too few arguments: the server refuses the statement, not the session.
        let arguments = #expect(throws: PostgresError.self) { try connection.run("SELECT $1::int4 + $2::int4", [1]) }
        #expect(arguments?.code == .protocolViolation)
        #expect(arguments?.isConnectionLost == false)

        #expect(connection.isConnected)
        #expect(try connection.scalar("SELECT 1") as Int? == 1)
    }

    @Test func aUniqueViolationIsTypedAndSaysWhichKey() throws {
        let connection = try TestDatabase.connection(schema: "CREATE TABLE people (email text UNIQUE)")
        try connection.run("INSERT INTO people VALUES ($1)", ["민지@example.org"])
        let error = #expect(throws: PostgresError.self) { try connection.run("INSERT INTO people VALUES ($1)", ["민지@example.org"]) }
        #expect(error?.isUniqueViolation == true)
        #expect(error?.code == .uniqueViolation)
        #expect(error?.detail?.contains("(email)=(민지@example.org)") == true)
        #expect(error?.isTransactionRetryable == false)
        #expect(try connection.scalar("SELECT count(*) FROM people") as Int? == 1)
    }

    @Test func aNulInTextIsRefusedBeforeSendingRatherThanCutShort() throws {
        let connection = try TestDatabase.connection(schema: "CREATE TABLE notes (body text)")
        let error = #expect(throws: PostgresError.self) { try connection.run("INSERT INTO notes VALUES ($1)", ["before\u{0}after"]) }
        #expect(error?.code == .characterNotInRepertoire)
        #expect(try connection.scalar("SELECT count(*) FROM notes") as Int? == 0)
    }

    @Test func aServerThatCannotBeReachedOrADatabaseThatIsNotThereIsATypedError() throws {
        let cluster = try PostgresTestCluster.shared()
        let noServer = #expect(throws: PostgresError.self) {
            _ = try PostgresConnection(url: cluster.url(parameters: [("port", "1")]))
        }
        #expect(noServer?.code == .unableToConnect)
        #expect(noServer?.isConnectionLost == true)
        #expect(noServer?.message.contains(".s.PGSQL.1") == true)

        let noDatabase = #expect(throws: PostgresError.self) {
            _ = try PostgresConnection(url: cluster.url(database: "not_there"))
        }
        #expect(noDatabase?.code == .databaseDoesNotExist)

        let malformed = #expect(throws: PostgresError.self) { _ = try PostgresConnection(url: "postgresql://host?nonsense=1") }
        #expect(malformed?.code == .unableToConnect)
        #expect(malformed?.message.contains("nonsense") == true)
    }

    @Test func aClosedConnectionThrowsRatherThanCrashing() throws {
        let connection = try TestDatabase.connection()
        connection.close()
        connection.close()
        let error = #expect(throws: PostgresError.self) { _ = try connection.query("SELECT 1") }
        #expect(error?.code == .connectionDoesNotExist)
        #expect(!connection.isConnected)
    }
}

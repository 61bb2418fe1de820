import Foundation
import WishlistServer
import WishlistStore

/// `wishlist migrate-to-postgres --data DIR --database URL`: moves a stopped server's SQLite
/// database into an empty PostgreSQL database, ids and all, and checks the copy (`PostgreSQLMove`).
/// The photos stay in the data directory, which the server keeps using for them.
struct MigrateToPostgresCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "migrate-to-postgres",
            abstract: "Move a stopped server's database from its SQLite file into an empty PostgreSQL database.",
            arguments: Environment.dataOptions)
    }

    let data: DataDirectory

    init(parsing arguments: inout Arguments) throws {
        data = try Environment.data(&arguments)
        guard data.isPostgreSQL else {
            throw UsageError(
                "migrate-to-postgres needs the PostgreSQL database to move into: --database URL or $\(Environment.databaseVariable).")
        }
    }

    func run() async throws {
        guard !ServerLock.isServerRunning(on: data) else {
            throw CommandFailure("A server is running on \(data.path). Stop it first: its last writes must be in the copy.")
        }
        let started = ContinuousClock.now
        let move = PostgreSQLMove(sqlitePath: data.databasePath, url: data.databaseURL ?? "")
        let tables = try move.run { line in print(line) }
        let rows = tables.reduce(0) { $0 + $1.rows }
        print(
            """
            Moved \(data.databasePath) into \(data.databaseDescription): \(tables.count) tables, \(rows) rows, each table's \
            count and checksum the same on both (\(ContinuousClock.now - started)).
            Start the server with: wishlist serve --data \(data.path) and the same $\(Environment.databaseVariable) or --database.
            """)
    }
}

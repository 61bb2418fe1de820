import Foundation
import PostgreSQL

/// The backup of a server on PostgreSQL: the database as `pg_dump` writes it, and the media files.
extension DataSnapshot {
    /// The dump in a snapshot's folder, in `pg_dump`'s custom format.
    public static let dumpName = "wishlist.pgdump"

    /// Copies the PostgreSQL database `url` and the media files it names from `media` into
    /// `folder` while servers go on writing, as `take(databasePath:…)` does for SQLite.
    ///
    /// One snapshot is read for both: this process opens a REPEATABLE READ transaction and exports
    /// its snapshot (`pg_export_snapshot`), `pg_dump` dumps exactly that snapshot (`--snapshot`),
    /// and the files are named from it too, before the transaction ends.
    public static func take(postgresURL url: String, media: MediaLocation, into folder: String) throws -> DataSnapshot {
        let files = FileManager.default
        let store = try media.store()
        do {
            let connection = try PostgresConnection(url: url)
            defer { connection.close() }
            for _ in 0..<attempts {
                try? files.removeItem(atPath: folder)
                try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let dump = (folder as NSString).appendingPathComponent(dumpName)
                let named = try connection.transaction(.repeatableRead) { snapshot in
                    let id: String = try snapshot.scalar("SELECT pg_export_snapshot()") ?? ""
                    try PostgresClientProgram.dump.run(
                        ["--format=custom", "--no-owner", "--no-privileges", "--snapshot=\(id)", "--file=\(dump)"], url: url)
                    return try PhotoFiles.namedFiles(in: PostgresSQLConnection(connection: snapshot))
                }
                if try keep(named, from: store, in: (folder as NSString).appendingPathComponent(mediaName)) {
                    return DataSnapshot(folder: folder, mediaFiles: named)
                }
            }
            throw DataSnapshotError.changingTooFast(attempts: attempts)
        } catch {
            try? files.removeItem(atPath: folder)
            throw error
        }
    }

    /// Loads the dump at `dump` into the PostgreSQL database `url`, which must have no tables: in
    /// one transaction, so a dump that fails half-way leaves the database empty.
    public static func restore(dump: String, into url: String) throws {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        let tables: Int = try connection.scalar("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'") ?? 0
        guard tables == 0 else { throw DataSnapshotError.databaseNotEmpty(DatabaseURL.masked(url)) }
        try PostgresClientProgram.restore.run(
            ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", dump], url: url)
    }

    /// Takes out what `restore` put in the database `url` (every table and function of its
    /// `public` schema, which was empty before), when the restore is refused after all.
    public static func undoRestore(into url: String) throws {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        try connection.transaction { db in
            let tables: [String] = try db.column("SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public'")
            if !tables.isEmpty { try db.execute("DROP TABLE \(tables.joined(separator: ", ")) CASCADE") }
            let functions: [String] = try db.column(
                "SELECT p.oid::regprocedure::text FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace")
            if !functions.isEmpty { try db.execute("DROP FUNCTION \(functions.joined(separator: ", ")) CASCADE") }
        }
    }

    /// Checks a restored PostgreSQL backup: the store opens on it (its schema is one this release
    /// migrates), and every media file it names is under `mediaPath`, each original with the
    /// bytes its digest names. Answers the number of media files.
    public static func verify(postgresURL url: String, mediaPath: String) throws -> Int {
        let store = try Store(url: url, sqlitePath: "", connectionCount: 1)
        defer { try? store.close() }
        return try verifyFiles(try store.database.read { try PhotoFiles.namedFiles(in: $0) }, in: mediaPath)
    }
}

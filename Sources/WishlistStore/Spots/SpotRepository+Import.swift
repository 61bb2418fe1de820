import Foundation
import SQLite
import WishlistCore

extension SpotRepository {
    /// Imports the release bundled with the app when it differs from the one last bundled (at the
    /// first start, and after an update that brings a new file); nil when it is the same.
    /// A newer release imported by hand (`importFile`) stays until the bundled file changes.
    @discardableResult
    public func importBundledIfNeeded() throws -> SpotImportReport? {
        guard try bundledImportNeeded(), let file = SpotCatalog.bundledFile, let aliasFile = SpotCatalog.bundledAliases
        else { return nil }
        let report = try replace(
            with: try Data(contentsOf: file), aliases: String(contentsOf: aliasFile, encoding: .utf8), bundled: true)
        // The import's pages are of no use to an idle server.
        pool.releaseWriterCache()
        return report
    }

    /// Whether the release bundled with the app differs from the one last bundled, so that
    /// `importBundledIfNeeded` would import it: 64 bytes read, the file itself not.
    public func bundledImportNeeded() throws -> Bool {
        guard SpotCatalog.bundledFile != nil, SpotCatalog.bundledAliases != nil,
            let bundledDigest = SpotCatalog.bundledDigest
        else {
            throw SpotImportError.unreadable("The bundled K-culture spots are missing from the app's resources.")
        }
        let imported = try pool.read { db -> String? in
            try db.scalar("SELECT digest FROM spot_imports WHERE name = 'bundled'")
        }
        return imported != bundledDigest
    }

    /// Imports a release of the data set (gzip or plain CSV), replacing the spots when it is not
    /// the one already imported. Spots keep their ids, and wishes made from them their link.
    public func importFile(_ data: Data, aliases: String? = nil) throws -> SpotImportReport {
        let aliasText = try aliases ?? SpotCatalog.bundledAliases.map { try String(contentsOf: $0, encoding: .utf8) } ?? ""
        return try replace(with: data, aliases: aliasText, bundled: false)
    }

    /// Replaces the spots with the release in `data` unless it is the one imported; the file is
    /// read and cleaned before the writer is taken, and only when it is new.
    private func replace(with data: Data, aliases aliasText: String, bundled: Bool) throws -> SpotImportReport {
        let digest = SpotCatalog.digest(of: data)
        let imported = try pool.read { db -> String? in try db.scalar("SELECT digest FROM spot_imports WHERE name = 'data'") }
        let parsed = imported == digest ? nil : try SpotRelease(file: data)
        let aliases = SpotCatalog.aliases(aliasText)
        return try pool.write { db in
            let current: String? = try db.scalar("SELECT digest FROM spot_imports WHERE name = 'data'")
            for name in bundled ? ["data", "bundled"] : ["data"] {
                try db.run(
                    "INSERT INTO spot_imports (name, digest) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET digest = excluded.digest",
                    [name, digest])
            }
            guard current != digest else { return SpotImportReport(unchanged: true) }
            // Another import replaced the release between the read and the write (rare): read it now.
            let release = try parsed ?? SpotRelease(file: data)
            let report = release.catalog.report
            try db.execute(
                """
                INSERT INTO spot_search (spot_search) VALUES ('delete-all');
                INSERT INTO spot_title_search (spot_title_search) VALUES ('delete-all');
                DELETE FROM spot_cells;
                DELETE FROM spots;
                DELETE FROM spot_titles;
                -- A bulk load: the indexes merge their segments once at the end instead of as rows
                -- come, and keep the load in memory until then, so that the release is written as
                -- one segment with nothing left to merge (a merge was a tenth of the import).
                INSERT INTO spot_search (spot_search, rank) VALUES ('automerge', 0);
                INSERT INTO spot_title_search (spot_title_search, rank) VALUES ('automerge', 0);
                INSERT INTO spot_search (spot_search, rank) VALUES ('hashsize', \(Self.bulkLoadHashSize));
                INSERT INTO spot_title_search (spot_title_search, rank) VALUES ('hashsize', \(Self.bulkLoadHashSize));
                """)
            var titleIDs: [String: Int64] = [:]
            for (entry, row) in zip(release.catalog.entries, release.rows) {
                let titleKey = "\(entry.type.rawValue)\u{0}\(entry.title)"
                let titleID: Int64
                if let known = titleIDs[titleKey] {
                    titleID = known
                } else {
                    let names = aliases[entry.title] ?? []
                    try db.run(
                        "INSERT INTO spot_titles (type, title, aliases, spot_count) VALUES (?, ?, ?, 0)",
                        [entry.type.rawValue, entry.title, try TagsColumn.text(of: names)])
                    titleID = db.lastInsertRowID
                    titleIDs[titleKey] = titleID
                    try db.run(
                        "INSERT INTO spot_title_search (rowid, grams) VALUES (?, ?)",
                        [titleID, Self.searchDocument([entry.title] + names)])
                }
                try db.run(
                    """
                    INSERT INTO spots (uuid, title_id, name, place_type, description, address, place_latitude, place_longitude)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        row.uuid, titleID, entry.name, entry.placeType, entry.description, entry.address,
                        entry.latitude, entry.longitude
                    ])
                try db.run(
                    "INSERT INTO spot_search (rowid, grams, words) VALUES (?, ?, ?)", [db.lastInsertRowID, row.grams, row.words])
            }
            try db.execute(
                """
                INSERT INTO spot_search (spot_search) VALUES ('optimize');
                INSERT INTO spot_title_search (spot_title_search) VALUES ('optimize');
                INSERT INTO spot_search (spot_search, rank) VALUES ('automerge', 4);
                INSERT INTO spot_title_search (spot_title_search, rank) VALUES ('automerge', 4);
                INSERT INTO spot_search (spot_search, rank) VALUES ('hashsize', \(Self.defaultHashSize));
                INSERT INTO spot_title_search (spot_title_search, rank) VALUES ('hashsize', \(Self.defaultHashSize));
                """)
            try db.execute("UPDATE spot_titles SET spot_count = (SELECT count(*) FROM spots WHERE title_id = spot_titles.id)")
            try PlaceLayer.spots.fill(owner: "0", db)
            return report
        }
    }

    /// A release read and cleaned, with each spot's id text and index texts made before the
    /// writer is taken, on every core.
    private struct SpotRelease {
        let catalog: SpotCatalog
        let rows: [(uuid: String, grams: String, words: String)]

        init(file data: Data) throws {
            catalog = try SpotCatalog(file: data)
            rows = catalog.entries.concurrentMap { entry in
                (entry.id.lowercasedString, searchDocument([entry.name]), entry.description + "\n" + entry.address)
            }
        }
    }

    /// The memory FTS5 may fill with a bulk load's index before writing it: the bundled release
    /// takes a few MB; a release beyond this is written in more segments, merged at the end.
    static let bulkLoadHashSize = 64 << 20
    /// FTS5's own, for the few changes after a load.
    static let defaultHashSize = 1 << 20

    /// The index text of a spot's or a title's texts: each indexed with its words joined, so that
    /// a search finds "이태원 클라쓰" whether or not it is typed with the space.
    static func searchDocument(_ texts: [String]) -> String {
        texts.map { SearchGrams.document($0, prefix: "", joiningWords: true) }.joined(separator: " ")
    }
}

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
        if case .sqlite(let pool) = database.engine { pool.releaseWriterCache() }
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
        let imported = try database.read { db -> String? in
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
    /// read and cleaned before the writer is taken, and only when it is new. On PostgreSQL the
    /// write holds `StoreLock.spots`, so that servers starting at once import it once.
    private func replace(with data: Data, aliases aliasText: String, bundled: Bool) throws -> SpotImportReport {
        let digest = SpotCatalog.digest(of: data)
        let imported = try database.read { db -> String? in try db.scalar("SELECT digest FROM spot_imports WHERE name = 'data'") }
        let parsed = imported == digest ? nil : try SpotRelease(file: data)
        let aliases = SpotCatalog.aliases(aliasText)
        return try database.write(locking: .spots) { db in
            let current: String? = try db.scalar("SELECT digest FROM spot_imports WHERE name = 'data'")
            for name in bundled ? ["data", "bundled"] : ["data"] {
                try db.run(
                    """
                    INSERT INTO spot_imports (name, digest) VALUES (:name, :digest)
                    ON CONFLICT (name) DO UPDATE SET digest = excluded.digest
                    """,
                    ["name": name, "digest": digest])
            }
            guard current != digest else { return SpotImportReport(unchanged: true) }
            // Another import replaced the release between the read and the write (rare): read it now.
            let release = try parsed ?? SpotRelease(file: data)
            let report = release.catalog.report
            // PostgreSQL's search entries go with their spots and titles (foreign keys).
            try db.sqliteDatabase?.execute(
                """
                INSERT INTO spot_search (spot_search) VALUES ('delete-all');
                INSERT INTO spot_title_search (spot_title_search) VALUES ('delete-all');
                -- A bulk load: the indexes merge their segments once at the end instead of as rows
                -- come, and keep the load in memory until then, so that the release is written as
                -- one segment with nothing left to merge (a merge was a tenth of the import).
                INSERT INTO spot_search (spot_search, rank) VALUES ('automerge', 0);
                INSERT INTO spot_title_search (spot_title_search, rank) VALUES ('automerge', 0);
                INSERT INTO spot_search (spot_search, rank) VALUES ('hashsize', \(Self.bulkLoadHashSize));
                INSERT INTO spot_title_search (spot_title_search, rank) VALUES ('hashsize', \(Self.bulkLoadHashSize));
                """)
            for table in ["spot_cells", "spots", "spot_titles"] {
                try db.run("DELETE FROM \(table)", [:])
            }
            // Each work or artist once, in the order of its first spot, then the spots: rows
            // written many to a statement where the engine wants (`insert(into:)`).
            var seen = Set<String>()
            let firstSpots = release.catalog.entries.filter { seen.insert(Self.titleKey($0)).inserted }
            let titleIDs = try Self.ids(
                try db.insert(
                    into: "spot_titles", columns: ["type", "title", "aliases", "spot_count"],
                    rows: try firstSpots.map { [$0.type.rawValue, $0.title, try TagsColumn.text(of: aliases[$0.title] ?? []), 0] },
                    returning: "id, type, title")
            ) { Self.titleKey(try $0["type"], try $0["title"]) }
            try SearchIndex.spotTitles.add(
                try firstSpots.map { entry in
                    (
                        try Self.id(of: Self.titleKey(entry), in: titleIDs),
                        Self.titleDocument([entry.title] + (aliases[entry.title] ?? []))
                    )
                }, db)
            let spotIDs = try Self.ids(
                try db.insert(
                    into: "spots",
                    columns: ["uuid", "title_id", "name", "place_type", "description", "address", "place_latitude", "place_longitude"],
                    rows: try zip(release.catalog.entries, release.rows).map { entry, row in
                        [
                            row.uuid, try Self.id(of: Self.titleKey(entry), in: titleIDs), entry.name,
                            entry.placeType, entry.description, entry.address, entry.latitude, entry.longitude
                        ]
                    },
                    returning: "id, uuid")
            ) { try $0["uuid"] }
            try SearchIndex.spots.add(try release.rows.map { (try Self.id(of: $0.uuid, in: spotIDs), $0.document) }, db)
            try db.sqliteDatabase?.execute(
                """
                INSERT INTO spot_search (spot_search) VALUES ('optimize');
                INSERT INTO spot_title_search (spot_title_search) VALUES ('optimize');
                INSERT INTO spot_search (spot_search, rank) VALUES ('automerge', 4);
                INSERT INTO spot_title_search (spot_title_search, rank) VALUES ('automerge', 4);
                INSERT INTO spot_search (spot_search, rank) VALUES ('hashsize', \(Self.defaultHashSize));
                INSERT INTO spot_title_search (spot_title_search, rank) VALUES ('hashsize', \(Self.defaultHashSize));
                """)
            try db.run("UPDATE spot_titles SET spot_count = (SELECT count(*) FROM spots WHERE title_id = spot_titles.id)", [:])
            try PlaceLayer.spots.fill(owner: "0", db)
            return report
        }
    }

    /// A work's or an artist's key among the titles: its type and title.
    private static func titleKey(_ type: String, _ title: String) -> String {
        "\(type)\u{0}\(title)"
    }

    private static func titleKey(_ entry: SpotCatalog.Entry) -> String {
        titleKey(entry.type.rawValue, entry.title)
    }

    /// The ids of new rows (`RETURNING id, …`) by their key.
    private static func ids(_ rows: [SQLRow], key: (SQLRow) throws -> String) throws -> [String: Int64] {
        try Dictionary(uniqueKeysWithValues: rows.map { (try key($0), try $0["id"] as Int64) })
    }

    /// The id of the new row of `key`.
    private static func id(of key: String, in ids: [String: Int64]) throws -> Int64 {
        guard let id = ids[key] else { throw StoreError.corruptValue("no id for a new row of the spots") }
        return id
    }

    /// A release read and cleaned, with each spot's id text and search entry made before the
    /// writer is taken, on every core.
    private struct SpotRelease {
        let catalog: SpotCatalog
        let rows: [(uuid: String, document: SearchDocument)]

        init(file data: Data) throws {
            catalog = try SpotCatalog(file: data)
            rows = catalog.entries.concurrentMap { entry in
                (entry.id.lowercasedString, spotDocument(entry))
            }
        }
    }

    /// The memory FTS5 may fill with a bulk load's index before writing it: the bundled release
    /// takes a few MB; a release beyond this is written in more segments, merged at the end.
    static let bulkLoadHashSize = 64 << 20
    /// FTS5's own, for the few changes after a load.
    static let defaultHashSize = 1 << 20

    /// The bigrams of a spot's or a title's texts, each indexed with its words joined, so that a
    /// search finds "이태원 클라쓰" whether or not it is typed with the space.
    static func grams(_ texts: [String]) -> [String] {
        texts.flatMap { SearchGrams.tokens($0, prefix: "", joiningWords: true) }
    }

    /// What `spot_title_search` holds for a work or artist: the bigrams of its title and aliases.
    static func titleDocument(_ texts: [String]) -> SearchDocument {
        SearchDocument(grams: grams(texts))
    }

    /// What `spot_search` holds for a spot: the bigrams of its place name, and the words of its
    /// description and address, matched by their start. FTS5 splits the words itself, in its
    /// column `words`; PostgreSQL holds them (each once) after the name's bigrams, each lexeme
    /// marked with its kind (`SpotLexeme`), so that a query asks each for its own. A place name is
    /// a few words: its positions stay far below `SearchVector.maxPosition`.
    static func spotDocument(_ entry: SpotCatalog.Entry) -> SearchDocument {
        spotDocument(name: entry.name, description: entry.description, address: entry.address)
    }

    /// ``spotDocument(_:)`` of a spot's stored columns.
    static func spotDocument(name: String, description: String, address: String) -> SearchDocument {
        SearchDocument(grams: grams([name]), text: description + "\n" + address)
    }
}

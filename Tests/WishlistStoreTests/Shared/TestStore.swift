import Foundation
import PostgreSQL
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// A store in a fresh temporary directory, removed when the test is done, with helpers to add
/// accounts: on a new SQLite file there, or on a new PostgreSQL database of the test cluster.
final class TestStore {
    let directory: URL
    let store: Store
    /// The PostgreSQL database's URL, for a test's own connections to it; nil on SQLite.
    let url: String?

    /// A new empty store on `engine`, or with `copying`, a SQLite store that starts as a copy of
    /// that database file, or with `copyingDatabase`, a PostgreSQL store that starts as a copy of
    /// the database of that URL.
    init(engine: TestEngine = .sqlite, copying template: URL? = nil, copyingDatabase database: String? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "wishlist-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appending(path: "wishlist.sqlite")
        if let template { try FileManager.default.copyItem(at: template, to: file) }
        url = engine == .postgres ? try database.map { try TestDatabase.make(copying: $0) } ?? Self.migratedDatabase() : nil
        store = try Store(url: url, sqlitePath: file.path, readerCount: 2)
    }

    /// A new PostgreSQL database with the schema made, copied from one migrated once per process.
    static func migratedDatabase() throws -> String {
        try TestDatabase.make(copyingPrepared: "migrated") { try Store(url: $0, sqlitePath: "").close() }
    }

    /// A store on `engine` holding the bundled K-culture spots, as after a first start. Their
    /// import takes a debug build two seconds of CPU, so this process imports them once per engine
    /// and each store starts from a copy of that database.
    static func withBundledSpots(engine: TestEngine = .sqlite) throws -> TestStore {
        switch engine {
        case .sqlite: try TestStore(copying: bundledSpotsTemplate.get())
        case .postgres: try TestStore(engine: .postgres, copyingDatabase: bundledSpotsDatabase.get())
        }
    }

    /// Where this process keeps that imported file; removed when the process exits.
    private static let bundledSpotsFile = FileManager.default.temporaryDirectory.appending(
        path: "wishlist-spots-template-\(getpid()).sqlite")

    private static let bundledSpotsTemplate = Result { () throws -> URL in
        let template = try TestStore()
        try template.store.spots.importBundledIfNeeded()
        try template.store.close()
        try? FileManager.default.removeItem(at: bundledSpotsFile)
        try FileManager.default.copyItem(at: template.directory.appending(path: "wishlist.sqlite"), to: bundledSpotsFile)
        atexit { try? FileManager.default.removeItem(at: TestStore.bundledSpotsFile) }
        return bundledSpotsFile
    }

    /// The PostgreSQL database of that import (the test cluster goes with the process).
    private static let bundledSpotsDatabase = Result { () throws -> String in
        let url = try TestDatabase.make()
        let store = try Store(url: url, sqlitePath: "")
        try store.spots.importBundledIfNeeded()
        try store.close()
        return url
    }

    deinit {
        try? store.close()
        try? FileManager.default.removeItem(at: directory)
        if let url { try? TestDatabase.drop(url) }
    }

    var wishes: WishRepository { store.wishes }

    /// A second store on this PostgreSQL database with one connection, and its pool, so that a
    /// test reads that connection's round trips (`PostgresConnection.roundTripCount`) around a read.
    func oneConnectionStore() throws -> (store: Store, pool: PostgresPool) {
        let url = try #require(url, "a PostgreSQL store")
        let store = try Store(url: url, sqlitePath: "", connectionCount: 1)
        guard case .postgres(let pool) = store.database.engine else {
            try store.close()
            throw StoreError.corruptValue("not a PostgreSQL store")
        }
        return (store, pool)
    }

    /// The round trips `read` takes on `pool`'s one connection.
    static func roundTrips(of read: () throws -> Void, on pool: PostgresPool) throws -> Int {
        let before = try pool.withConnection { $0.roundTripCount }
        try read()
        return try pool.withConnection { $0.roundTripCount } - before
    }

    /// The photo library of the store, its files under `media/`: what updates and deletes records.
    lazy var library: PhotoLibrary = {
        do {
            return try PhotoLibrary(store: store, folder: directory.appending(path: "media").path)
        } catch {
            fatalError("cannot make the test's photo library: \(error)")
        }
    }()
    var recentSearches: RecentSearchRepository { store.recentSearches }

    /// Adds an account (with a placeholder password hash) and answers its key.
    func addUser(_ username: String) throws -> UserKey {
        try store.users.createUser(
            username: username, passwordHash: "x", isAdmin: false, now: Date(millisecondsSince1970: 0)
        ).key
    }

    /// Creates wishes with the given names, one millisecond apart in that order (the last is newest).
    @discardableResult
    func add(_ names: [String], owner: UserKey, tags: [String] = [], startingAt start: Int64 = 1_000) throws -> [Wish] {
        try names.enumerated().map { offset, name in
            try wishes.create(
                WishDraft(name: name, tags: tags), owner: owner,
                now: Date(millisecondsSince1970: start + Int64(offset)))
        }
    }
}

import Crypto
import Foundation
import SQLite
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// Every release keeps a database its own build wrote, in `Fixtures/` (made by
/// `Fixtures/make_release_fixture.py` from the release's commit, with what that build answered for
/// every record): today's build opens each, runs the migrations written since, and reads every
/// record back through the repositories as that release answered it, on SQLite and, moved there,
/// on PostgreSQL. Fields added since may be there too; none may be lost or changed.
@Suite struct ReleaseFixtureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../Fixtures").standardized

    static var releases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter { $0.hasSuffix(".sqlite") }.map { String($0.dropLast(".sqlite".count)) }.sorted()
    }

    @Test func thereIsAFixtureOfTheFirstRelease() {
        #expect(Self.releases.contains("release-2026-11-29"))
    }

    /// With `engine` PostgreSQL, the migrated file then moves into a new PostgreSQL database
    /// (`PostgreSQLMove`, as `wishlist migrate-to-postgres` does) and is read back from there.
    @Test(arguments: releases, TestEngine.allCases)
    func todaysBuildMigratesItAndReadsEveryRecordBack(release: String, engine: TestEngine) throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "wishlist-release-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "wishlist.sqlite").path
        try FileManager.default.copyItem(atPath: Self.fixtures.appending(path: "\(release).sqlite").path, toPath: path)
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixtures.appending(path: "\(release).json")))
                as? [String: Any])
        let accounts = try #require(expected["accounts"] as? [String: [String: Any]])

        let migrated = try Store(path: path, readerCount: 1)
        try migrated.pool.read { db in
            let applied = try db.query("SELECT identifier FROM schema_migrations").map { try $0[0] as String }
            #expect(Set(applied) == Set(Schema.migrator.identifiers), "every migration ran")
            #expect(try db.scalar("PRAGMA integrity_check") == "ok")
            #expect(try db.queryFirst("PRAGMA foreign_key_check") == nil)
        }
        let store: Store
        switch engine {
        case .sqlite:
            store = migrated
        case .postgres:
            try migrated.close()
            let url = try TestDatabase.make()
            try PostgreSQLMove(sqlitePath: path, url: url).run()
            store = try Store(url: url, sqlitePath: "")
        }
        defer { try? store.close() }

        for (username, answers) in accounts.sorted(by: { $0.key < $1.key }) {
            let account = try #require(try store.users.credentials(username: username)?.account)
            let owner = account.key
            try expectContains(account.user, answers["me"], "\(username)'s account")
            let byAPIToken = try store.tokens.account(apiTokenHash: SHA256.digest(Array(try string(answers["apiToken"]).utf8)))
            #expect(byAPIToken?.account.key == owner, "\(username)'s API token")
            let tokens = try #require(answers["tokens"] as? [[String: Any]])
            let createdAt = try #require(try store.tokens.tokens(for: owner).first?.createdAt)
            let bySession = try store.sessions.account(
                sessionTokenHash: SHA256.digest(Array(try string(answers["sessionToken"]).utf8)), now: createdAt,
                idleSince: .distantPast)
            #expect(bySession?.account.key == owner, "\(username)'s session")
            try expectContains(try store.tokens.tokens(for: owner), tokens, "\(username)'s tokens")

            let wishes = try #require(answers["wishes"] as? [[String: Any]])
            let listed = try store.wishes.list(WishListQuery(limit: WishListQuery.maximumLimit), owner: owner)
            #expect(listed.nextCursor == nil)
            try expectContains(listed.items, wishes, "\(username)'s wishes, in the list's order")
            for wish in wishes {
                let id = try #require(UUID(uuidString: try string(wish["id"])))
                try expectContains(try #require(try store.wishes.get(id, owner: owner)), wish, "wish \(id)")
            }
            try expectContains(try store.wishes.tagCounts(owner: owner), answers["tags"], "\(username)'s tags")
            try expectContains(try store.recentSearches.list(owner: owner), answers["recentSearches"], "\(username)'s recent searches")
            for photo in try #require(answers["unattachedPhotos"] as? [[String: Any]]) {
                let id = try #require(UUID(uuidString: try string(photo["id"])))
                let stored = try #require(try store.photos.get(id, owner: owner))
                #expect(!stored.isAttached)
                try expectContains(stored.photo, photo, "photo \(id)")
            }
            try expectShares(answers, in: store, owner: owner, username)
        }
    }

    /// The shares of a release that had them (none before issue 29's), as the owner lists them, and
    /// the friend's reservation made through the first: its key still holds its wish, reserved by the
    /// name the friend let others see.
    private func expectShares(_ answers: [String: Any], in store: Store, owner: UserKey, _ username: String) throws {
        guard let shares = answers["shares"] as? [[String: Any]] else { return }
        let reservation = try #require(answers["reservation"] as? [String: Any])
        // Each url is the release's address then, `<origin>/s/`, and the token.
        let url = try string(shares.first?["url"])
        let linkPrefix = String(url[..<(try #require(url.range(of: "/s/"))).upperBound])
        try expectContains(try store.shares.list(owner: owner, linkPrefix: linkPrefix), shares, "\(username)'s shares")

        let token = try string(reservation["token"])
        let wish = try #require(UUID(uuidString: try string(reservation["wishId"])))
        let key = try string(reservation["key"])
        let share = try #require(try store.sharedLists.open(token: token, now: Date()))
        #expect(try store.sharedLists.check([key], in: share) == ReservationStatus(held: [.init(key: key, wishId: wish)], gone: []))
        #expect(try store.sharedLists.wish(wish, in: share, forOwner: false).1 == .reserved(by: "Aunt Mi"))
    }

    private func string(_ value: Any?) throws -> String {
        try #require(value as? String)
    }

    /// `value`, encoded as the API encodes it, has every field `expected` has, equal (fields added
    /// since may be there too); arrays have the same elements in the same order.
    private func expectContains<Value: Encodable>(_ value: Value, _ expected: Any?, _ what: String) throws {
        let found = try JSONSerialization.jsonObject(with: JSONCoding.encoder().encode(value), options: .fragmentsAllowed)
        let differences = Self.differences(found: found, expected: try #require(expected), at: "")
        #expect(differences.isEmpty, "\(what): \(differences.prefix(5).joined(separator: "; "))")
    }

    private static func differences(found: Any, expected: Any, at path: String) -> [String] {
        switch (found, expected) {
        case (let found as [String: Any], let expected as [String: Any]):
            return expected.keys.sorted().flatMap { key in
                found[key].map { differences(found: $0, expected: expected[key]!, at: "\(path).\(key)") }
                    ?? ["\(path).\(key) is missing"]
            }
        case (let found as [Any], let expected as [Any]):
            guard found.count == expected.count else { return ["\(path) has \(found.count) items, not \(expected.count)"] }
            return zip(found, expected).enumerated().flatMap { index, pair in
                differences(found: pair.0, expected: pair.1, at: "\(path)[\(index)]")
            }
        default:
            let (foundText, expectedText) = (leaf(found), leaf(expected))
            return foundText == expectedText ? [] : ["\(path) is \(foundText), not \(expectedText)"]
        }
    }

    /// A JSON value other than an object or array, written as JSON, so that numbers, booleans and
    /// null compare however JSONSerialization typed them.
    private static func leaf(_ value: Any) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
        return data.map { String(String(decoding: $0, as: UTF8.self).dropFirst().dropLast()) } ?? "\(value)"
    }
}

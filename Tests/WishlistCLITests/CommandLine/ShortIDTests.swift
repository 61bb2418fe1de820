import Foundation
import SQLite
import TestSupport
import Testing
import WishlistClient
import WishlistCore
import WishlistCurl
import WishlistServer

@testable import WishlistStore

/// A unique start of an id, 8 characters or more, stands for the whole id wherever a command takes
/// one, as git takes commits: resolved by the server among the account's own records only.
@Suite final class ShortIDTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-short-ids-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    var data: String { home.appendingPathComponent("data").path }

    /// A server in this process (so that the test can reach its store) with the accounts `names`,
    /// each signed in, and a function running the CLI as the first.
    func start(_ names: [String] = ["alice"]) async throws -> (
        application: WishlistApplication, clients: [WishlistClient], run: ([String]) async throws -> CommandRunner.Result
    ) {
        let cli = CommandRunner(home: home)
        for name in names {
            _ = try await cli.run(["user", "add", name, "--password-stdin", "--data", data], stdin: "\(name)'s password\n")
        }
        var settings = ServerSettings()
        settings.dataDirectory = data
        settings.port = 0
        settings.logger = nil
        settings.spotsSource = .none
        let application = try WishlistApplication(settings: settings)
        try application.start()
        let server = URL(string: "http://127.0.0.1:\(application.port)")!
        var clients: [WishlistClient] = []
        for name in names {
            let client = WishlistClient(baseURL: server)
            _ = try await client.signIn(username: name, password: "\(name)'s password")
            clients.append(client)
        }
        let token = try await clients[0].createToken(name: "short ids").token
        let environment = ["WISHLIST_SERVER": server.absoluteString, "WISHLIST_TOKEN": token]
        return (application, clients, { try await cli.run($0, environment: environment) })
    }

    static func short(_ id: UUID, _ length: Int = 8) -> String { String(id.uuidString.lowercased().prefix(length)) }

    @Test func everyIDArgumentTakesAUniquePrefix() async throws {
        let (application, clients, run) = try await start()
        defer { try? application.stop() }
        let alice = clients[0]
        let photo = try await alice.uploadPhotos([
            .init(filename: "canon.jpg", data: try Data(contentsOf: TestData.photo("camera/canon-40d.jpg")))
        ]).items[0]
        let kite = try await alice.createWish(WishDraft(name: "Kite", photoIDs: [photo.id]))
        let entry = try await alice.createJournalEntry(JournalDraft(title: "Flew it", date: "2026-12-01"))
        _ = try await alice.search("kite")
        let recent = try #require(try await alice.recentSearches().first)

        let shown = try await run(["wish", "show", Self.short(kite.id)])
        #expect(shown.status == 0 && shown.output.contains("Kite"), "\(shown.error)")
        #expect(try await run(["wish", "show", Self.short(kite.id, 13).uppercased()]).output.contains("Kite"), "any case")
        #expect(try await run(["wish", "fav", Self.short(kite.id)]).status == 0)
        #expect(try await alice.wish(kite.id).favorite)
        #expect(try await run(["photo", "show", Self.short(photo.id)]).output.contains(photo.id.uuidString.lowercased()))
        #expect(try await run(["journal", "show", Self.short(entry.id)]).output.contains("Flew it"))
        let mentioned = try await run(["journal", "edit", Self.short(entry.id), "--wish", Self.short(kite.id)])
        #expect(mentioned.status == 0, "\(mentioned.error)")
        #expect(try await alice.journalEntry(entry.id).wishIDs == [kite.id])
        #expect(try await run(["journal", "list", "--wish", Self.short(kite.id)]).output.contains("Flew it"))
        let added = try await run(["journal", "add", "Again", "--text", "x", "--wish", Self.short(kite.id), "--json"])
        #expect(added.status == 0, "\(added.error)")
        #expect(try JSONCoding.decoder().decode(JournalEntry.self, from: Data(added.output.utf8)).wishIDs == [kite.id])
        let edited = try await run(["wish", "edit", Self.short(kite.id), "--remove-photo", Self.short(photo.id)])
        #expect(edited.status == 0, "\(edited.error)")
        #expect(try await alice.wish(kite.id).photos.isEmpty)
        #expect(try await run(["recent", "--delete", Self.short(recent.id)]).status == 0)
        #expect(try await alice.recentSearches().isEmpty)
        #expect(try await run(["journal", "rm", Self.short(entry.id)]).status == 0)
        #expect(try await run(["wish", "rm", Self.short(kite.id)]).status == 0)
        #expect(try await alice.wishes().items.isEmpty)

        let tooShort = try await run(["wish", "show", Self.short(kite.id, 7)])
        #expect(tooShort.status == 64 && tooShort.error.contains("its first 8 characters or more"), "\(tooShort.error)")
        let gone = try await run(["wish", "show", Self.short(kite.id)])
        #expect(gone.status == 1, "no such wish is not found, as the server's 404: \(gone.error)")
        #expect(gone.error == "wishlist: There is no wish with an id starting '\(Self.short(kite.id))'.\n")
    }

    @Test func anAmbiguousPrefixListsTheCandidates() async throws {
        let (application, clients, run) = try await start()
        defer { try? application.stop() }
        let kite = try await clients[0].createWish(WishDraft(name: "Kite"))
        let tent = try await clients[0].createWish(WishDraft(name: "Tent"))
        // Two ids that share their first twelve characters, as a million ids would somewhere.
        let shared = "abcdef12-345"
        let ids = ["\(shared)6-4000-8000-000000000001", "\(shared)7-4000-8000-000000000002"]
        try application.store.pool.write { db in
            try db.run("UPDATE wishes SET uuid = ? WHERE uuid = ?", [ids[0], kite.id.uuidString.lowercased()])
            try db.run("UPDATE wishes SET uuid = ? WHERE uuid = ?", [ids[1], tent.id.uuidString.lowercased()])
        }

        let ambiguous = try await run(["wish", "show", shared])
        #expect(ambiguous.status == 64, "\(ambiguous.error)")
        #expect(ambiguous.error.hasPrefix("wishlist: The id '\(shared)' starts the ids of several wishes"), "\(ambiguous.error)")
        #expect(ambiguous.error.contains("\(ids[0])  Kite") && ambiguous.error.contains("\(ids[1])  Tent"), "\(ambiguous.error)")
        #expect(try await run(["wish", "show", ids[1]]).output.contains("Tent"))
        #expect(try await run(["wish", "show", shared + "6"]).output.contains("Kite"), "long enough to be unique")
    }

    @Test func onlyTheAccountsOwnRecordsAnswer() async throws {
        let (application, clients, run) = try await start(["alice", "bob"])
        defer { try? application.stop() }
        let (alice, bob) = (clients[0], clients[1])
        let bobs = try await bob.createWish(WishDraft(name: "Bob's secret"))
        let prefix = Self.short(bobs.id)
        #expect(try await bob.ids(prefix: prefix).map(\.id) == [bobs.id])
        #expect(try await bob.ids(prefix: prefix).first?.name == "Bob's secret")
        #expect(try await alice.ids(prefix: prefix).isEmpty)
        #expect(try await alice.ids(prefix: String(prefix.prefix(1))).allSatisfy { $0.id != bobs.id })
        let asAlice = try await run(["wish", "show", prefix])
        #expect(asAlice.status == 1 && !asAlice.error.contains("secret"), "\(asAlice.error)")

        for query in ["", "prefix=", "prefix=xyz", "prefix=\(String(repeating: "a", count: 37))", "prefix=ab&type=car"] {
            let answer = try await alice.send("GET", "/api/v1/ids?\(query)")
            #expect(answer.status == 400, "\(query): \(answer.status)")
        }
        let signedOut = try await WishlistClient(baseURL: alice.baseURL).send("GET", "/api/v1/ids?prefix=ab")
        #expect(signedOut.status == 401)
    }

    /// At a million wishes a prefix must not be looked for among them all: each kind's lookup is a
    /// range of its table's unique index on the id, as SQLite plans it.
    @Test func eachLookupIsARangeOfTheIndexOnIDs() async throws {
        let (application, _, _) = try await start()
        defer { try? application.stop() }
        for kind in IDMatch.Kind.allCases {
            let (sql, arguments) = IDLookup.query(kind, owner: UserKey(1))
            let plan = try application.store.database.read { db in
                try db.query("EXPLAIN QUERY PLAN " + sql, IDLookup.range("abcdef12") + arguments)
                    .map { row -> String in try row["detail"] }
            }
            #expect(plan.contains { $0.contains("USING INDEX") && $0.contains("uuid>? AND uuid<?") }, "\(kind): \(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN") && !$0.contains("USING INDEX") }, "\(kind): \(plan)")
        }
    }
}

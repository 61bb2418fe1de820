import Foundation
import HTTPServer
import TestSupport
import Testing
import WishlistClient
import WishlistCore
import WishlistStore

@testable import WishlistServer

/// One person's data is invisible to every other account (X1, issue 15), checked from the
/// router's own list of routes: every route whose path takes an id is called by Bob, with each of
/// its methods and a request that works for Alice, on a record Alice just made. The answer is a
/// JSON 404, exactly like an id that does not exist, never 403 and never Alice's data, and Alice's
/// record reads back the same afterwards. A route added later with an id in its path fails
/// `everyRouteWithAnIdKnowsHowToMakeItsRecord` until `cases` says how to make its record.
@Suite struct IsolationMatrixTests {
    /// What Bob sends: a body and `If-Match` that would make the request succeed for Alice.
    struct Probe: Sendable {
        var body: String?
        /// Sends `If-Match` with the record's current version.
        var ifMatch = false
    }

    /// A record Alice made for one probe.
    struct Record: Sendable {
        /// The route's path with the record's id in it.
        let path: String
        /// The version a write must name in `If-Match`.
        var version: Int?
        /// All Alice can see of the record and of what a request on it could change, read as Alice.
        let readBack: @Sendable () async throws -> Data
        /// Text that is Alice's own (ids, names) and must never be in Bob's answer.
        let secrets: [String]
    }

    enum Expectation: Sendable {
        /// The id names Alice's record: 404 with a JSON error.
        case notFound
        /// The id names something every account may use (a GIF of Giphy, a spot of the shared
        /// catalogue): Bob's request succeeds on his own records, which `check` shows; Alice's stay as they were.
        case bobsOwn(@Sendable (World, _ method: HTTPMethod, _ path: String, HTTPAnswer) async throws -> Void)
    }

    /// How to make Alice's record for a route pattern, and what to send on each of its methods.
    struct Case: Sendable {
        let make: @Sendable (World) async throws -> Record
        let probes: [HTTPMethod: Probe]
        var expectation = Expectation.notFound
    }

    /// Routes with an id in the path that name no account's record, with the reason.
    static let notAccountRecords: [String: String] = [
        "/static/{version}/{path...}": "the web app's own files, the same for everyone",
        "/vendor/leaflet/{path...}": "the map library's files, the same for everyone",
        // A shared list's routes are reached by its link's token, whoever holds it (X7, X8;
        // SharingAPITests checks that a dead token, or a wish or photo not in the share, is 404).
        "/s/{token}": "a shared list's page, by its link",
        "/s/{token}/media/{photoId}/{size}": "a shared list's photo, by its link",
        "/api/v1/shared/{token}": "a shared list, by its link",
        "/api/v1/shared/{token}/wishes/{id}": "a shared list's wish, by its link",
        "/api/v1/shared/{token}/wishes/{id}/reservation": "a reservation through a shared list's link",
        "/api/v1/shared/{token}/reservations/check": "a friend's reservations, by the list's link and their keys"
    ]

    /// Every signed-in or administrators' route with an id in its path: how Alice's record is made, and Bob's probes.
    static let cases: [String: Case] = [
        "/api/v1/wishes/{id}": Case(
            make: { world in try await world.wishRecord { "/api/v1/wishes/\($0.id.apiText)" } },
            probes: [.GET: Probe(), .PATCH: Probe(body: #"{"name":"Renamed","tags":["moved"]}"#, ifMatch: true), .DELETE: Probe()]),
        "/api/v1/wishes/{id}/favorite": Case(
            make: { world in try await world.wishRecord { "/api/v1/wishes/\($0.id.apiText)/favorite" } },
            probes: [.PUT: Probe(), .DELETE: Probe()]),
        "/api/v1/wishes/{id}/journal": Case(
            make: { world in
                let wish = try await world.aliceWish()
                _ = try await world.aliceEntry(mentioning: [wish.id])
                let path = "/api/v1/wishes/\(wish.id.apiText)/journal"
                return Record(path: path, readBack: world.aliceReads([path]), secrets: [wish.id.apiText, World.aliceMarker])
            },
            probes: [.GET: Probe()]),
        "/api/v1/wishes/{id}/link/refresh": Case(
            make: { world in
                let wish = try await world.aliceWish()
                let path = "/api/v1/wishes/\(wish.id.apiText)"
                let reads = world.aliceReads([path, path + "/journal"])
                // The shop's request count shows Bob's refresh fetched nothing on Alice's behalf.
                return Record(
                    path: path + "/link/refresh",
                    readBack: { try await reads() + Data("shop:\(world.shop.requests.count)".utf8) },
                    secrets: [wish.id.apiText, World.aliceMarker])
            },
            probes: [.POST: Probe()]),
        "/api/v1/journal/{id}": Case(
            make: { world in try await world.entryRecord { "/api/v1/journal/\($0.id.apiText)" } },
            probes: [.GET: Probe(), .PATCH: Probe(body: #"{"title":"Renamed","hearted":false}"#, ifMatch: true), .DELETE: Probe()]),
        "/api/v1/journal/{id}/heart": Case(
            make: { world in try await world.entryRecord { "/api/v1/journal/\($0.id.apiText)/heart" } },
            probes: [.PUT: Probe(), .DELETE: Probe()]),
        "/api/v1/photos/{id}": Case(
            make: { world in try await world.photoRecord { "/api/v1/photos/\($0)" } },
            probes: [.GET: Probe(), .DELETE: Probe()]),
        "/api/v1/photos/{id}/edit": Case(
            make: { world in try await world.photoRecord { "/api/v1/photos/\($0)/edit" } },
            probes: [.PUT: Probe(body: #"{"crop":null,"rotate":90}"#), .DELETE: Probe()]),
        "/media/{id}/{size}": Case(
            make: { world in try await world.photoRecord { "/media/\($0)/medium" } },
            probes: [.GET: Probe()]),
        "/api/v1/tokens/{id}": Case(
            make: { world in
                let token = try await world.alice.createToken(name: "Alice's \(World.aliceMarker) script")
                return Record(
                    path: "/api/v1/tokens/\(token.id.apiText)", readBack: world.aliceReads(["/api/v1/tokens"]),
                    secrets: [token.id.apiText, token.token, World.aliceMarker])
            },
            probes: [.DELETE: Probe()]),
        "/api/v1/sessions/{id}": Case(
            make: { world in
                let phone = world.server.client()
                _ = try await phone.send(
                    "POST", "/api/v1/sessions", body: Data(#"{"username":"alice","password":"\#(TestServer.adminPassword)"}"#.utf8),
                    headers: ["User-Agent": "Alice's phone \(World.aliceMarker)"])
                let session = try #require(try await world.alice.sessions().first { !$0.current })
                return Record(
                    path: "/api/v1/sessions/\(session.id.apiText)",
                    readBack: { try await world.aliceReads(["/api/v1/sessions"])() + Data("phone:\(try await phone.me().id)".utf8) },
                    secrets: [session.id.apiText, World.aliceMarker])
            },
            probes: [.DELETE: Probe()]),
        "/api/v1/recent-searches/{id}": Case(
            make: { world in
                let query = "\(World.aliceMarker) \(UUID().uuidString.prefix(8))"
                _ = try await world.alice.search(query)
                let recent = try #require(try await world.alice.recentSearches().first { $0.query == query })
                return Record(
                    path: "/api/v1/recent-searches/\(recent.id.apiText)", readBack: world.aliceReads(["/api/v1/recent-searches"]),
                    secrets: [recent.id.apiText, World.aliceMarker])
            },
            probes: [.DELETE: Probe()]),
        "/api/v1/gifs/favorites/{gifId}": Case(
            make: { world in
                let gif = try world.nextGif()
                _ = try await world.alice.favoriteGif(gif)
                // Bob acts later, so that a favorite of Alice's shown to him would show by its time.
                world.server.clock.advance(by: 60)
                return Record(
                    path: "/api/v1/gifs/favorites/\(gif.id)", readBack: world.aliceReads(["/api/v1/gifs/favorites"]), secrets: [])
            },
            probes: [.PUT: Probe(), .DELETE: Probe()],
            expectation: .bobsOwn { world, method, path, answer in
                let gifID = path.split(separator: "/").last.map(String.init) ?? ""
                let bobs = try await world.bob.favoriteGifs()
                if method == .PUT {
                    #expect(answer.status == 200, "Bob favorites the GIF himself")
                    let favorite = try JSONCoding.decoder().decode(FavoriteGif.self, from: answer.body)
                    #expect(favorite.favoritedAt == world.server.clock.now, "Bob's favorite, not Alice's")
                    #expect(bobs.map(\.id).contains(gifID))
                } else {
                    #expect(answer.status == 204, "unfavoriting what Bob never favorited is a no-op")
                    #expect(!bobs.map(\.id).contains(gifID))
                }
            }),
        "/api/v1/gifs/{gifId}/wish": Case(
            make: { world in
                let gif = try world.nextGif()
                let wish = try await world.alice.saveGifAsWish(gif.id)
                return Record(
                    path: "/api/v1/gifs/\(gif.id)/wish", readBack: world.aliceReads(["/api/v1/wishes?sort=oldest&limit=100"]),
                    secrets: [wish.id.apiText] + wish.photos.map(\.id.apiText))
            },
            probes: [.POST: Probe()],
            expectation: .bobsOwn { world, _, _, answer in
                #expect(answer.status == 201, "Bob makes his own wish from the GIF")
                let wish = try JSONCoding.decoder().decode(Wish.self, from: answer.body)
                #expect(try await world.bob.wish(wish.id).id == wish.id)
                #expect(try await world.alice.send("GET", "/api/v1/wishes/\(wish.id.apiText)").status == 404)
            }),
        "/api/v1/spots/{id}": Case(
            make: { world in try await world.spotRecord { "/api/v1/spots/\($0)" } },
            probes: [.GET: Probe()],
            expectation: .bobsOwn { _, _, _, answer in
                #expect(answer.status == 200)
                let spot = try JSONCoding.decoder().decode(Spot.self, from: answer.body)
                #expect(spot.wishId == nil, "Bob never saved this spot; Alice's wish is not his")
            }),
        "/api/v1/spots/{id}/wish": Case(
            make: { world in try await world.spotRecord { "/api/v1/spots/\($0)/wish" } },
            probes: [.POST: Probe()],
            expectation: .bobsOwn { world, _, _, answer in
                #expect(answer.status == 201, "a new wish of Bob's, not Alice's (which would answer 200)")
                let wish = try JSONCoding.decoder().decode(Wish.self, from: answer.body)
                #expect(try await world.bob.wish(wish.id).id == wish.id)
            }),
        "/api/v1/shares/{id}": Case(
            make: { world in try await world.shareRecord { "/api/v1/shares/\($0.id.apiText)" } },
            probes: [.GET: Probe(), .PATCH: Probe(body: #"{"title":"Renamed","showPlaces":true}"#), .DELETE: Probe()]),
        "/api/v1/shares/{id}/rotate": Case(
            make: { world in try await world.shareRecord { "/api/v1/shares/\($0.id.apiText)/rotate" } },
            probes: [.POST: Probe()]),
        "/api/v1/admin/accounts/{username}/disable": adminCase("disable"),
        "/api/v1/admin/accounts/{username}/enable": adminCase("enable"),
        "/api/v1/admin/accounts/{username}/reset-password": adminCase("reset-password")
    ]

    /// An administrators' route on an account Alice (the administrator) made for it: to Bob the
    /// route does not exist, and the account is as it was.
    static func adminCase(_ action: String) -> Case {
        Case(
            make: { world in
                let username = "\(World.aliceMarker)\(UUID().uuidString.prefix(8).lowercased())"
                try AccountAdministration(store: world.server.application.store, passwordCost: .minimum)
                    .addUser(username: username, password: TestServer.adminPassword, isAdmin: false)
                if action == "enable" { try await world.alice.disableAccount(username) }
                return Record(
                    path: "/api/v1/admin/accounts/\(username)/\(action)", readBack: world.aliceReads(["/api/v1/admin/accounts"]),
                    secrets: [username, World.aliceMarker])
            },
            probes: [.POST: Probe()])
    }

    /// The routes of the running server.
    static func routes(of world: World) throws -> [(method: HTTPMethod, pattern: String, group: String?)] {
        try RouteAccessTests.routes(of: world.server)
    }

    @Test func everyRouteWithAnIdKnowsHowToMakeItsRecord() async throws {
        let world = try await World()
        let routes = try Self.routes(of: world).filter { $0.pattern.contains("{") }
        for route in routes {
            let name = "\(route.method.rawValue) \(route.pattern)"
            if route.group == RouteGroup<Void>.anyoneName {
                #expect(Self.notAccountRecords[route.pattern] != nil, "\(name) is open to anyone: say why it names no account's record")
                continue
            }
            let known = Self.cases[route.pattern]
            #expect(known != nil, "\(name) takes an id: add to IsolationMatrixTests.cases how Alice makes its record")
            #expect(known?.probes[route.method] != nil, "\(name): add a probe for this method to IsolationMatrixTests.cases")
        }
        let existing = Set(routes.map { "\($0.method.rawValue) \($0.pattern)" })
        for (pattern, known) in Self.cases {
            for method in known.probes.keys {
                #expect(
                    existing.contains("\(method.rawValue) \(pattern)"),
                    "IsolationMatrixTests.cases has \(method.rawValue) \(pattern), which no longer exists")
            }
        }
        #expect(Set(Self.notAccountRecords.keys).isSubset(of: Set(routes.map(\.pattern))))
    }

    @Test func bobGetsNotFoundForEveryRouteOnAlicesRecords() async throws {
        let world = try await World()
        let routes = try Self.routes(of: world).filter { $0.pattern.contains("{") && $0.group != RouteGroup<Void>.anyoneName }
        var covered = 0
        for route in routes {
            guard let known = Self.cases[route.pattern], let probe = known.probes[route.method] else { continue }
            let name = "\(route.method.rawValue) \(route.pattern)"
            let record = try await known.make(world)
            let before = try await record.readBack()
            var headers: [String: String] = [:]
            if probe.ifMatch, let version = record.version { headers["If-Match"] = "\"\(version)\"" }
            let body = probe.body.map { Data($0.utf8) }

            let answer = try await world.bob.send(route.method.rawValue, record.path, body: body, headers: headers)
            let text = String(decoding: answer.body, as: UTF8.self)
            switch known.expectation {
            case .notFound:
                #expect(answer.status == 404, "\(name) as Bob: \(answer.status) \(text)")
                #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true, "\(name)")
                let error = try? JSONCoding.decoder().decode(ErrorBody.self, from: answer.body)
                #expect(error?.error.code.isEmpty == false, "\(name) answers a JSON error: \(text)")
            case .bobsOwn(let check):
                try await check(world, route.method, record.path, answer)
            }
            for secret in record.secrets {
                #expect(!text.contains(secret), "\(name) as Bob shows Alice's \(secret)")
            }
            #expect(try await record.readBack() == before, "\(name) as Bob changed Alice's record")

            // The same request succeeds for Alice: the probe was one that works, so the 404 was isolation's.
            let alices = try await world.alice.send(route.method.rawValue, record.path, body: body, headers: headers)
            #expect(
                (200..<300).contains(alices.status), "\(name) as Alice: \(alices.status) \(String(decoding: alices.body, as: UTF8.self))")
            covered += 1
        }
        #expect(covered == routes.count, "every signed-in route with an id was probed")
        #expect(covered >= 20)
        print("Isolation matrix: \(covered) (route × method) pairs of \(Set(routes.map { $0.pattern }).count) patterns probed")
    }

    /// The JSON error every refusal carries.
    struct ErrorBody: Decodable {
        struct Detail: Decodable {
            let code: String
            let message: String
        }
        let error: Detail
    }
}

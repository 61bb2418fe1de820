import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// The places of wishes and journal entries answer alike on both engines: the same records, moves
/// and deletes written to a SQLite and a PostgreSQL store give equal near-me pages (order,
/// distances, every page to the end), markers and clusters at every zoom, and grids of cell counts
/// that equal each other to the last bit and a recount through `PlaceGrid`.
@Suite struct PlacesEngineTests {
    /// The two layers of placed records an account has.
    private enum Layer: CaseIterable {
        case wishes
        case journal

        var placeLayer: PlaceLayer { self == .wishes ? .wishes : .journal }
    }

    /// One change, written to both stores in the same order. Records are named uniquely, so the
    /// stores' answers compare by name whatever ids each gave them.
    private enum Step {
        case addUser(String)
        case create(Layer, String, owner: String, Place?)
        case move(Layer, String, owner: String, Place?)
        case delete(Layer, String, owner: String)
        case deleteUser(String)
    }

    /// A store written by the steps, with the names of its records by id.
    private final class World {
        let test: TestStore
        private(set) var users: [String: UserKey] = [:]
        private var ids: [String: UUID] = [:]
        private(set) var names: [UUID: String] = [:]

        init(_ engine: TestEngine, _ steps: [Step]) throws {
            test = try TestStore(engine: engine)
            for step in steps { try apply(step) }
        }

        private func apply(_ step: Step) throws {
            let day = "2026-08-01"
            switch step {
            case .addUser(let name):
                users[name] = try test.addUser(name)
            case .create(let layer, let name, let owner, let place):
                let owner = try #require(users[owner])
                let id =
                    switch layer {
                    case .wishes: try test.wishes.create(WishDraft(name: name, place: place), owner: owner).id
                    case .journal: try test.store.journal.create(JournalDraft(title: name, date: day, place: place), owner: owner).id
                    }
                ids[name] = id
                names[id] = name
            case .move(let layer, let name, let owner, let place):
                let (owner, id) = (try #require(users[owner]), try #require(ids[name]))
                switch layer {
                case .wishes:
                    _ = try test.library.update(\.wishes, id, owner: owner, with: WishPatch(place: place.map { .set($0) } ?? .clear))
                case .journal:
                    _ = try test.library.update(\.journal, id, owner: owner, with: JournalPatch(place: place.map { .set($0) } ?? .clear))
                }
            case .delete(let layer, let name, let owner):
                let (owner, id) = (try #require(users[owner]), try #require(ids[name]))
                switch layer {
                case .wishes: try test.library.delete(\.wishes, id, owner: owner)
                case .journal: try test.library.delete(\.journal, id, owner: owner)
                }
            case .deleteUser(let name):
                try test.store.users.deleteUser(username: name)
            }
        }

        /// Every page of near me around `query`'s point: each record's name and distance.
        func nearPages(_ layer: Layer, _ query: NearQuery, owner: String) throws -> [[String]] {
            let owner = try #require(users[owner])
            var (query, pages) = (query, [[String]]())
            while true {
                var items: [String]
                var next: String?
                switch layer {
                case .wishes:
                    let page = try test.wishes.near(query, owner: owner)
                    (items, next) = (page.items.map { "\($0.wish.name) \($0.distanceMeters)" }, page.nextCursor)
                case .journal:
                    let page = try test.store.journal.near(query, owner: owner)
                    (items, next) = (page.items.map { "\($0.entry.title) \($0.distanceMeters)" }, page.nextCursor)
                }
                pages.append(items)
                guard let next else { return pages }
                query.cursor = next
            }
        }

        /// The markers in `box`, by name and in a fixed order, and the clusters.
        func markers(_ layer: Layer, in box: BoundingBox, zoom: Int, owner: String) throws
            -> (markers: [String], clusters: [MapMarkers.Cluster])
        {
            let owner = try #require(users[owner])
            let answer =
                switch layer {
                case .wishes: try test.wishes.markers(in: box, zoom: zoom, owner: owner)
                case .journal: try test.store.journal.markers(in: box, zoom: zoom, owner: owner)
                }
            let markers = answer.markers.map { "\(names[$0.id] ?? "?") \($0.latitude) \($0.longitude)" }.sorted()
            return (markers, answer.clusters)
        }
    }

    /// A number in 0..<1 that looks random and is the same in every run.
    private static func noise(_ index: Int, _ salt: Int) -> Double {
        let value = sin(Double(index) * 12.9898 + Double(salt) * 78.233) * 43_758.5453
        return value - value.rounded(.down)
    }

    private static func place(_ latitude: Double, _ longitude: Double) -> Place {
        Place(name: "Here", latitude: latitude, longitude: longitude, source: .manual)
    }

    /// Points spread over a square of `size` degrees around a centre: a dense area when small.
    private static func area(_ count: Int, around center: (Double, Double), size: Double, salt: Int) -> [Place] {
        (0..<count).map { index in
            place(
                min(90, max(-90, center.0 + (noise(index, salt) - 0.5) * size)),
                min(180, max(-180, center.1 + (noise(index, salt + 1) - 0.5) * size)))
        }
    }

    /// Points on the grid's edges and the world's: the poles, the antimeridian from both sides,
    /// cell boundaries of every level, and numbers a hair from them.
    private static let edges: [Place] = [
        place(90, 0), place(-90, 0), place(90, 180), place(-90, -180), place(0, 180), place(0, -180),
        place(89.9999, 45), place(-89.9999, -45), place(-16.5, 179.9999), place(-16.5, -179.9999),
        place(0, 0), place(45, 90), place(-45, -90), place(22.5, 11.25), place(45, 179.999_999_999_999_97),
        place(37.5, 126.5625), place(37.499_999_999_999_99, 126.562_499_999_999_99), place(1e-12, -1e-12)
    ]

    /// Every step: accounts with dense and sparse areas of wishes and entries, the edges, then
    /// moves (some to no place, some from none), deletes, and a deleted account.
    private static let steps: [Step] = {
        var steps: [Step] = ["alice", "bob", "carol", "dave"].map(Step.addUser)
        var placed: [(Layer, String, String)] = []
        func create(_ layer: Layer, _ owner: String, _ places: [Place?], _ prefix: String) {
            for (index, place) in places.enumerated() {
                let name = "\(owner) \(layer) \(prefix) \(index)"
                steps.append(.create(layer, name, owner: owner, place))
                placed.append((layer, name, owner))
            }
        }
        let seoul = (37.55, 126.98)
        let busan = (35.18, 129.08)
        create(.wishes, "alice", area(450, around: seoul, size: 0.05, salt: 1), "seoul")
        create(.wishes, "alice", area(80, around: (0, 0), size: 170, salt: 3), "world")
        create(.wishes, "alice", edges, "edge")
        create(.wishes, "alice", Array(repeating: nil, count: 10), "nowhere")
        create(.journal, "alice", area(420, around: busan, size: 0.04, salt: 5), "busan")
        create(.journal, "alice", area(40, around: (-17, 179.5), size: 3, salt: 7), "fiji")
        create(.journal, "alice", edges, "edge")
        create(.wishes, "bob", area(60, around: seoul, size: 0.05, salt: 9), "seoul")
        create(.wishes, "bob", area(30, around: (60, -100), size: 60, salt: 11), "north")
        create(.journal, "bob", area(30, around: (85, 0), size: 10, salt: 13), "arctic")
        create(.wishes, "carol", area(40, around: seoul, size: 0.05, salt: 15), "seoul")
        create(.journal, "carol", area(20, around: busan, size: 0.04, salt: 17), "busan")
        create(.wishes, "dave", Array(repeating: nil, count: 3), "nowhere")
        for (index, (layer, name, owner)) in placed.enumerated() where owner != "dave" {
            if index % 7 == 3 {
                steps.append(.move(layer, name, owner: owner, area(1, around: seoul, size: 0.2, salt: index).first))
            } else if index % 13 == 5 {
                steps.append(.move(layer, name, owner: owner, nil))
            } else if index % 11 == 2 {
                steps.append(.delete(layer, name, owner: owner))
            } else if name.contains("nowhere") {
                steps.append(.move(layer, name, owner: owner, area(1, around: busan, size: 1, salt: index).first))
            }
        }
        steps.append(.deleteUser("carol"))
        return steps
    }()

    @Test func placesAnswerAlikeOnBothEngines() throws {
        let (sqlite, postgres) = (try World(.sqlite, Self.steps), try World(.postgres, Self.steps))
        for layer in Layer.allCases {
            try expectEqualCells(layer, sqlite, postgres)
            try expectEqualNearPages(layer, sqlite, postgres)
            try expectEqualMarkers(layer, sqlite, postgres)
        }
        let seoul = try BoundingBox(minLongitude: 126.9, minLatitude: 37.5, maxLongitude: 127.1, maxLatitude: 37.6)
        let busan = try BoundingBox(minLongitude: 129.0, minLatitude: 35.1, maxLongitude: 129.2, maxLatitude: 35.3)
        for (layer, box) in [(Layer.wishes, seoul), (.journal, busan)] {
            let dense = try sqlite.markers(layer, in: box, zoom: 12, owner: "alice")
            #expect(dense.markers.isEmpty && dense.clusters.count > 1, "\(layer): a dense area is clustered")
        }
    }

    private func expectEqualCells(_ layer: Layer, _ sqlite: World, _ postgres: World) throws {
        let stored = try PlaceCellRow.stored(layer.placeLayer, in: sqlite.test.store)
        #expect(try PlaceCellRow.stored(layer.placeLayer, in: postgres.test.store) == stored, "\(layer)")
        #expect(PlaceCellRow.sameCounts(stored, try PlaceCellRow.recounted(layer.placeLayer, in: sqlite.test.store)), "\(layer)")
        #expect(Set(stored.map(\.owner)) == ["alice", "bob"], "\(layer): carol's went with her account")
    }

    private func expectEqualNearPages(_ layer: Layer, _ sqlite: World, _ postgres: World) throws {
        let origins = [(37.55, 126.98), (35.18, 129.08), (0.0, 0.0), (-17.0, -179.99), (89.95, 90.0), (-90.0, 0.0)]
        for owner in ["alice", "bob", "dave"] {
            for (latitude, longitude) in origins {
                for limit in [9, 50] {
                    let query = try NearQuery(latitude: latitude, longitude: longitude, limit: limit)
                    let pages = try sqlite.nearPages(layer, query, owner: owner)
                    #expect(try postgres.nearPages(layer, query, owner: owner) == pages, "\(layer) \(owner) \(query)")
                    let names = pages.joined().map { $0.split(separator: " ").dropLast().joined(separator: " ") }
                    #expect(Set(names).count == names.count, "\(layer) \(owner): each record once")
                }
            }
        }
    }

    private func expectEqualMarkers(_ layer: Layer, _ sqlite: World, _ postgres: World) throws {
        let boxes = try [
            BoundingBox(minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90),
            BoundingBox(minLongitude: 126.9, minLatitude: 37.5, maxLongitude: 127.1, maxLatitude: 37.6),
            BoundingBox(minLongitude: 129.0, minLatitude: 35.1, maxLongitude: 129.2, maxLatitude: 35.3),
            BoundingBox(minLongitude: 126.97, minLatitude: 37.54, maxLongitude: 126.99, maxLatitude: 37.56),
            BoundingBox(minLongitude: 126.975, minLatitude: 30, maxLongitude: 126.985, maxLatitude: 45),
            BoundingBox(minLongitude: 170, minLatitude: -60, maxLongitude: -170, maxLatitude: 60),
            BoundingBox(minLongitude: -180, minLatitude: 80, maxLongitude: 180, maxLatitude: 90),
            BoundingBox(minLongitude: 0, minLatitude: 0, maxLongitude: 45, maxLatitude: 45),
            BoundingBox(minLongitude: 126.5625, minLatitude: 37.5, maxLongitude: 129.375, maxLatitude: 39.375)
        ]
        for owner in ["alice", "bob", "dave"] {
            for box in boxes {
                for zoom in [0, 3, 6, 9, 12, 15, 18] {
                    let context: Comment = "\(layer) \(owner) \(box) zoom \(zoom)"
                    let expected = try sqlite.markers(layer, in: box, zoom: zoom, owner: owner)
                    let answer = try postgres.markers(layer, in: box, zoom: zoom, owner: owner)
                    #expect(answer.markers == expected.markers, context)
                    // Each engine adds the same cells' sums in its own index's order.
                    #expect(answer.clusters.map(\.count) == expected.clusters.map(\.count), context)
                    #expect(
                        zip(answer.clusters, expected.clusters).allSatisfy {
                            abs($0.latitude - $1.latitude) < 1e-9 && abs($0.longitude - $1.longitude) < 1e-9
                        }, context)
                }
            }
        }
    }
}

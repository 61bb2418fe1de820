import Foundation
import Testing
import WishlistBenchData
import WishlistCore

@testable import WishlistStore

/// Timings at a million wishes. Off by default (it writes a large database); run with
/// `WISHLIST_BENCH_DB=/path/bench.sqlite swift test --filter BenchmarkTests`. An existing file at that
/// path is reused, so the data is generated once.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["WISHLIST_BENCH_DB"] != nil))
struct BenchmarkTests {
    static let wishCount = 1_000_000

    @Test func queriesAtAMillionWishesTakeUnderTwentyMilliseconds() throws {
        let path = try #require(ProcessInfo.processInfo.environment["WISHLIST_BENCH_DB"])
        let isNew = !FileManager.default.fileExists(atPath: path)
        let store = try Store(path: path)
        defer { try? store.close() }
        let owner = UserKey(1)
        if isNew {
            try store.pool.write { db in
                for name in ["bench", "other"] {
                    try db.run(
                        "INSERT INTO users (uuid, username, password_hash, is_admin, created_at) VALUES (?, ?, 'x', 0, 0)",
                        [UUID().uuidString.lowercased(), name])
                }
            }
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                try store.wishes.generateBenchmarkData(owner: owner, count: Self.wishCount)
                try store.wishes.generateBenchmarkData(owner: UserKey(2), count: 1_000, seed: 2)
            }
            print("generated \(Self.wishCount) wishes in \(elapsed)")
            try store.pool.writeWithoutTransaction { db in try db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        print("database size: \(size / 1_000_000) MB")

        let wishes = store.wishes
        let firstPage = try wishes.list(WishListQuery(), owner: owner)
        // The groups search had before memos and sites: names and tags.
        func search(_ text: String, _ groups: Set<SearchGroup> = [.byName, .byTag]) throws -> WishSearchResult {
            try wishes.search(SearchQuery(text: text, groups: groups), owner: owner)
        }
        let secondPage = try SearchQuery(
            text: "bik", group: .byName, cursor: try search("bik", [.byName]).paging.byName?.nextCursor)
        let cases: [(String, () throws -> Int)] = [
            ("list newest, first page", { try wishes.list(WishListQuery(), owner: owner).items.count }),
            (
                "list newest, second page",
                {
                    try wishes.list(WishListQuery(cursor: firstPage.nextCursor), owner: owner).items.count
                }
            ),
            ("list by name, first page", { try wishes.list(WishListQuery(sort: .name), owner: owner).items.count }),
            ("list favorites", { try wishes.list(WishListQuery(favorite: true), owner: owner).items.count }),
            ("tag filter 'travel'", { try wishes.list(WishListQuery(tag: "travel"), owner: owner).items.count }),
            (
                "tag filter '여행', oldest",
                {
                    try wishes.list(WishListQuery(tag: "여행", sort: .oldest), owner: owner).items.count
                }
            ),
            (
                "tag filter 'travel' by name",
                {
                    try wishes.list(WishListQuery(tag: "travel", sort: .name), owner: owner).items.count
                }
            ),
            ("tag counts", { try wishes.tagCounts(owner: owner).count }),
            ("search 'bik' (names)", { try search("bik").byName.count }),
            ("search 'red bik'", { try search("red bik").byName.count }),
            ("search '가방' (2 syllables)", { try search("가방").byName.count }),
            ("search '신발' (mid-word)", { try search("신발").byName.count }),
            ("search '자전거' (3 syllables)", { try search("자전거").byName.count }),
            ("search '캠핑' (name and tag)", { try search("캠핑").byTag.count }),
            ("search 'trav' (tag)", { try search("trav").byTag.count }),
            ("search 'zzz' (nothing)", { try search("zzz").byName.count }),
            ("search 'e' (one letter)", { try search("e").byName.count }),
            ("search 'bik', second page", { try wishes.searchPage(.byName, secondPage, owner: owner).items.count }),
            ("search 'seen' (memo)", { try search("seen", [.byText]).byText.count }),
            ("search 'example' (site)", { try search("example", [.byText]).byText.count }),
            ("search 'e', every group", { try search("e", Set(SearchGroup.allCases)).byText.count })
        ]
        var slow: [String] = []
        for (name, run) in cases {
            let (median, count) = try Self.median(of: run)
            print(name.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%8.2f ms  (%d results)", median, count))
            if median >= 20 { slow.append(name) }
        }
        #expect(slow.isEmpty, "over 20 ms: \(slow)")
    }

    /// The median of 15 runs after 2 warm-up runs, in milliseconds, and the run's result count.
    private static func median(of run: () throws -> Int) throws -> (Double, Int) {
        var count = 0
        for _ in 0..<2 { count = try run() }
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<15 {
            let elapsed = try clock.measure { count = try run() }
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        return (times.sorted()[times.count / 2], count)
    }
}

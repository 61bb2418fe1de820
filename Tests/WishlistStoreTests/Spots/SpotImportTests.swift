import Foundation
import Geocoding
import Testing
import WishlistCore
import Zlib

@testable import WishlistStore

/// The import of the K-culture spots, on both engines.
@Suite struct SpotImportTests {
    /// The bundled release as CSV text.
    static func bundledCSV() throws -> String {
        let file = try #require(SpotCatalog.bundledFile)
        return String(decoding: try Gunzip.decompressIfNeeded(Data(contentsOf: file), limit: SpotCatalog.sizeLimit), as: UTF8.self)
    }

    func spotIDs(_ test: TestStore) throws -> [String: UUID] {
        var ids: [String: UUID] = [:]
        var cursor: String?
        repeat {
            let page = try test.store.spots.list(SpotQuery(limit: 100, cursor: cursor), owner: UserKey(1))
            for spot in page.items { ids["\(spot.type)|\(spot.title)|\(spot.name)|\(spot.address)"] = spot.id }
            cursor = page.nextCursor
        } while cursor != nil
        return ids
    }

    /// A start compares the digest kept beside the bundled file instead of hashing the file, so a
    /// new release must come with its digest.
    @Test func theBundledDigestIsTheBundledFiles() throws {
        let data = try Data(contentsOf: try #require(SpotCatalog.bundledFile))
        #expect(SpotCatalog.bundledDigest == SpotCatalog.digest(of: data))
    }

    @Test(arguments: TestEngine.allCases) func firstStartImportsTheBundledReleaseCleaned(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let data = try Data(contentsOf: try #require(SpotCatalog.bundledFile))
        let parsing = ContinuousClock.now
        _ = try SpotCatalog(file: data)
        print("Bundled parse: \(ContinuousClock.now - parsing)")
        let started = ContinuousClock.now
        let report = try #require(try test.store.spots.importBundledIfNeeded())
        print("Bundled import: \(report) in \(ContinuousClock.now - started)")
        #expect(report.rowsRead == 15_028)
        #expect(report.malformedRows == 0)
        #expect((30...60).contains(report.misplacedRows))
        #expect(report.duplicateRows == 15)
        #expect(report.spots == report.rowsRead - report.malformedRows - report.misplacedRows - report.duplicateRows)
        let ids = try spotIDs(test)
        #expect(ids.count == report.spots)
        #expect(try test.store.spots.titles(SpotQuery(limit: 100), owner: UserKey(1)).items.count == 100)

        // The known bad rows are gone; the same places with good coordinates stay.
        let venice = try test.store.spots.list(SpotQuery(text: "라베니체 마치에비뉴"), owner: UserKey(1)).items
        #expect(venice.allSatisfy { $0.latitude < 38 })
        let gangnam = try test.store.spots.list(SpotQuery(text: "강남역", limit: 100), owner: UserKey(1)).items
        #expect(!gangnam.isEmpty)
        #expect(gangnam.allSatisfy { $0.longitude > 126.7 })
        #expect(try test.store.spots.list(SpotQuery(text: "압구정나들목"), owner: UserKey(1)).items.isEmpty)

        // The bulk load's settings are undone: SQLite's indexes are left as FTS5 keeps them for
        // the small changes after (automerge 4, a 1 MB hash).
        for index in ["spot_search", "spot_title_search"] where engine == .sqlite {
            let settings = try test.store.pool.read { db -> [Int?] in
                try ["hashsize", "automerge"].map { try db.scalar("SELECT v FROM \(index)_config WHERE k = ?", [$0]) }
            }
            #expect(settings == [1 << 20, 4], "\(index)")
        }

        // A second start changes nothing.
        #expect(try test.store.spots.importBundledIfNeeded() == nil)
        #expect(try spotIDs(test) == ids)
    }

    @Test(arguments: TestEngine.allCases) func reimportingTheSameFileChangesNothing(engine: TestEngine) throws {
        let test = try TestStore.withBundledSpots(engine: engine)
        let before = try spotIDs(test)
        let report = try test.store.spots.importFile(Data(contentsOf: try #require(SpotCatalog.bundledFile)))
        #expect(report.unchanged)
        #expect(try spotIDs(test) == before)
    }

    @Test(arguments: TestEngine.allCases) func aNewerReleaseKeepsTheIDsOfUnchangedSpotsAndTheirWishes(engine: TestEngine) throws {
        let test = try TestStore.withBundledSpots(engine: engine)
        let owner = try test.addUser("alice")
        #expect(try test.store.spots.importBundledIfNeeded() == nil)
        let before = try spotIDs(test)
        var lines = try Self.bundledCSV().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // One row changed (its place renamed), one added.
        let changed = try #require(lines.firstIndex { $0.contains(",커피파머,") })
        lines[changed] = lines[changed].replacingOccurrences(of: ",커피파머,", with: ",커피파머 일산점,")
        lines.insert(#"artist,방탄소년단,새 카페,cafe,"새 장면, ""인용""과 함께",서울특별시 중구 세종대로 110,37.5663,126.9779"#, at: 1)
        let kept = try #require(before.first { !$0.key.contains("커피파머") })
        let wish = try test.store.spots.wish(fromSpot: kept.value, owner: owner).wish

        let report = try test.store.spots.importFile(Data(lines.joined(separator: "\n").utf8))
        #expect(!report.unchanged)
        let after = try spotIDs(test)
        #expect(after.count == before.count + 1)
        let unchanged = before.filter { !$0.key.contains("커피파머") }
        #expect(unchanged.allSatisfy { after[$0.key] == $0.value })
        #expect(after.keys.contains { $0.contains("커피파머 일산점") })
        let added = try #require(after["artist|방탄소년단|새 카페|서울특별시 중구 세종대로 110"])
        #expect(try test.store.spots.get(added, owner: owner).description == #"새 장면, "인용"과 함께"#)
        #expect(try test.store.spots.get(kept.value, owner: owner).wishId == wish.id)

        // The bundled file has not changed, so the next start keeps the newer release.
        #expect(try test.store.spots.importBundledIfNeeded() == nil)
        #expect(try spotIDs(test).count == after.count)
    }

    @Test(arguments: TestEngine.allCases) func refusesFilesThatAreNotSpots(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        #expect(throws: SpotImportError.self) { try test.store.spots.importFile(Data("name,price\nbike,3\n".utf8)) }
        #expect(throws: SpotImportError.self) { try test.store.spots.importFile(Data([0x1f, 0x8b, 8, 0, 1, 2])) }
        #expect(throws: SpotImportError.self) { try test.store.spots.importFile(Data([0xff, 0xfe, 0x00])) }
    }

    /// Two servers starting at once with different releases: one imports, then the other replaces
    /// it whole (`StoreLock.spots`), rather than both writing into one set of spots.
    @Test func twoImportsAtOnceLeaveOneReleaseOnPostgreSQL() throws {
        let test = try TestStore(engine: .postgres)
        let spots = test.store.spots
        let releases = ["단밤 포차", "Lantern Cafe"].map { name in
            "media_type,title,place_name,place_type,description,address,lat,lng\n"
                + "drama,도깨비,\(name),cafe,A scene,강원도 강릉시 주문진읍 해안로 1609,37.89,128.83\n"
        }
        let outcomes = try ConcurrentWriters.runTogether(test, holding: "spot_imports", releases) { csv in
            _ = try spots.importFile(Data(csv.utf8))
        }
        #expect(outcomes.allSatisfy { $0 == nil }, "\(outcomes)")
        #expect(try spots.list(SpotQuery(), owner: UserKey(1)).items.count == 1)
        #expect(try spots.titles(SpotQuery(), owner: UserKey(1)).items.map(\.spotCount) == [1])
    }

    @Test func everyKoreanCityOfTheGazetteerLiesInItsProvince() {
        let cities = OfflineGazetteer.shared.cities(inCountry: "KR")
        #expect(cities.count > 100)
        for city in cities {
            let province = KoreanProvince.all.first { $0.gazetteerName == city.admin }
            #expect(province?.contains(latitude: city.latitude, longitude: city.longitude) == true, "\(city.name)")
        }
    }

    @Test func namesTheProvinceOfAnAddressInLongAndShortForms() {
        #expect(KoreanProvince.named(in: "서울특별시 강남구 강남대로 396")?.gazetteerName == "Seoul")
        #expect(KoreanProvince.named(in: "경기 양주시")?.gazetteerName == "Gyeonggi-do")
        #expect(KoreanProvince.named(in: "강원특별자치도 춘천시")?.gazetteerName == "Gangwon-do")
        #expect(KoreanProvince.named(in: "전북특별자치도 전주시")?.gazetteerName == "Jeollabuk-do")
        #expect(KoreanProvince.named(in: "Tokyo") == nil)
        // Decomposed Hangul (as a Mac may write it) and a leading ideographic space name it too.
        #expect(KoreanProvince.named(in: "부산광역시 해운대구".decomposedStringWithCanonicalMapping)?.gazetteerName == "Busan")
        #expect(KoreanProvince.named(in: "\u{3000}제주특별자치도 제주시")?.gazetteerName == "Jeju-do")
    }
}

@Suite struct CSVParserTests {
    @Test func readsQuotedFieldsWithCommasLineBreaksAndQuotes() {
        let text = "\u{FEFF}a,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\nthere\"\n\n2,,\n"
        #expect(CSVParser.records(text) == [["a", "b", "c"], ["1", "x, y", "say \"hi\"\nthere"], ["2", "", ""]])
    }

    @Test func keepsALastRecordWithoutLineBreak() {
        #expect(CSVParser.records("a,b\n1,2") == [["a", "b"], ["1", "2"]])
        #expect(CSVParser.records("\"unterminated") == [["unterminated"]])
    }
}

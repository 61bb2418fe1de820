import Foundation
import Testing

@testable import Geocoding

/// The place index kept in a file between starts: read back, it answers as the index built from
/// libgeonames; a file that is missing, stale, damaged or made for other sources is never used,
/// and the index is built again in its place.
@Suite struct PlaceIndexCacheTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("place-index-\(UUID())").path
    var path: String { folder + "/cache/places.index" }

    /// Searches and lookups that reach every part of the index: names in both languages, later
    /// words, regions and countries, the nearest city.
    static func answers(of gazetteer: OfflineGazetteer) throws -> [String] {
        let searches = ["seoul", "전주", "san", "são paulo", "new", "x"].map { gazetteer.search($0, limit: 20) }
        let nearest = try [(37.57, 126.98), (-33.87, 151.21), (64.1, -21.9), (0, 179.99)].map { point in
            try gazetteer.reverse(latitude: point.0, longitude: point.1, language: "ko")
        }
        return [
            "\(gazetteer.cityCount) \(gazetteer.languages)", "\(searches)", "\(nearest)",
            "\(gazetteer.cities(inCountry: "kr").count)"
        ]
    }

    @Test func anIndexReadBackAnswersAsTheOneBuilt() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let built = OfflineGazetteer()
        OfflineGazetteer.prepareIndexFile(at: path)
        let written = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(written != nil)
        let read = OfflineGazetteer(indexFile: path)
        #expect(try Self.answers(of: read) == Self.answers(of: built))
        // Read, not built and written again; preparing again leaves it too.
        OfflineGazetteer.prepareIndexFile(at: path)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == written)
    }

    @Test func aGazetteerWithoutTheFileBuildsTheIndexAndWritesIt() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gazetteer = OfflineGazetteer(indexFile: path)
        #expect(gazetteer.cityCount == 24_361)
        #expect(try Self.answers(of: OfflineGazetteer(indexFile: path)) == Self.answers(of: gazetteer))
    }

    @Test func aDamagedFileIsNeverUsedAndIsBuiltAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = try Self.answers(of: OfflineGazetteer())
        OfflineGazetteer.prepareIndexFile(at: path)
        let good = try #require(FileManager.default.contents(atPath: path))
        var flipped = good
        flipped[good.count / 2] ^= 0x40
        let damaged = [
            Data(), Data("not an index".utf8), good.prefix(8), good.prefix(40), good.prefix(good.count / 3),
            good.dropLast(), good + Data([0]), flipped
        ]
        for bytes in damaged {
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(try Self.answers(of: OfflineGazetteer(indexFile: path)) == expected)
            // The file was replaced by a whole one.
            #expect(FileManager.default.contents(atPath: path) == good)
        }
    }

    @Test func aFileMadeFromOtherSourcesIsNotRead() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let city = City(geonameID: "1", name: "Nowhere", region: 0, population: 1, latitude: 0, longitude: 0)
        var names = NameIndex.Builder()
        names.add(NameIndex.key("Nowhere"), city: 0, language: 0)
        let other = PlaceIndexCache.Contents(
            cities: [city], regions: [Region(adminCode: "", admin: "", countryCode: "ZZ", country: "Nowhere")],
            names: names.build())
        try PlaceIndexCache(path: path, fingerprint: "another libgeonames").write(other)
        #expect(PlaceIndexCache(path: path, fingerprint: "another libgeonames").read()?.cities.count == 1)
        let gazetteer = OfflineGazetteer(indexFile: path)
        #expect(gazetteer.cityCount == 24_361)
        #expect(gazetteer.search("nowhere").isEmpty)
    }

    @Test func entriesPointingOutsideTheTablesAreRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let city = City(geonameID: "1", name: "Ab", region: 0, population: 1, latitude: 0, longitude: 0)
        let region = Region(adminCode: "", admin: "", countryCode: "ZZ", country: "Z")
        let file = PlaceIndexCache(path: path, fingerprint: "test")
        for entry in [
            NameIndex.Entry(start: 1, city: 0, length: 2, language: 0, isLaterWord: false),  // past the keys' end
            NameIndex.Entry(start: -1, city: 0, length: 1, language: 0, isLaterWord: false),
            NameIndex.Entry(start: 0, city: 1, length: 2, language: 0, isLaterWord: false),  // no such city
            NameIndex.Entry(start: 0, city: -1, length: 2, language: 0, isLaterWord: false)
        ] {
            try file.write(.init(cities: [city], regions: [region], names: NameIndex(keys: Array("ab".utf8), entries: [entry])))
            #expect(file.read() == nil)
        }
        let noRegion = City(geonameID: "1", name: "Ab", region: 1, population: 1, latitude: 0, longitude: 0)
        try file.write(.init(cities: [noRegion], regions: [region], names: NameIndex(keys: [], entries: [])))
        #expect(file.read() == nil)
        try file.write(.init(cities: [city], regions: [region], names: NameIndex(keys: [], entries: [])))
        #expect(file.read()?.cities.count == 1)
    }

    @Test func aFolderThatCannotBeWrittenLeavesTheIndexBuiltInMemory() throws {
        let gazetteer = OfflineGazetteer(indexFile: "/proc/no-such-folder/places.index")
        #expect(gazetteer.cityCount == 24_361)
        #expect(!gazetteer.search("seoul").isEmpty)
    }
}

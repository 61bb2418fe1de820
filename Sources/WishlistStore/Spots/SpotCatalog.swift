import Crypto
import Foundation
import WishlistCore
import Zlib

/// One release of the K-culture spots data set, read and cleaned: the CSV
/// `media_type,title,place_name,place_type,description,address,lat,lng` (gzip or plain), with
/// the alias table of the titles.
///
/// Rows whose coordinates lie outside the region their address names are dropped, and rows that
/// repeat the type, title, place and address of another are merged into the first: those four
/// make the spot's id, so it stays the same across releases.
struct SpotCatalog {
    struct Entry {
        let id: UUID
        let type: SpotType
        let title: String
        let name: String
        let placeType: String
        let description: String
        let address: String
        let latitude: Double
        let longitude: Double
    }

    /// The file's columns, named in its first line.
    static let columns = ["media_type", "title", "place_name", "place_type", "description", "address", "lat", "lng"]

    /// The largest decompressed file taken (the 2022 release is 3.3 MB).
    static let sizeLimit = 64 << 20

    /// The spots, ordered by type, title, place and address.
    let entries: [Entry]
    var report: SpotImportReport

    /// The release bundled with the app, in the module's resources.
    static var bundledFile: URL? {
        Bundle.module.url(forResource: "spots.csv", withExtension: "gz", subdirectory: "Data/k-culture-spots")
    }

    /// The bundled release's SHA-256, kept beside it (a test checks it is the file's), so that a
    /// start where the spots are current reads 64 bytes instead of reading and hashing the file.
    static var bundledDigest: String? {
        Bundle.module.url(forResource: "spots.csv.gz", withExtension: "sha256", subdirectory: "Data/k-culture-spots")
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    static var bundledAliases: URL? {
        Bundle.module.url(forResource: "aliases", withExtension: "tsv", subdirectory: "Data/k-culture-spots")
    }

    /// The SHA-256 of a release file, hex: what tells whether it is the release already imported.
    static func digest(of data: Data) -> String {
        SHA256.hex(SHA256.digest(data))
    }

    init(file data: Data) throws {
        let text: Data
        do {
            text = try Gunzip.decompressIfNeeded(data, limit: Self.sizeLimit)
        } catch {
            throw SpotImportError.unreadable("The file is not a readable gzip file (\(error)).")
        }
        guard let csv = String(data: text, encoding: .utf8) else {
            throw SpotImportError.unreadable("The file is not UTF-8 text.")
        }
        var records = CSVParser.records(csv)[...]
        guard records.first == Self.columns else {
            throw SpotImportError.unreadable("The first line must name the columns \(Self.columns.joined(separator: ",")).")
        }
        records = records.dropFirst()
        var report = SpotImportReport(rowsRead: records.count)
        var entries: [(entry: Entry, sortKey: [UInt8])] = []
        var seen = Set<UUID>()
        for row in Array(records).concurrentMap(Self.clean) {
            switch row {
            case .malformed: report.malformedRows += 1
            case .misplaced: report.misplacedRows += 1
            case .spot(let entry, let sortKey):
                guard seen.insert(entry.id).inserted else {
                    report.duplicateRows += 1
                    continue
                }
                entries.append((entry, sortKey))
            }
        }
        report.spots = entries.count
        report.titles = Set(entries.map { "\($0.entry.type.rawValue) \($0.entry.title)" }).count
        self.entries = entries.sorted { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }.map(\.entry)
        self.report = report
    }

    /// One row of the file, read and checked.
    private enum CleanRow {
        /// With its key in the catalog's order: by type, title, place and address, so that a
        /// work's spots get neighbouring rows. UTF-8 byte order is code point order: the strings'
        /// own order, without the cost of comparing Strings.
        case spot(Entry, sortKey: [UInt8])
        case malformed
        /// Its coordinates lie outside the region its address names.
        case misplaced
    }

    /// Reads one row: every field trimmed, the type, title, place and coordinates required, the
    /// coordinates checked against the address's region. Rows are read on every core.
    private static func clean(_ fields: [String]) -> CleanRow {
        let field = fields.map { $0.trimmingWhitespace() }
        guard field.count == columns.count, let type = SpotType(rawValue: field[0]), !field[1].isEmpty,
            !field[2].isEmpty, let latitude = Double(field[6]), let longitude = Double(field[7]),
            latitude.isFinite, longitude.isFinite
        else { return .malformed }
        guard let region = KoreanProvince.named(in: field[5]), region.contains(latitude: latitude, longitude: longitude)
        else { return .misplaced }
        let entry = Entry(
            id: id(type: type, title: field[1], name: field[2], address: field[5]), type: type, title: field[1],
            name: field[2], placeType: field[3].lowercased(), description: field[4], address: field[5],
            latitude: latitude, longitude: longitude)
        return .spot(entry, sortKey: Array("\(type.rawValue)\u{0}\(field[1])\u{0}\(field[2])\u{0}\(field[5])".utf8))
    }

    /// The id of a spot: a UUID (version 8, custom) of the first 16 bytes of the SHA-256 of its
    /// type, title, place name and address.
    static func id(type: SpotType, title: String, name: String, address: String) -> UUID {
        let text = [type.rawValue, title, name, address].map(\.canonicallyComposed)
            .joined(separator: "\u{0}")
        var bytes = Array(SHA256.digest(Array(text.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0f) | 0x80
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// The alias table: a title, then its other names, tab-separated, one title a line; `#` starts
    /// a comment line.
    static func aliases(_ text: String) -> [String: [String]] {
        var aliases: [String: [String]] = [:]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let names = line.split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard names.count > 1 else { continue }
            aliases[names[0], default: []] += names.dropFirst()
        }
        return aliases
    }
}

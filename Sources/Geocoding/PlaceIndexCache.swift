import Foundation

/// The offline place index as built from libgeonames and the name catalogs (the cities, their
/// regions and the sorted name index), kept in a file between starts. Building it costs a server
/// 150–220 ms of CPU and leaves about 6 MB in its heap; read back from the file it takes a few
/// milliseconds, so a server can leave it out of memory until a search needs it.
///
/// The file is trusted only when its fingerprint (this format, the library's file and each
/// catalog's) is the one asked for and its checksum holds; anything else, a damaged or foreign
/// file included, reads as nothing and the index is built again. Writes go to a temporary file
/// renamed into place, so a reader never sees half of one.
struct PlaceIndexCache {
    /// What the file holds.
    struct Contents {
        let cities: [City]
        let regions: [Region]
        let names: NameIndex
    }

    /// Changes whenever the layout below does.
    static let formatVersion: UInt32 = 1
    private static let magic = Array("WLPLACES".utf8)

    let path: String
    /// What the index was built from (`OfflineGazetteer.sourceFingerprint`).
    let fingerprint: String

    /// The index the file holds, or nil when it is missing, stale or damaged.
    func read() -> Contents? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.withUnsafeBytes { bytes in
            var reader = Reader(bytes: bytes)
            guard readsHeader(&reader), let checksum = reader.uint64(), checksum == Self.checksum(bytes[reader.offset...])
            else { return nil }
            return Self.contents(&reader)
        }
    }

    /// Whether the file starts as one of the current index does, read no further: enough for a
    /// server's start to skip building it (`read` checks the whole file when it is used).
    func holdsCurrentIndex() -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = Self.magic.count + 8 + fingerprint.utf8.count
        guard let data = try? handle.read(upToCount: header), data.count == header else { return false }
        return data.withUnsafeBytes { bytes in
            var reader = Reader(bytes: bytes)
            return readsHeader(&reader)
        }
    }

    /// Whether the reader starts at this format's header with this fingerprint, read past it.
    private func readsHeader(_ reader: inout Reader) -> Bool {
        reader.bytes(Self.magic.count).map(Array.init) == Self.magic && reader.uint32() == Self.formatVersion
            && reader.string() == fingerprint
    }

    /// Writes `contents` in place of any older file; creates the folder when missing.
    func write(_ contents: Contents) throws {
        var body = Writer()
        body.uint32(UInt32(contents.regions.count))
        for region in contents.regions {
            for text in [region.adminCode, region.admin, region.countryCode, region.country] { body.string(text) }
        }
        body.uint32(UInt32(contents.cities.count))
        for city in contents.cities {
            body.string(city.geonameID)
            body.string(city.name)
            body.uint16(city.region)
            body.uint32(city.population)
            body.double(city.latitude)
            body.double(city.longitude)
        }
        body.uint32(UInt32(contents.names.keys.count))
        body.bytes.append(contentsOf: contents.names.keys)
        body.uint32(UInt32(contents.names.entries.count))
        for entry in contents.names.entries {
            body.uint32(UInt32(bitPattern: entry.start))
            body.uint32(UInt32(bitPattern: entry.city))
            body.uint16(entry.length)
            body.bytes.append(entry.language)
            body.bytes.append(entry.isLaterWord ? 1 : 0)
        }
        var file = Writer()
        file.bytes.append(contentsOf: Self.magic)
        file.uint32(Self.formatVersion)
        file.string(fingerprint)
        file.uint64(body.bytes.withUnsafeBytes { Self.checksum($0[...]) })
        file.bytes.append(contentsOf: body.bytes)

        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = "\(path).\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(file.bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// The file's records after its header, every index into another table checked: a name entry
    /// pointing outside the keys would make a search read past them.
    private static func contents(_ reader: inout Reader) -> Contents? {
        guard let regionCount = reader.uint32() else { return nil }
        var regions: [Region] = []
        for _ in 0..<regionCount {
            guard let adminCode = reader.string(), let admin = reader.string(), let countryCode = reader.string(),
                let country = reader.string()
            else { return nil }
            regions.append(Region(adminCode: adminCode, admin: admin, countryCode: countryCode, country: country))
        }
        guard let cityCount = reader.uint32() else { return nil }
        var cities: [City] = []
        // Bounded by what is left to read, whatever the count says.
        cities.reserveCapacity(min(Int(cityCount), reader.remaining / 30))
        for _ in 0..<cityCount {
            guard let geonameID = reader.string(), let name = reader.string(), let region = reader.uint16(),
                Int(region) < regions.count, let population = reader.uint32(), let latitude = reader.double(),
                let longitude = reader.double()
            else { return nil }
            cities.append(
                City(
                    geonameID: geonameID, name: name, region: region, population: population, latitude: latitude,
                    longitude: longitude))
        }
        guard let keyCount = reader.uint32(), let keys = reader.bytes(Int(keyCount)).map(Array.init),
            let entryCount = reader.uint32()
        else { return nil }
        var entries: [NameIndex.Entry] = []
        entries.reserveCapacity(min(Int(entryCount), reader.remaining / 12))
        for _ in 0..<entryCount {
            guard let start = reader.uint32().map({ Int32(bitPattern: $0) }), let city = reader.uint32().map({ Int32(bitPattern: $0) }),
                let length = reader.uint16(), let language = reader.uint8(), let isLaterWord = reader.uint8(),
                start >= 0, Int(start) + Int(length) <= keys.count, city >= 0, Int(city) < cities.count
            else { return nil }
            entries.append(
                NameIndex.Entry(start: start, city: city, length: length, language: language, isLaterWord: isLaterWord != 0))
        }
        guard reader.isAtEnd else { return nil }
        return Contents(cities: cities, regions: regions, names: NameIndex(keys: keys, entries: entries))
    }

    /// FNV-1a over the bytes: enough to tell a damaged file, not meant against a forged one (the
    /// file lies in the server's own data folder).
    private static func checksum(_ bytes: Slice<UnsafeRawBufferPointer>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Little-endian values appended to a byte array.
    private struct Writer {
        var bytes: [UInt8] = []

        mutating func uint16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        mutating func double(_ value: Double) { uint64(value.bitPattern) }

        mutating func string(_ text: String) {
            let utf8 = Array(text.utf8)
            uint32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// `Writer`'s values read back; nil, and nothing more read, once past the end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        private(set) var offset = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { offset == bytes.count }
        var remaining: Int { bytes.count - offset }

        mutating func bytes(_ count: Int) -> Slice<UnsafeRawBufferPointer>? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func uint8() -> UInt8? { bytes(1).map { $0.first! } }

        mutating func uint16() -> UInt16? { integer(UInt16.self) }

        mutating func uint32() -> UInt32? { integer(UInt32.self) }

        mutating func uint64() -> UInt64? { integer(UInt64.self) }

        mutating func double() -> Double? { uint64().map(Double.init(bitPattern:)) }

        mutating func string() -> String? {
            guard let count = uint32(), let utf8 = bytes(Int(count)) else { return nil }
            return String(decoding: utf8, as: UTF8.self)
        }

        private mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            bytes(MemoryLayout<T>.size).map { T(littleEndian: $0.loadUnaligned(as: T.self)) }
        }
    }
}

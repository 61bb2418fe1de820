import Foundation
import TestSupport
import Testing
import WishlistClient

/// libvips with the hundred libraries it needs (about 10 MB resident) and libxml2 with ICU (about
/// 1 MB) are loaded by the first photo and the first page parsed, not at start-up, libpq only by
/// a PostgreSQL connection, libcurl by the first outbound transfer, and libgeonames with GLib (about
/// 2 MB) only by the child process that builds the place index: an idle server must stay small.
@Suite final class LazyLibraryTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-lazy-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    static func maps(_ server: ServerProcess, _ library: String) -> Bool {
        server.mappedFiles().contains { ($0 as NSString).lastPathComponent.hasPrefix(library) }
    }

    @Test func libvipsIsLoadedByTheFirstPhotoNotAtStartUp() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        // Signing in has already run a request through every layer but Imaging.
        #expect(!Self.maps(server, "libvips.so"), "an idle server has libvips mapped")
        // A server on its SQLite file never opens a PostgreSQL connection, so never loads libpq.
        #expect(!Self.maps(server, "libpq.so"), "a server on SQLite has libpq mapped")

        let uploaded = try await server.client.uploadPhotos(
            [WishlistClient.PhotoFile(filename: "canon-40d.jpg", data: try Data(contentsOf: TestData.photo("camera/canon-40d.jpg")))])
        #expect(uploaded.items.count == 1)
        #expect(Self.maps(server, "libvips.so"), "libvips is not mapped after a photo was rendered")
    }

    @Test func libgeonamesIsLoadedOnlyByTheChildThatBuildsThePlaceIndex() async throws {
        let first = try await ServerProcess(home: home)
        // The first start builds the index into the data folder, written whole under its name.
        let index = home.appendingPathComponent("data/cache/places.index").path
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: index), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        // Built by a child process (`wishlist places index`), not by the server itself.
        #expect(!Self.maps(first, "libgeonames.so"), "the first start loaded libgeonames itself")
        first.stop()
        #expect(FileManager.default.fileExists(atPath: index))

        let server = try await ServerProcess(home: home, restart: true)
        defer { server.stop() }
        for library in ["libgeonames.so", "libglib-2.0.so"] {
            #expect(!Self.maps(server, library), "a server whose place index was built has \(library) mapped")
        }
        // A search reads the index from its file.
        #expect(try await server.client.searchPlaces("jeonju").contains { $0.countryCode == "KR" })
        #expect(!Self.maps(server, "libgeonames.so"), "libgeonames was loaded to search places")
    }

    /// Package.swift links `wishlist` with packed relative relocations: in the usual format its
    /// pointers to itself take 2 MB that the loader reads, and keeps resident, at every start.
    @Test func theExecutablesRelocationsArePacked() throws {
        let tags = try Self.dynamicSection(ofExecutableAt: CommandRunner.executable).tags
        #expect(tags.contains(Self.packedRelocationsTag), "wishlist has no DT_RELR: is it linked with lld and pack-relative-relocs?")
        #expect(tags.contains(Self.neededLibraryTag), "the dynamic section was not found")
    }

    static let neededLibraryTag: Int64 = 1  // DT_NEEDED
    static let stringTableTag: Int64 = 5  // DT_STRTAB
    static let stringTableSizeTag: Int64 = 10  // DT_STRSZ
    static let packedRelocationsTag: Int64 = 36  // DT_RELR

    /// The tags of an ELF64 little-endian executable's dynamic section, found through its program
    /// headers (PT_DYNAMIC), as the loader finds them, and the libraries its DT_NEEDED entries name.
    static func dynamicSection(ofExecutableAt url: URL) throws -> (tags: Set<Int64>, needed: [String]) {
        let file = try FileHandle(forReadingFrom: url)
        defer { try? file.close() }
        func read(_ count: Int, at offset: UInt64) throws -> [UInt8] {
            try file.seek(toOffset: offset)
            return [UInt8](try file.read(upToCount: count) ?? Data())
        }
        func integer(_ bytes: [UInt8], at index: Int, size: Int) -> UInt64 {
            (0..<size).reduce(0) { $0 | UInt64(bytes[index + $1]) << (8 * $1) }
        }
        let header = try read(64, at: 0)
        guard header.count == 64, header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let (programHeaders, entrySize, entries) = (
            integer(header, at: 0x20, size: 8), Int(integer(header, at: 0x36, size: 2)), Int(integer(header, at: 0x38, size: 2))
        )
        let table = try read(entrySize * entries, at: programHeaders)
        let headers = (0..<entries).map { $0 * entrySize }
        guard let dynamic = headers.first(where: { integer(table, at: $0, size: 4) == 2 }) else { return ([], []) }
        let section = try read(Int(integer(table, at: dynamic + 32, size: 8)), at: integer(table, at: dynamic + 8, size: 8))
        let pairs = stride(from: 0, to: section.count - 15, by: 16).map {
            (tag: Int64(bitPattern: integer(section, at: $0, size: 8)), value: integer(section, at: $0 + 8, size: 8))
        }
        // DT_STRTAB holds an address: its place in the file is found through the segment (PT_LOAD) holding it.
        func fileOffset(ofAddress address: UInt64) -> UInt64? {
            headers.filter { integer(table, at: $0, size: 4) == 1 }.lazy.compactMap { load -> UInt64? in
                let (offset, start, size) = (
                    integer(table, at: load + 8, size: 8), integer(table, at: load + 16, size: 8), integer(table, at: load + 32, size: 8)
                )
                return address >= start && address < start + size ? address - start + offset : nil
            }.first
        }
        let tags = Set(pairs.map(\.tag))
        guard let stringAddress = pairs.first(where: { $0.tag == stringTableTag })?.value,
            let stringOffset = fileOffset(ofAddress: stringAddress),
            let stringSize = pairs.first(where: { $0.tag == stringTableSizeTag })?.value
        else { return (tags, []) }
        let strings = try read(Int(stringSize), at: stringOffset)
        let needed = pairs.filter { $0.tag == neededLibraryTag && $0.value < strings.count }.map {
            String(decoding: strings[Int($0.value)...].prefix { $0 != 0 }, as: UTF8.self)
        }
        return (tags, needed)
    }

    @Test func libxml2IsLoadedByTheFirstLinkPreviewNotAtStartUp() async throws {
        let shop = try LoopbackHTTPServer { _ in .html("<html><head><title>Brass lamp</title></head></html>") }
        defer { shop.stop() }
        let server = try await ServerProcess(home: home, options: ["--allow-private-addresses"])
        defer { server.stop() }
        #expect(!Self.maps(server, "libxml2.so"), "an idle server has libxml2 mapped")

        let preview = try await server.client.linkPreview(shop.url("/lamp").absoluteString)
        #expect(preview.title == "Brass lamp")
        #expect(Self.maps(server, "libxml2.so"), "libxml2 is not mapped after a page was parsed")
    }

    /// libcurl brings TLS, Kerberos, LDAP and SSH libraries (about 5 MB resident); CCurl loads it at
    /// the first outbound transfer, so `wishlist` must not name it, nor FoundationNetworking, which
    /// links it (the CLI's client goes by `CurlTransport`, not URLSession).
    @Test func libcurlIsLoadedByTheFirstOutboundTransfer() async throws {
        let needed = try Self.dynamicSection(ofExecutableAt: CommandRunner.executable).needed
        #expect(needed.contains("libsqlite3.so.0"), "the needed libraries were not read: \(needed)")
        #expect(!needed.contains { $0.hasPrefix("libcurl") }, "wishlist links libcurl: \(needed)")
        #expect(!needed.contains { $0.hasPrefix("libFoundationNetworking") }, "wishlist links URLSession's library: \(needed)")

        let shop = try LoopbackHTTPServer { _ in .html("<html><head><title>Brass lamp</title></head></html>") }
        defer { shop.stop() }
        let server = try await ServerProcess(home: home, options: ["--allow-private-addresses"])
        defer { server.stop() }
        // A Bool, not the expression: a failed expectation reflects its operands, and reflecting the
        // server process while its threads run has crashed the test process.
        let mappedAtStart = Self.maps(server, "libcurl.so")
        #expect(!mappedAtStart, "an idle server has libcurl mapped")

        let preview = try await server.client.linkPreview(shop.url("/lamp").absoluteString)
        #expect(preview.title == "Brass lamp")
        #expect(Self.maps(server, "libcurl.so"), "libcurl is not mapped after an outbound transfer")
    }
}

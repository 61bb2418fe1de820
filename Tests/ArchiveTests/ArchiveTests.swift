import Archive
import CArchive
import Foundation
import Testing

@Suite struct ArchiveTests {
    static let generous = ArchiveLimits(maximumEntries: 100, maximumEntryBytes: 8 << 20, maximumTotalBytes: 16 << 20)

    // MARK: Writing and reading back

    @Test func writesAZipThatReadsBackByteForByte() throws {
        let folder = try TemporaryFolder()
        let photo = Data((0..<(700 << 10)).map { _ in UInt8.random(in: 0...255) })
        let photoPath = folder.path + "/photo.jpg"
        try photo.write(to: URL(fileURLWithPath: photoPath))
        let json = Data(String(repeating: "{\"name\":\"한복 대여\"}\n", count: 5000).utf8)
        var zip = Data()
        let writer = try ArchiveWriter { zip.append(contentsOf: $0) }
        let date = Date(timeIntervalSince1970: 1_764_547_200)
        try writer.addEntry(path: "manifest.json", data: Data("{}".utf8), modified: date)
        try writer.beginEntry(path: "wishes.jsonl", modified: date, compressed: true)
        for line in json.split(separator: UInt8(ascii: "\n")) {
            try writer.write(Data(line) + Data([0x0A]))
        }
        try writer.addFile(path: "media/originals/ab/photo", from: photoPath, modified: date)
        try writer.finish()
        // The JSON was deflated, the photo stored.
        #expect(zip.count < photo.count + json.count / 4)
        #expect(zip.count > photo.count)

        let archivePath = folder.path + "/export.zip"
        try zip.write(to: URL(fileURLWithPath: archivePath))
        let reader = try ArchiveReader(path: archivePath, limits: Self.generous)
        var read: [String: Data] = [:]
        while let entry = try reader.nextEntry() {
            read[entry.path] = try reader.readData()
        }
        #expect(read == ["manifest.json": Data("{}".utf8), "wishes.jsonl": json, "media/originals/ab/photo": photo])

        // And with Python's zipfile, a reader that is not libarchive.
        let listing = try Self.python(
            "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); print(z.testzip()); print(sorted(i.compress_type for i in z.infolist()))",
            archivePath)
        #expect(listing == "None\n[0, 8, 8]\n")
    }

    @Test func handsTheSinkBlocksBeforeTheArchiveIsFinished() throws {
        var delivered = 0
        let writer = try ArchiveWriter { delivered += $0.count }
        try writer.beginEntry(path: "big.bin", modified: Date(), size: 4 << 20, compressed: false)
        let block = Data(count: 1 << 20)
        for _ in 0..<4 { try writer.write(block) }
        #expect(delivered >= 3 << 20)
        try writer.finish()
        #expect(delivered > 4 << 20)
    }

    @Test func aFailingSinkFailsTheWrite() throws {
        struct Gone: Error {}
        let writer = try ArchiveWriter { _ in throw Gone() }
        #expect(throws: ArchiveError.self) {
            try writer.beginEntry(path: "big.bin", modified: Date(), size: 1 << 20, compressed: false)
            try writer.write(Data(count: 1 << 20))
            try writer.finish()
        }
    }

    @Test func readsATarAndExtractsIt() throws {
        let folder = try TemporaryFolder()
        let path = try folder.file(
            "backup.tar",
            CraftedArchive.make(
                .tar,
                [
                    .init(name: "./manifest.json", contents: Data("{\"v\":1}".utf8)),
                    .init(name: "media/", type: wishlist_ae_directory),
                    .init(name: "media/a/b.jpg", contents: Data([1, 2, 3]))
                ]))
        let into = folder.path + "/out"
        try FileManager.default.createDirectory(atPath: into, withIntermediateDirectories: false)
        let entries = try ArchiveReader(path: path, limits: Self.generous).extract(into: into)
        #expect(entries.map(\.path) == ["manifest.json", "media/a/b.jpg"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: into + "/media/a/b.jpg")) == Data([1, 2, 3]))
    }

    // MARK: Hostile archives

    @Test(arguments: ["../escape.txt", "media/../../escape.txt", "/etc/passwd", "C:/windows.txt", "a\\..\\b", "..", "bad\u{1}name"])
    func refusesAnUnsafeName(_ name: String) throws {
        for format in [CraftedArchive.Format.zip, .tar] {
            let folder = try TemporaryFolder()
            let path = try folder.file(
                "hostile",
                CraftedArchive.make(
                    format,
                    [
                        .init(name: "fine.txt", contents: Data("ok".utf8)), .init(name: name, contents: Data("x".utf8))
                    ]))
            let reader = try ArchiveReader(path: path, limits: Self.generous)
            #expect(try reader.nextEntry()?.path == "fine.txt")
            // libarchive reads a zip's backslashes as Windows' separators: refused either way.
            #expect { try reader.nextEntry() } throws: { error in
                guard case ArchiveError.unsafePath(let path) = error else { return false }
                return path == name || path == name.replacingOccurrences(of: "\\", with: "/")
            }
        }
    }

    @Test func refusesLinksAndDevices() throws {
        let cases: [(CraftedArchive.Format, CraftedArchive.Entry, String)] = [
            (.zip, .init(name: "link", type: wishlist_ae_symlink, linkTarget: "/etc/passwd"), "symbolic link"),
            (.tar, .init(name: "link", type: wishlist_ae_symlink, linkTarget: "../../etc"), "symbolic link"),
            (.tar, .init(name: "link", hardLinkTarget: "fine.txt"), "hard link"),
            (.tar, .init(name: "link", type: wishlist_ae_character_device), "device"),
            (.tar, .init(name: "link", type: wishlist_ae_fifo), "pipe")
        ]
        for (format, entry, kind) in cases {
            let folder = try TemporaryFolder()
            let path = try folder.file("hostile", CraftedArchive.make(format, [.init(name: "fine.txt"), entry]))
            let reader = try ArchiveReader(path: path, limits: Self.generous)
            _ = try reader.nextEntry()
            #expect(throws: ArchiveError.unsupportedEntry(path: "link", kind: kind)) { try reader.nextEntry() }
        }
    }

    @Test func refusesTooManyEntries() throws {
        let folder = try TemporaryFolder()
        let path = try folder.file("many.zip", CraftedArchive.make(.zip, (0..<11).map { .init(name: "f\($0)") }))
        var limits = Self.generous
        limits.maximumEntries = 10
        let reader = try ArchiveReader(path: path, limits: limits)
        #expect(throws: ArchiveError.tooManyEntries(limit: 10)) {
            while try reader.nextEntry() != nil {}
        }
    }

    @Test func refusesAnEntryOrArchiveTooLargeWhileInflating() throws {
        let folder = try TemporaryFolder()
        let path = try folder.file(
            "big.zip",
            CraftedArchive.make(
                .zip,
                [
                    .init(name: "a", contents: Data(count: 3 << 20)), .init(name: "b", contents: Data(count: 3 << 20))
                ]))
        var limits = Self.generous
        limits.maximumCompressionRatio = .max
        limits.maximumEntryBytes = 2 << 20
        var reader = try ArchiveReader(path: path, limits: limits)
        _ = try reader.nextEntry()
        #expect(throws: ArchiveError.entryTooLarge(path: "a", limit: 2 << 20)) { try reader.readData() }

        limits.maximumEntryBytes = 4 << 20
        limits.maximumTotalBytes = 5 << 20
        reader = try ArchiveReader(path: path, limits: limits)
        #expect(throws: ArchiveError.tooLarge(limit: 5 << 20)) {
            while try reader.nextEntry() != nil { _ = try reader.readData() }
        }
    }

    @Test func refusesAZipBombByItsRatio() throws {
        let folder = try TemporaryFolder()
        // 40 MB of zeros deflate to about 40 KB: a ratio near 1000.
        let path = try folder.file("bomb.zip", CraftedArchive.make(.zip, [.init(name: "bomb", contents: Data(count: 40 << 20))]))
        var limits = Self.generous
        limits.maximumEntryBytes = 1 << 30
        limits.maximumTotalBytes = 1 << 30
        let reader = try ArchiveReader(path: path, limits: limits)
        _ = try reader.nextEntry()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        var inflated = 0
        #expect(throws: ArchiveError.compressionRatioTooHigh(path: "bomb", limit: 200)) {
            while true {
                let count = try reader.read(into: buffer)
                inflated += count
                if count == 0 { break }
            }
        }
        // Stopped soon after the grace, not at the end of the 40 MB.
        #expect(inflated < 4 << 20)
    }

    @Test func doesNotBelieveAHeaderThatUnderstatesTheSize() throws {
        let folder = try TemporaryFolder()
        var zip = CraftedArchive.make(.zip, [.init(name: "liar", contents: Data(repeating: 7, count: 300_000))])
        // The uncompressed size, in the local header (offset 22) and the central directory's (offset 24), set to 10.
        Self.patch(&zip, signature: [0x50, 0x4B, 0x03, 0x04], offset: 22, value: 10)
        Self.patch(&zip, signature: [0x50, 0x4B, 0x01, 0x02], offset: 24, value: 10)
        let path = try folder.file("liar.zip", zip)
        let reader = try ArchiveReader(path: path, limits: Self.generous)
        #expect(throws: ArchiveError.self) {
            _ = try reader.nextEntry()
            let data = try reader.readData()
            // Whatever libarchive makes of it, never more than the header said.
            if data.count > 10 { Issue.record("read \(data.count) bytes") }
            if data.count == 10 { throw ArchiveError.damaged("short") }
        }
    }

    @Test func refusesATruncatedOrDamagedArchive() throws {
        let folder = try TemporaryFolder()
        let contents = Data(String(repeating: "wish list ", count: 20_000).utf8)
        let zip = CraftedArchive.make(.zip, [.init(name: "a.json", contents: contents), .init(name: "b.json", contents: contents)])
        let truncated = try folder.file("cut.zip", zip.prefix(zip.count / 2))
        #expect(throws: ArchiveError.self) {
            let reader = try ArchiveReader(path: truncated, limits: Self.generous)
            while try reader.nextEntry() != nil { _ = try reader.readData() }
        }
        var flipped = zip
        for index in stride(from: 200, to: 400, by: 7) { flipped[index] ^= 0x5A }
        let damaged = try folder.file("damaged.zip", flipped)
        #expect(throws: ArchiveError.self) {
            let reader = try ArchiveReader(path: damaged, limits: Self.generous)
            while try reader.nextEntry() != nil { _ = try reader.readData() }
        }
        let tar = CraftedArchive.make(.tar, [.init(name: "a.json", contents: contents)])
        let cutTar = try folder.file("cut.tar", tar.prefix(3000))
        #expect(throws: ArchiveError.self) {
            let reader = try ArchiveReader(path: cutTar, limits: Self.generous)
            while try reader.nextEntry() != nil { _ = try reader.readData() }
        }
    }

    @Test func refusesWhatIsNotAnArchive() throws {
        let folder = try TemporaryFolder()
        for bytes in [Data(), Data("name,link\nbag,\n".utf8), Data((0..<4096).map { UInt8($0 % 251) })] {
            let path = try folder.file("not-an-archive", bytes)
            #expect(throws: ArchiveError.self) {
                let reader = try ArchiveReader(path: path, limits: Self.generous)
                while try reader.nextEntry() != nil {}
            }
        }
        #expect(throws: ArchiveError.self) { try ArchiveReader(path: folder.path + "/missing.zip", limits: Self.generous) }
    }

    @Test func extractRefusesTwoEntriesOfOneName() throws {
        let folder = try TemporaryFolder()
        for entries: [CraftedArchive.Entry] in [
            [.init(name: "a.json"), .init(name: "./a.json")],
            [.init(name: "media"), .init(name: "media/x")]
        ] {
            let path = try folder.file("twice.zip", CraftedArchive.make(.zip, entries))
            let into = folder.path + "/out-\(UUID())"
            try FileManager.default.createDirectory(atPath: into, withIntermediateDirectories: false)
            #expect(throws: ArchiveError.self) { try ArchiveReader(path: path, limits: Self.generous).extract(into: into) }
        }
    }

    // MARK: Helpers

    private static func patch(_ data: inout Data, signature: [UInt8], offset: Int, value: UInt32) {
        guard let range = data.firstRange(of: Data(signature)) else { return }
        for byte in 0..<4 {
            data[range.lowerBound + offset + byte] = UInt8((value >> (8 * UInt32(byte))) & 0xFF)
        }
    }

    private static func python(_ script: String, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A folder under the system's temporary folder, removed when the test's value goes.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "archive-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String, _ data: Data) throws -> String {
        let file = path + "/" + name
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }
}

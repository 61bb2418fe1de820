import Foundation
import Testing

@testable import HTTPServer

@Suite struct ProcessMemoryTests {
    /// Three mappings of the program as the kernel lists them (fields trimmed), one of a library
    /// and one anonymous: only the program's code and its untouched read-only data may be dropped.
    static let smaps = """
        55d0a0000000-55d0a0400000 r--p 00000000 fe:00 42                         /opt/wishlist/bin/wishlist
        Size:               4096 kB
        Rss:                1920 kB
        Anonymous:             0 kB
        VmFlags: rd mr mw me dw sd
        55d0a0400000-55d0a1600000 r-xp 00400000 fe:00 42                         /opt/wishlist/bin/wishlist
        Size:              18432 kB
        Rss:               14196 kB
        Anonymous:             0 kB
        VmFlags: rd ex mr mw me dw sd
        55d0a1600000-55d0a16b0000 r--p 01600000 fe:00 42                         /opt/wishlist/bin/wishlist
        Size:                704 kB
        Rss:                 704 kB
        Anonymous:           688 kB
        VmFlags: rd mr mw me dw ac sd
        55d0a16b0000-55d0a3ae7000 rw-p 016b0000 fe:00 42                         /opt/wishlist/bin/wishlist
        Size:              37084 kB
        Rss:                3736 kB
        Anonymous:           420 kB
        VmFlags: rd wr mr mw me dw ac sd
        7f0000000000-7f0000200000 r-xp 00000000 fe:00 7                          /usr/lib/libc.so.6
        Size:               2048 kB
        Rss:                1648 kB
        Anonymous:             0 kB
        7f0000400000-7f0000600000 rw-p 00000000 00:00 0
        Size:               2048 kB
        Rss:                2048 kB
        Anonymous:          2048 kB
        """

    @Test func onlyUnwrittenReadOnlyFileMappingsMayBeDropped() {
        let mappings = FileMapping.all(in: Self.smaps)
        #expect(mappings.map(\.path) == Array(repeating: "/opt/wishlist/bin/wishlist", count: 4) + ["/usr/lib/libc.so.6"])
        #expect(mappings.map(\.permissions) == ["r--p", "r-xp", "r--p", "rw-p", "r-xp"])
        #expect(mappings.map(\.residentBytes) == [1920, 14196, 704, 3736, 1648].map { $0 * 1024 })
        #expect(mappings[1].start == 0x55d0_a040_0000 && mappings[1].end == 0x55d0_a160_0000)
        // The RELRO part holds relocated pointers (copied on write): dropping them would undo the
        // relocation. Anonymous memory (the last mapping) is no file's.
        #expect(mappings.map(\.canBeDropped) == [true, true, false, false, true])
    }

    @Test func aPathWithSpacesIsKeptWholeAndTheKernelsOwnMappingsAreLeftOut() {
        let smaps = """
            7f0000000000-7f0000001000 r--p 00000000 fe:00 9                          /srv/my data/libx.so (deleted)
            Rss:                   4 kB
            Anonymous:             0 kB
            7ffd00000000-7ffd00002000 r-xp 00000000 00:00 0                          [vdso]
            Rss:                   8 kB
            Anonymous:             0 kB
            """
        #expect(FileMapping.all(in: smaps).map(\.path) == ["/srv/my data/libx.so (deleted)"])
    }

    /// In this very process (the test runner): the pages start-up mapped are unmapped, and the
    /// process goes on running (this test returns), mapping back only what it runs again.
    @Test func releasingTheStartupPagesUnmapsMostOfThem() throws {
        #if os(Linux)
            func resident() throws -> Int {
                let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
                defer { try? handle.close() }
                let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
                return FileMapping.all(in: smaps).filter(\.canBeDropped).map(\.residentBytes).reduce(0, +)
            }
            let before = try resident()
            #expect(before > 1 << 20, "the test runner has hardly any file mapped: \(before) bytes")
            let released = ProcessMemory.releaseStartupPages()
            #expect(released > before / 2)
            // Other tests run beside this one and map back the code they run, but not all of it.
            #expect(try resident() < before / 2)
        #endif
    }
}

import Foundation
import Testing
import Zlib

@Suite struct GunzipTests {
    /// `gzip` of "K-culture spots\n" (made with Python's gzip module, mtime 0).
    let member = Data([
        31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 243, 214, 77, 46, 205, 41, 41, 45, 74, 85, 40, 46, 200, 47, 41, 230,
        2, 0, 131, 246, 140, 225, 16, 0, 0, 0
    ])

    @Test func decompressesAMember() throws {
        let text = try Gunzip.decompressIfNeeded(member, limit: 1000)
        #expect(String(decoding: text, as: UTF8.self) == "K-culture spots\n")
    }

    @Test func readsEveryMemberOfJoinedFiles() throws {
        let text = try Gunzip.decompressIfNeeded(member + member, limit: 1000)
        #expect(String(decoding: text, as: UTF8.self) == "K-culture spots\nK-culture spots\n")
    }

    @Test func passesPlainDataThrough() throws {
        let plain = Data("media_type,title\n".utf8)
        #expect(!Gunzip.isCompressed(plain))
        #expect(try Gunzip.decompressIfNeeded(plain, limit: 1000) == plain)
    }

    @Test func refusesACutOrDamagedFile() {
        #expect(throws: GunzipError.corrupt) { try Gunzip.decompressIfNeeded(member.prefix(20), limit: 1000) }
        var damaged = member
        damaged[14] ^= 0xff
        #expect(throws: GunzipError.corrupt) { try Gunzip.decompressIfNeeded(damaged, limit: 1000) }
    }

    @Test func stopsAtTheLimit() {
        #expect(throws: GunzipError.tooLarge(limit: 10)) { try Gunzip.decompressIfNeeded(member, limit: 10) }
        #expect(throws: GunzipError.tooLarge(limit: 3)) { try Gunzip.decompressIfNeeded(Data("abcd".utf8), limit: 3) }
    }
}

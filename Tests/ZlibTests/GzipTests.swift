import Foundation
import Testing
import Zlib

@Suite struct GzipTests {
    /// Text that repeats, as HTML and JSON do.
    let text = Data(String(repeating: "<li class=\"shared-card\">Gift idea: something lovely</li>\n", count: 200).utf8)

    @Test func roundTripsThroughGunzip() throws {
        let compressed = try #require(Gzip.compress(text))
        #expect(Gunzip.isCompressed(compressed))
        #expect(compressed.count < text.count / 10)
        #expect(try Gunzip.decompressIfNeeded(compressed, limit: text.count) == text)
    }

    @Test func roundTripsBytesThatDoNotCompress() throws {
        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<50_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let compressed = try #require(Gzip.compress(noise))
        #expect(try Gunzip.decompressIfNeeded(compressed, limit: noise.count) == noise)
    }

    @Test func roundTripsNothing() throws {
        let compressed = try #require(Gzip.compress(Data()))
        #expect(Gunzip.isCompressed(compressed))
        #expect(try Gunzip.decompressIfNeeded(compressed, limit: 0).isEmpty)
    }

    @Test func theSameBytesAlwaysMakeTheSameMember() throws {
        // No time in the header: a copy kept and one made later are alike, as their ETag says.
        #expect(Gzip.compress(text) == Gzip.compress(text))
        let fastest = try #require(Gzip.compress(text, level: 1))
        #expect(try Gunzip.decompressIfNeeded(fastest, limit: text.count) == text)
    }
}

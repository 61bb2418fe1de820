import Foundation
import Testing

@testable import Imaging

@Suite struct WebPContainerTests {
    private func chunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(payload.count)
        return Array(fourCC.utf8) + withUnsafeBytes(of: size.littleEndian, Array.init)
            + payload + (payload.count.isMultiple(of: 2) ? [] : [0])
    }

    private func file(_ chunks: [[UInt8]]) -> Data {
        let body = Array("WEBP".utf8) + chunks.flatMap { $0 }
        return Data(Array("RIFF".utf8) + withUnsafeBytes(of: UInt32(body.count).littleEndian, Array.init) + body)
    }

    @Test func dropsExifAndXmpChunksAndTheirFlags() throws {
        let vp8x = chunk("VP8X", [0x08 | 0x04 | 0x10, 0, 0, 0, 7, 0, 0, 7, 0, 0])
        let image = chunk("VP8L", [1, 2, 3])
        let original = file([vp8x, chunk("EXIF", [9, 9, 9, 9]), image, chunk("XMP ", [8])])
        let stripped = try #require(WebPContainer.removingMetadata(from: original))
        var expectedHeader = vp8x
        expectedHeader[8] = 0x10  // alpha stays announced
        #expect(stripped == file([expectedHeader, image]))
    }

    @Test(arguments: [
        Data(), Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8),
        Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array("VP8 ".utf8) + [200, 0, 0, 0, 1]),
        Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + [1, 2, 3])
    ])
    func refusesMalformedFiles(data: Data) {
        #expect(WebPContainer.removingMetadata(from: data) == nil)
    }
}

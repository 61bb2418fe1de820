import Foundation
import Testing

@testable import Imaging

@Suite struct ImageFormatTests {
    @Test(
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xE0], ImageFormat.jpeg),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], .png),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
            (Array("GIF89a".utf8), .gif),
            (Array("GIF87a".utf8), .gif),
            ([0, 0, 0, 0x18] + Array("ftypheic".utf8), .heif),
            ([0, 0, 0, 0x18] + Array("ftypmif1".utf8), .heif)
        ] as [([UInt8], ImageFormat)])
    func recognisesSignatures(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat(sniffing: bytes) == format)
    }

    @Test(
        arguments: [
            [], [0xFF, 0xD8], Array("not an image at all.".utf8), Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8),
            [0, 0, 0, 0x18] + Array("ftypavif".utf8), Array("<svg xmlns=".utf8), Array("GIF90a".utf8)
        ] as [[UInt8]])
    func refusesEverythingElse(bytes: [UInt8]) {
        #expect(ImageFormat(sniffing: bytes) == nil)
    }
}

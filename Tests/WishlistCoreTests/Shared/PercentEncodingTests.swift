import Foundation
import Testing

@testable import WishlistCore

/// Our encoder must write exactly what Foundation's `addingPercentEncoding` writes for the same
/// kept characters: every ASCII character, Korean, emoji and text made at random.
@Suite struct PercentEncodingTests {
    private static let samples: [String] = {
        var samples = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        samples += ["", "가방", "운동 신발 #1", "a&b=c+d/?", "x?y#z %", "👩‍👩‍👧 🎁", "é", "\u{10FFFF}", "~.-_", "%25"]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ9-._~!$'()*,:;@&=+?/# %가방😀é\u{0}\n")
        for _ in 0..<300 {
            samples.append(String((0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        return samples
    }()

    @Test func aPathSegmentKeepsOnlyTheUnreservedCharacters() {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        for sample in Self.samples {
            #expect(PercentEncoding.pathSegment.encode(sample) == sample.addingPercentEncoding(withAllowedCharacters: allowed), "\(sample)")
        }
    }

    @Test func aQueryValueKeepsWhatAQueryAllowsButItsSeparators() {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "+&=?/")
        for sample in Self.samples {
            #expect(PercentEncoding.queryValue.encode(sample) == sample.addingPercentEncoding(withAllowedCharacters: allowed), "\(sample)")
        }
    }
}

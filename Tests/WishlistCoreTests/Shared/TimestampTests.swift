import Foundation
import Testing
import WishlistCore

@Suite struct TimestampTests {
    /// The calendar part agrees with Foundation's ISO 8601 style; the milliseconds are the stored
    /// ones (the style's floating-point fraction can print .319 for .320).
    @Test func formatsLikeTheISO8601StyleAcrossCenturiesAndBefore1970() {
        let style = Date.ISO8601FormatStyle()
        var generator = SystemRandomNumberGenerator()
        let samples: [Int64] =
            [
                0, -1, -999, -1000, -1001, 951_782_400_000, 4_107_542_399_999, -2_208_988_800_000,
                1_795_962_457_320, 68_169_600_000
            ]
            + (0..<500).map { _ in Int64.random(in: -6_000_000_000_000...8_000_000_000_000, using: &generator) }
        for milliseconds in samples {
            let date = Date(millisecondsSince1970: milliseconds)
            let text = date.iso8601String
            let wholeSeconds = Date(millisecondsSince1970: milliseconds - ((milliseconds % 1000) + 1000) % 1000)
            #expect(text.prefix(19) + "Z" == style.format(wholeSeconds), "\(milliseconds)")
            #expect(Int64(text.dropFirst(20).prefix(3)) == ((milliseconds % 1000) + 1000) % 1000, "\(milliseconds)")
            #expect(Date(iso8601String: date.iso8601String)?.millisecondsSince1970 == milliseconds)
        }
    }
}

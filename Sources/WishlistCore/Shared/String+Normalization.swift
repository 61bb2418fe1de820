import Foundation

extension String {
    /// The text in canonical composition (NFC): a Mac may send decomposed Hangul or accents.
    ///
    /// Text whose every scalar lies below U+0300 (ASCII, Latin-1 and the Latin extensions) or is
    /// a precomposed Hangul syllable is already composed and is returned as it is: nearly all
    /// text here is, and Foundation's normalisation cost most of the K-culture spots' import.
    public var canonicallyComposed: String {
        let composed = unicodeScalars.allSatisfy { $0.value < 0x300 || (0xAC00...0xD7A3).contains($0.value) }
        return composed ? self : precomposedStringWithCanonicalMapping
    }
}

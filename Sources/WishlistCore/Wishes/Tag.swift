import Foundation

/// The rules of tags: how a typed tag is cleaned up, and the key two spellings of one tag share.
public enum Tag {
    public static let lengthLimit = Limits.standard.tagLength
    public static let countLimit = Limits.standard.tagCount

    /// Trimmed with inner white space collapsed to one space: `"  road   trip "` → `"road trip"`,
    /// in canonical composition so that decomposed Hangul from a Mac is the same tag.
    public static func normalize(_ raw: String) -> String {
        raw.collapsingWhitespace().canonicallyComposed
    }

    /// The case-insensitive identity of a tag: "Bike" and "bike" are one tag.
    public static func key(_ raw: String) -> String {
        normalize(raw).lowercased()
    }

    /// The tags to store: each normalised, duplicates ignoring case dropped (the first spelling kept),
    /// or the first rule broken: every tag 1–30 characters, at most 20 tags.
    public static func validated(_ raw: [String]) throws(ValidationError) -> [String] {
        var seen = Set<String>()
        var tags: [String] = []
        for tag in raw.map(normalize) {
            guard !tag.isEmpty else {
                throw ValidationError(field: "tags", code: "tag_empty", message: "A tag cannot be empty.")
            }
            guard tag.count <= lengthLimit else {
                throw ValidationError(
                    field: "tags", code: "tag_too_long",
                    message: "A tag can be at most \(lengthLimit) characters long: \"\(tag.prefix(lengthLimit))…\".")
            }
            if seen.insert(tag.lowercased()).inserted {
                tags.append(tag)
            }
        }
        guard tags.count <= countLimit else {
            throw ValidationError(
                field: "tags", code: "too_many_tags", message: "A wish can have at most \(countLimit) tags.")
        }
        return tags
    }
}

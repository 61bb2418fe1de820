import Foundation

/// The limits of a wish's fields, each a pure function that returns the value to
/// store or throws the first rule it breaks. Lengths count characters as people see them.
public enum WishRules {
    public static let nameLimit = Limits.standard.wishName
    public static let memoLimit = Limits.standard.wishMemo
    public static let linkLimit = Limits.standard.wishLink
    public static let photoLimit = Limits.standard.wishPhotos

    /// The name trimmed; 1–200 characters.
    public static func name(_ raw: String) throws(ValidationError) -> String {
        let name = raw.trimmingWhitespace()
        guard !name.isEmpty else {
            throw ValidationError(field: "name", code: "name_required", message: "A wish needs a name.")
        }
        guard name.count <= nameLimit else {
            throw ValidationError(
                field: "name", code: "name_too_long",
                message: "A name can be at most \(nameLimit) characters long.")
        }
        return name
    }

    /// The memo as written, or `nil` when it is only white space; at most 10 000 characters.
    public static func memo(_ raw: String?) throws(ValidationError) -> String? {
        guard let raw, !raw.trimmingWhitespace().isEmpty else { return nil }
        guard raw.count <= memoLimit else {
            throw ValidationError(
                field: "memo", code: "memo_too_long",
                message: "A memo can be at most \(memoLimit) characters long.")
        }
        return raw
    }

    /// The link trimmed, or `nil` when empty; at most 2 048 characters, `http` or `https` with a host.
    public static func link(_ raw: String?) throws(ValidationError) -> String? {
        guard let link = raw?.trimmingWhitespace(), !link.isEmpty else { return nil }
        guard link.count <= linkLimit else {
            throw ValidationError(
                field: "link", code: "link_too_long",
                message: "A link can be at most \(linkLimit) characters long.")
        }
        guard let components = URLComponents(string: link), let scheme = components.scheme?.lowercased() else {
            throw ValidationError(
                field: "link", code: "link_invalid",
                message: "The link is not a web address; it should look like https://example.com/page.")
        }
        guard scheme == "http" || scheme == "https" else {
            throw ValidationError(
                field: "link", code: "link_scheme_not_allowed",
                message: "A link must start with http:// or https://.")
        }
        guard let host = components.host, !host.isEmpty else {
            throw ValidationError(
                field: "link", code: "link_invalid",
                message: "The link has no host name; it should look like https://example.com/page.")
        }
        return link
    }

    /// The photo ids without repeats, in order; at most 20.
    public static func photoIDs(_ raw: [UUID]) throws(ValidationError) -> [UUID] {
        let ids = raw.withoutRepeats()
        guard ids.count <= photoLimit else {
            throw ValidationError(
                field: "photoIds", code: "too_many_photos",
                message: "A wish can have at most \(photoLimit) photos.")
        }
        return ids
    }
}

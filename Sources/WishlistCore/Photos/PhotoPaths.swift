import Foundation

extension Photo {
    /// The sizes a photo is served in, as `/media/{id}/{size}` names them.
    public enum Size: String, CaseIterable, Sendable {
        case thumb, medium, large, full, original
    }

    /// The paths of a photo's renditions, its full-size edited picture and its original. Each carries what identifies its bytes
    /// (the rendition's revision, the original's digest), so a path never shows two different
    /// images and browsers may cache it forever (W14).
    public static func urls(id: UUID, revision: Int, originalDigest: String) -> URLs {
        let base = "/media/\(id.uuidString.lowercased())/"
        return URLs(
            thumb: base + "thumb?v=\(revision)", medium: base + "medium?v=\(revision)",
            large: base + "large?v=\(revision)", full: base + "full?v=\(revision)",
            original: base + "original?v=\(originalDigest.prefix(16))")
    }
}

import Foundation

/// A GIF an account keeps among its favorites (G6): the GIF's fields and `favoritedAt`.
public struct FavoriteGif: Codable, Sendable, Hashable, Identifiable {
    /// The most favorites one account keeps; one more is refused.
    public static let limit = 20

    public var gif: Gif
    public var favoritedAt: Date

    public var id: String { gif.id }

    /// `gif` as a favorite since `favoritedAt`.
    public init(gif: Gif, favoritedAt: Date) {
        self.gif = gif
        self.favoritedAt = favoritedAt
    }

    private enum CodingKeys: String, CodingKey { case favoritedAt }

    /// The GIF's own fields with `favoritedAt` beside them, not nested.
    public init(from decoder: any Decoder) throws {
        gif = try Gif(from: decoder)
        favoritedAt = try decoder.container(keyedBy: CodingKeys.self).decodeTimestamp(forKey: .favoritedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        try gif.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(favoritedAt.iso8601String, forKey: .favoritedAt)
    }
}

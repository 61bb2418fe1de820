import Foundation

/// A GIF from Giphy as the API shows it (G1–G10): its Giphy page and three renditions.
///
/// Only the server makes these, from Giphy's own answers; a client never supplies a GIF's urls.
public struct Gif: Codable, Sendable, Hashable, Identifiable {
    /// One file of the GIF.
    public struct Image: Codable, Sendable, Hashable {
        public var url: String
        public var width: Int
        public var height: Int

        /// The file at `url`, `width`×`height` pixels.
        public init(url: String, width: Int, height: Int) {
            self.url = url
            self.width = width
            self.height = height
        }
    }

    /// `preview`: a small animation for grids, never the original; `still`: one frame (reduced
    /// motion); `original`: the full animation.
    public struct Images: Codable, Sendable, Hashable {
        public var preview: Image
        public var still: Image
        public var original: Image

        /// The three files of a GIF.
        public init(preview: Image, still: Image, original: Image) {
            self.preview = preview
            self.still = still
            self.original = original
        }
    }

    /// Giphy's id, letters and digits.
    public var id: String
    /// Empty when the GIF has none.
    public var title: String
    /// `g`, `pg`, `pg-13` or `r`; nil when Giphy does not say.
    public var rating: String?
    /// The GIF's page on Giphy: what to share and what a wish made from it links to.
    public var url: String
    public var images: Images

    /// A GIF as Giphy describes it: its id, title (empty when none), rating, page and files.
    public init(id: String, title: String, rating: String?, url: String, images: Images) {
        self.id = id
        self.title = title
        self.rating = rating
        self.url = url
        self.images = images
    }

    /// The name a wish made from this GIF gets: its title, or "GIF" when it has none.
    public var wishName: String {
        title.isEmpty ? "GIF" : String(title.prefix(WishRules.nameLimit))
    }

    enum CodingKeys: String, CodingKey { case id, title, rating, url, images }

    /// An absent rating as an explicit `null`, as the API writes every absent value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(rating, forKey: .rating)
        try container.encode(url, forKey: .url)
        try container.encode(images, forKey: .images)
    }
}

import Foundation

/// A GIF as Giphy describes it, with its renditions chosen for three uses.
///
/// Giphy does not promise every rendition for every GIF, so each use falls back through a fixed
/// order of renditions that serve it; a GIF with none for some use is left out of answers.
public struct GiphyGif: Sendable, Hashable, Codable {
    public var id: String
    /// Empty when Giphy has none (often).
    public var title: String
    /// `g`, `pg`, `pg-13`, `r`; nil when Giphy left it out or empty.
    public var rating: String?
    /// The uploader's Giphy name; nil when anonymous.
    public var username: String?
    /// The GIF's page on Giphy.
    public var pageURL: URL
    /// A small animation for grids, never the original.
    public var preview: GiphyRendition
    /// One frame, for people who prefer reduced motion and for posters.
    public var still: GiphyRendition
    /// The fullest animation.
    public var original: GiphyRendition
    /// Full-size animations from the largest down, for a download under a size limit.
    public var animations: [GiphyRendition]

    /// Renditions for the grid, best first: about 200 px wide, animated, small files.
    static let previewOrder = [
        "fixed_width_downsampled", "fixed_width", "fixed_height_downsampled", "fixed_height",
        "fixed_width_small", "fixed_height_small", "preview_gif", "downsized_small", "downsized"
    ]
    static let stillOrder = [
        "fixed_width_still", "fixed_height_still", "downsized_still", "original_still",
        "fixed_width_small_still", "fixed_height_small_still", "480w_still"
    ]
    static let animationOrder = ["original", "downsized_large", "downsized_medium", "downsized"]

    public init(
        id: String, title: String, rating: String?, username: String?, pageURL: URL,
        preview: GiphyRendition, still: GiphyRendition, original: GiphyRendition, animations: [GiphyRendition]
    ) {
        self.id = id
        self.title = title
        self.rating = rating
        self.username = username
        self.pageURL = pageURL
        self.preview = preview
        self.still = still
        self.original = original
        self.animations = animations
    }

    /// The GIF of Giphy's object, or nil when a use has no rendition at all.
    init?(_ object: GiphyObject) {
        let renditions = object.images ?? [:]
        let animations = Self.animationOrder.compactMap { renditions[$0]?.rendition }
        guard let preview = Self.previewOrder.lazy.compactMap({ renditions[$0]?.rendition }).first,
            let still = Self.stillOrder.lazy.compactMap({ renditions[$0]?.rendition }).first,
            let original = animations.first
        else { return nil }
        self.init(
            id: object.id, title: object.title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "",
            rating: object.rating.flatMap { $0.isEmpty ? nil : $0 },
            username: object.username.flatMap { $0.isEmpty ? nil : $0 },
            pageURL: object.url.flatMap(URL.init(string:)) ?? URL(string: "https://giphy.com/gifs/\(object.id)")!,
            preview: preview, still: still, original: original, animations: animations)
    }

    /// The fullest animation whose size Giphy gives as at most `maximumBytes` (or does not give).
    public func animation(notLargerThan maximumBytes: Int) -> GiphyRendition? {
        animations.first { ($0.byteCount ?? 0) <= maximumBytes }
    }
}

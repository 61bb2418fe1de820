import Foundation

/// What a page says about itself: the fields of a link preview. Every URL is absolute.
public struct PagePreview: Sendable, Equatable, Codable {
    /// The URL that was asked for.
    public var url: URL
    /// The page's own idea of its address (`<link rel=canonical>`, `og:url`), else where the
    /// fetch ended after redirects.
    public var canonicalURL: URL
    public var title: String?
    public var description: String?
    public var image: URL?
    public var siteName: String?
    public var favicon: URL?
    public var price: PreviewPrice?
    /// The page's language tag as declared, e.g. `ko-KR`.
    public var language: String?

    public init(
        url: URL, canonicalURL: URL, title: String? = nil, description: String? = nil, image: URL? = nil,
        siteName: String? = nil, favicon: URL? = nil, price: PreviewPrice? = nil, language: String? = nil
    ) {
        self.url = url
        self.canonicalURL = canonicalURL
        self.title = title
        self.description = description
        self.image = image
        self.siteName = siteName
        self.favicon = favicon
        self.price = price
        self.language = language
    }
}

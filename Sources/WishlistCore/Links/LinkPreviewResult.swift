import Foundation

/// What `POST /api/v1/link-previews` answers: what a page says
/// about itself, every URL absolute, absent fields as explicit nulls.
public struct LinkPreviewResult: Codable, Sendable, Hashable {
    /// A price shown on the page.
    public struct Price: Codable, Sendable, Hashable {
        public var amount: Decimal
        public var currency: String?

        /// A price: `amount` in `currency` (an ISO 4217 code), when the page names one.
        public init(amount: Decimal, currency: String?) {
            self.amount = amount
            self.currency = currency
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(amount, forKey: .amount)
            try container.encode(currency, forKey: .currency)
        }

        private enum CodingKeys: String, CodingKey { case amount, currency }
    }

    /// The link as asked for.
    public var url: String
    public var canonicalUrl: String
    public var title: String?
    public var description: String?
    public var image: String?
    public var siteName: String?
    public var favicon: String?
    public var price: Price?
    public var lang: String?

    /// What a page says about itself, each field nil when the page does not say.
    public init(
        url: String, canonicalUrl: String, title: String?, description: String?, image: String?, siteName: String?,
        favicon: String?, price: Price?, lang: String?
    ) {
        self.url = url
        self.canonicalUrl = canonicalUrl
        self.title = title
        self.description = description
        self.image = image
        self.siteName = siteName
        self.favicon = favicon
        self.price = price
        self.lang = lang
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(canonicalUrl, forKey: .canonicalUrl)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(image, forKey: .image)
        try container.encode(siteName, forKey: .siteName)
        try container.encode(favicon, forKey: .favicon)
        try container.encode(price, forKey: .price)
        try container.encode(lang, forKey: .lang)
    }

    private enum CodingKeys: String, CodingKey {
        case url, canonicalUrl, title, description, image, siteName, favicon, price, lang
    }
}

import Foundation

/// Makes a `PagePreview` from a page's elements: Open Graph and Twitter cards first (for the
/// image, a video's poster before them), then the page's own `<title>`, meta description, JSON-LD and the first large `<img>`. Relative URLs
/// are resolved against `<base href>` and the URL the page finally came from.
struct PreviewReader {
    let elements: [HTMLElement]
    let requestedURL: URL
    let finalURL: URL
    /// `<meta property|name=…>` contents by lower-cased key; the first of each wins.
    private let meta: [String: String]
    private let base: URL
    private let jsonLD: JSONLD

    init(elements: [HTMLElement], requestedURL: URL, finalURL: URL) {
        self.elements = elements
        self.requestedURL = requestedURL
        self.finalURL = finalURL
        var meta: [String: String] = [:]
        for element in elements where element.name == "meta" {
            guard let content = element["content"] else { continue }
            for key in [element["property"], element["name"], element["itemprop"]].compactMap({ $0?.lowercased() })
            where meta[key] == nil {
                meta[key] = content
            }
        }
        self.meta = meta
        jsonLD = JSONLD(elements)
        let baseHref = elements.first { $0.name == "base" && $0["href"] != nil }?["href"]
        base = baseHref.flatMap { Self.resolve($0, against: finalURL) } ?? finalURL
    }

    var preview: PagePreview {
        PagePreview(
            url: requestedURL,
            canonicalURL: canonicalURL,
            title: firstText(
                meta["og:title"], meta["twitter:title"], titleElement, meta["title"], jsonLDText("headline"), jsonLDText("name")),
            description: firstText(meta["og:description"], meta["twitter:description"], meta["description"], jsonLDText("description")),
            image: image,
            siteName: firstText(meta["og:site_name"], meta["application-name"], meta["twitter:site"].map { $0.hasPrefix("@") ? "" : $0 })
                ?? finalURL.host.map { $0.hasPrefix("www.") ? String($0.dropFirst(4)) : $0 },
            favicon: favicon,
            price: PriceReader.price(in: elements, jsonLD: jsonLD, meta: meta),
            language: firstText(
                elements.first { $0.name == "html" }?["lang"], meta["og:locale"]?.replacingOccurrences(of: "_", with: "-"),
                meta["content-language"], elements.first { $0.name == "html" }?["xml:lang"])
        )
    }

    private var titleElement: String? {
        elements.first { $0.name == "title" }?.text
    }

    private var canonicalURL: URL {
        let canonical = links(rel: "canonical").first ?? meta["og:url"]
        return canonical.flatMap(url) ?? finalURL
    }

    private var image: URL? {
        let declared = [
            videoPoster, meta["og:image"], meta["og:image:url"], meta["og:image:secure_url"], meta["twitter:image"],
            meta["twitter:image:src"], links(rel: "image_src").first, jsonLDImage, meta["thumbnail"]
        ]
        for candidate in declared.compactMap({ $0 }) {
            if let url = url(candidate) { return url }
        }
        return firstLargeImage
    }

    /// The poster of the first video a person is meant to play: a page built around a video is
    /// seen as that still (as the reference reader of `testdata/link-previews` does), and
    /// it often differs from a generic share card. A looping background video that plays by itself
    /// and a hidden one are decoration, not the page's subject.
    private var videoPoster: String? {
        elements.first { element in
            element.name == "video" && element["poster"] != nil && !Self.isDecorative(element)
                && !(element["autoplay"] != nil && element["loop"] != nil)
        }?["poster"]
    }

    /// The first `<img>` that is not known to be small or decorative: icons and tracking pixels
    /// declare their size, a content image often does not; ARIA marks ornaments hidden. Vector
    /// images (logos) and inline data are passed over.
    private var firstLargeImage: URL? {
        for element in elements where element.name == "img" && !Self.isDecorative(element) {
            let declared = [element["width"], element["height"]].compactMap { $0.flatMap { Int($0) } }
            guard declared.allSatisfy({ $0 >= Self.smallestContentImage }),
                let source = element["src"] ?? element["data-src"], let url = url(source),
                !url.path.lowercased().hasSuffix(".svg")
            else { continue }
            return url
        }
        return nil
    }

    /// Icons and badges declare less than this on a side (in CSS pixels); a thumbnail, more.
    private static let smallestContentImage = 64

    /// Marked as no part of the content for assistive technology.
    private static func isDecorative(_ element: HTMLElement) -> Bool {
        element["aria-hidden"]?.lowercased() == "true" || ["presentation", "none"].contains(element["role"]?.lowercased())
    }

    private var favicon: URL? {
        let icons = links(rel: "icon") + links(rel: "shortcut icon") + links(rel: "apple-touch-icon")
        return icons.lazy.compactMap(url).first ?? Self.resolve("/favicon.ico", against: finalURL)
    }

    /// The hrefs of `<link>`s whose `rel` list holds `rel` (or is exactly it, for two-word rels).
    private func links(rel: String) -> [String] {
        elements.filter { element in
            guard element.name == "link", let value = element["rel"]?.lowercased() else { return false }
            return value == rel || value.split(separator: " ").contains(Substring(rel))
        }.compactMap { $0["href"] }
    }

    private func jsonLDText(_ key: String) -> String? {
        jsonLD.topLevelNodes.lazy.compactMap { $0[key] as? String }.first
    }

    private var jsonLDImage: String? {
        for node in jsonLD.topLevelNodes {
            let image = node["image"] ?? node["thumbnailUrl"]
            if let text = image as? String { return text }
            if let object = (image as? [Any])?.first ?? image {
                if let text = object as? String { return text }
                if let url = (object as? [String: Any])?["url"] as? String { return url }
            }
        }
        return nil
    }

    private func url(_ text: String) -> URL? {
        Self.resolve(text, against: base)
    }

    /// `text` as an absolute http(s) URL against `base`; nil for `data:`, `javascript:` and the like.
    static func resolve(_ text: String, against base: URL) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let escaped =
            URL(string: trimmed, relativeTo: base) != nil
            ? trimmed
            : trimmed.addingPercentEncoding(withAllowedCharacters: urlCharacters) ?? trimmed
        guard let url = URL(string: escaped, relativeTo: base)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }

    /// What may stay unescaped when a page writes a URL with spaces or other raw characters.
    private static let urlCharacters = CharacterSet.urlQueryAllowed.union(.urlPathAllowed).union(CharacterSet(charactersIn: "#%"))

    /// The first candidate with text left once whitespace is collapsed.
    private func firstText(_ candidates: String?...) -> String? {
        for candidate in candidates {
            guard let candidate else { continue }
            let text = candidate.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !text.isEmpty { return text }
        }
        return nil
    }
}

import Foundation
import HTTPServer
import WishlistCore

/// The HTML of `GET /s/{token}`: a small page of its own (not the app), so that a friend's phone
/// on a slow connection fetches little. It names the list in its title and Open Graph tags (a
/// link pasted into a messenger previews with the title, "N wishes · owner" and the first photo)
/// and hands the first page of the list to its script in `<meta name="wishlist-shared-list">`,
/// so the wishes show without another request. `js/sharing/shared-list-page.js` draws the rest.
///
/// Its whole stylesheet is in the HTML (`InlineStylesheet`, allowed by hash in the CSP): on a slow
/// connection each request waits about 2 s before its first byte, and a linked stylesheet held the
/// first paint back by that much. The page's heading and summary are in the HTML, so the phone
/// shows them as soon as the HTML arrives; the module script is deferred and blocks nothing. The
/// modules it imports and the catalogs it reads are preloaded with the page (`ModuleGraph`), so the
/// cards wait for one round trip after the HTML rather than one per level of imports. It names the
/// app's icon, which the browser would otherwise look for at `/favicon.ico`, a 404.
struct SharedListPage: Sendable {
    /// The page's script, relative to the web folder.
    static let script = "js/sharing/shared-list-page.js"
    /// The CSS files the page carries inline (relative to `css/`), in cascade order.
    static let stylesheets = ["tokens.css", "photos/photo-strip.css", "sharing/shared-list-page.css"]

    /// The languages the page speaks; anything else reads English.
    enum Language: String, Sendable {
        case en, ko

        init(_ request: Request) {
            self = request.preferredLanguage == "ko" ? .ko : .en
        }

        func summary(count: Int, owner: String) -> String {
            switch self {
            case .en: "\(count) \(count == 1 ? "wish" : "wishes") · \(owner)"
            case .ko: "위시 \(count)개 · \(owner)"
            }
        }

        var goneTitle: String {
            switch self {
            case .en: "This list isn’t shared any more"
            case .ko: "더 이상 공유되지 않는 목록이에요"
            }
        }
    }

    /// What the page's script reads from `<meta name="wishlist-shared-list">`.
    struct Data: Encodable {
        /// The link's token, for the script's requests (`api-routes.js` with `{token}`).
        let token: String?
        /// The owner is looking: no reservation state is in `list`, and friends see more.
        let viewerIsOwner: Bool
        /// The first page, as `GET /api/v1/shared/{token}` answers it; nil on a dead link.
        let list: SharedList?
        /// `share_not_found` on a dead link.
        let error: String?
    }

    let assetBase: String
    /// `stylesheets`, read once at start.
    let style: InlineStylesheet
    /// What `script` imports, directly or not (`ModuleGraph.imports`), relative to the web folder.
    let modules: [String]
    let publicURL: PublicURL?

    /// The page of a live list.
    func render(_ list: SharedList, token: String, viewerIsOwner: Bool, origin: String, language: Language) throws
        -> Response
    {
        let image = list.items.lazy.compactMap(\.photos.first).first.map { origin + $0.urls.medium }
        let summary = language.summary(count: list.total, owner: list.owner.username)
        var head = [
            #"<meta property="og:type" content="website">"#,
            #"<meta property="og:title" content="\#(Self.escaped(list.title))">"#,
            #"<meta property="og:description" content="\#(Self.escaped(summary))">"#,
            #"<meta name="description" content="\#(Self.escaped(summary))">"#
        ]
        if let image { head.append(#"<meta property="og:image" content="\#(Self.escaped(image))">"#) }
        let data = Data(token: token, viewerIsOwner: viewerIsOwner, list: list, error: nil)
        return try html(
            title: list.title, head: head, heading: list.title, summary: summary, data: data, language: language,
            status: .ok)
    }

    /// The page of a dead link: 404, saying only that.
    func gone(language: Language) -> Response {
        let data = Data(token: nil, viewerIsOwner: false, list: nil, error: SharingError.shareNotFound.code)
        return
            (try? html(
                title: language.goneTitle, head: [], heading: language.goneTitle, summary: nil, data: data,
                language: language, status: .notFound)) ?? Response(status: .notFound)
    }

    private func html(
        title: String, head: [String], heading: String, summary: String?, data: Data, language: Language,
        status: HTTPStatus
    ) throws -> Response {
        let json = String(decoding: try JSONCoding.encoder().encode(data), as: UTF8.self)
        let page = """
            <!doctype html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex, nofollow">
            <meta name="referrer" content="no-referrer">
            <meta name="color-scheme" content="light dark">
            <title>\(Self.escaped(title))</title>
            \(head.joined(separator: "\n"))
            <meta name="wishlist-shared-list" content="\(Self.escaped(json))">
            <style>\(style.css)</style>
            <link rel="icon" href="\(assetBase)/icons/icon.svg" type="image/svg+xml">
            <script type="module" src="\(assetBase)/\(Self.script)"></script>
            \(preloads(language).joined(separator: "\n"))
            </head>
            <body>
            <main id="shared-list" class="shared-list-page">
            <h1>\(Self.escaped(heading))</h1>
            \(summary.map { "<p class=\"shared-list-summary\">\(Self.escaped($0))</p>" } ?? "")
            </main>
            </body>
            </html>

            """
        var headers = HTTPHeaders()
        headers["Content-Type"] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: .data(Foundation.Data(page.utf8)))
    }

    /// The `<link>`s that fetch the script's modules and catalogs with the page. `js/shell/i18n.js`
    /// reads English (beneath every language) and then the reader's; `crossorigin` makes each
    /// preload the same request as its `fetch`, so that the fetch takes it.
    private func preloads(_ language: Language) -> [String] {
        let catalogs = Set(["en", language.rawValue]).sorted()
        return modules.map { #"<link rel="modulepreload" href="\#(assetBase)/\#($0)">"# }
            + catalogs.map { #"<link rel="preload" href="\#(assetBase)/i18n/\#($0).json" as="fetch" crossorigin>"# }
    }

    /// Text made safe inside an element or a double-quoted attribute.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}

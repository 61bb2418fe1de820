import Foundation
import HTTPServer
import WishlistStore

/// What another app shared into Wishlist (W7): the Web Share Target's `title`, `text`, `url`
/// and files, from a multipart or urlencoded POST or a GET's query.
struct SharedItem: Sendable {
    /// The wish's name as the person set it on the share screen, which wins over every other.
    var name: String?
    var title: String?
    var text: String?
    /// The shared link: `url`, or else the first http(s) link inside `text` (Android puts it there).
    var link: String?
    /// Files read into memory, so the item outlives the request (a share waiting for sign-in).
    var files: [Data]

    /// The item as it waits for a sign-in (`PendingShareRepository`).
    var pending: PendingShare { PendingShare(name: name, title: title, text: text, link: link, files: files) }

    var isEmpty: Bool { link == nil && files.isEmpty }

    init(name: String? = nil, title: String?, text: String?, url: String?, files: [Data]) {
        func present(_ value: String?) -> String? {
            value.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        self.name = present(name)
        self.title = present(title)
        self.text = present(text)
        link = present(url).flatMap(Self.firstLink) ?? present(text).flatMap(Self.firstLink)
        self.files = files.filter { !$0.isEmpty }
    }

    /// An item that waited for a sign-in, as it was kept.
    init(_ pending: PendingShare) {
        name = pending.name
        title = pending.title
        text = pending.text
        link = pending.link
        files = pending.files
    }

    /// Reads the request's form or query; files only come in multipart bodies.
    init(_ request: Request, maximumFiles: Int) throws {
        switch (request.method, request.mediaType) {
        case (.POST, "multipart/form-data"):
            let form = try request.multipartForm(maxParts: maximumFiles + 5)
            defer { form.removeTemporaryFiles() }
            let files = try form.parts.filter(\.isFile).prefix(maximumFiles).map { try $0.body.data() }
            self.init(
                name: form.field("name"), title: form.field("title"), text: form.field("text"), url: form.field("url"),
                files: files)
        case (.POST, "application/x-www-form-urlencoded"):
            let fields = Self.formFields(String(decoding: try request.body.data(), as: UTF8.self))
            self.init(name: fields["name"], title: fields["title"], text: fields["text"], url: fields["url"], files: [])
        case (.POST, _):
            throw HTTPError(
                .unsupportedMediaType, code: "unsupported_media_type",
                message: "Share with multipart/form-data or application/x-www-form-urlencoded.")
        default:
            self.init(title: request.query["title"], text: request.query["text"], url: request.query["url"], files: [])
        }
    }

    /// The first http or https link in `text`, without the punctuation that often follows one.
    static func firstLink(in text: String) -> String? {
        guard let match = text.firstMatch(of: #/(?i)https?://[^\s<>"]+/#) else { return nil }
        var link = Substring(match.output)
        while let last = link.last, ".,;:!?)]}'\"".contains(last), !(last == ")" && link.contains("(")) {
            link = link.dropLast()
        }
        return String(link)
    }

    /// `name=value&…` with `+` as space, the first of a repeated name.
    static func formFields(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            guard let name = parts.first, fields[name] == nil else { continue }
            fields[name] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }
}

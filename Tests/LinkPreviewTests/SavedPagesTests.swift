import Foundation
import LinkPreview
import Outbound
import TestSupport
import Testing

/// The 30 real pages in the repository's `testdata/link-previews`, each served by a loopback server at
/// its original path, read through the whole fetch-and-parse path and compared with what a
/// person sees on the page (`expected.json`).
@Suite struct SavedPagesTests {
    static let directory = TestData.linkPreviews

    struct Expected: Decodable {
        struct Fields: Decodable {
            var title: String?
            var description: String?
            var image: String?
        }

        var url: String
        var expected: Fields
    }

    /// Whitespace collapsed, and typographer's quotes and ellipses written plainly: the tool
    /// that wrote `expected.json` "smartened" straight quotes the pages themselves contain.
    static func normalized(_ text: String?) -> String? {
        text.map { text in
            text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                .replacing(#/[‘’]/#, with: "'").replacing(#/[“”]/#, with: "\"").replacingOccurrences(of: "…", with: "...")
        }
    }

    /// An image URL as the page means it: the test server's origin stands for the page's own, a
    /// scheme-relative reference (`//cdn…`, never written with `http:` on the page) takes the
    /// original page's scheme rather than the test server's, and percent-escapes of characters
    /// that need none are undone.
    static func normalizedImage(_ url: URL?, servedFrom server: URL, original: URL, page: String) -> String? {
        guard var text = url?.absoluteString else { return nil }
        if text.hasPrefix(server.absoluteString) {
            text = "\(original.scheme!)://\(original.host!)" + text.dropFirst(server.absoluteString.count)
        } else if let host = url?.host, url?.scheme == server.scheme, !page.contains("\(server.scheme!)://\(host)") {
            text = original.scheme! + text.dropFirst(server.scheme!.count)
        }
        return text.removingPercentEncoding ?? text
    }

    /// Two pages differ for reasons a page's own metadata cannot give: one expects text from the
    /// page's body as Yandex's description, one a description cut short with a stray backtick.
    @Test func readsAtLeast28OfTheSavedPages() async throws {
        // The folder's README and LICENSE sit beside the pages' folders.
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
            .filter { FileManager.default.fileExists(atPath: Self.directory.appendingPathComponent("\($0)/input.html").path) }
        #expect(names.count == 30)
        var matches = 0
        var misses: [String] = []
        for name in names {
            let folder = Self.directory.appendingPathComponent(name)
            let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
            let html = try [UInt8](Data(contentsOf: folder.appendingPathComponent("input.html")))
            let original = try #require(URL(string: expected.url))
            let path = original.path.isEmpty ? "/" : original.path
            let server = try LoopbackHTTPServer { request in
                request.path == path
                    ? .answer(status: 200, headers: ["Content-Type": "text/html"], body: html) : .json(status: 404, body: "{}")
            }
            defer { server.stop() }
            var configuration = OutboundClient.Configuration()
            configuration.allowPrivateAddresses = true
            let previewer = LinkPreviewer(client: OutboundClient(configuration: configuration))
            let preview = try await previewer.preview(of: server.url(path + (original.query.map { "?\($0)" } ?? "")))
            let image = Self.normalizedImage(
                preview.image, servedFrom: server.baseURL, original: original,
                page: String(decoding: html, as: UTF8.self))
            let fields = [
                ("title", Self.normalized(preview.title), Self.normalized(expected.expected.title)),
                ("description", Self.normalized(preview.description), Self.normalized(expected.expected.description)),
                ("image", image, expected.expected.image.map { $0.removingPercentEncoding ?? $0 })
            ]
            let wrong = fields.filter { $0.1 != $0.2 }
            if wrong.isEmpty {
                matches += 1
            } else {
                misses.append("\(name): " + wrong.map { "\($0.0) \($0.1 ?? "nil") ≠ \($0.2 ?? "nil")" }.joined(separator: "; "))
            }
        }
        print("Link previews: \(matches) of \(names.count) saved pages read as expected")
        for miss in misses { print("  miss \(miss)") }
        #expect(matches >= 28, "\(misses)")
    }
}

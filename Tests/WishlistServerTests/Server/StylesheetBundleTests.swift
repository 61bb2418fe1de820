import Foundation
import Testing

@testable import WishlistServer

/// The web app's CSS files joined into one stylesheet in `css/bundle.txt`'s order (issue 28).
@Suite struct StylesheetBundleTests {
    @Test func theAppsStylesheetIsEveryListedFileInOrder() throws {
        let assets = try WebAssets.bundled()
        let css = assets.directory.appendingPathComponent("css")
        let files = try String(contentsOf: css.appendingPathComponent("bundle.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
        #expect(files.first == "tokens.css")
        #expect(files.count > 40)
        #expect(assets.stylesheet.files == files)
        var expected = Data()
        for file in files { expected.append(try Data(contentsOf: css.appendingPathComponent(file))) }
        #expect(assets.stylesheet.css == expected)
    }

    @Test func theStylesheetIsServedOnceUnderTheDigest() async throws {
        let server = try TestServer()
        let html = try await server.client().send("GET", "/")
        let page = String(decoding: html.body, as: UTF8.self)
        let links = page.matches(of: /rel="stylesheet" href="(\/static\/[0-9a-f]{12}\/[^"]+)"/).map { String($0.output.1) }
        #expect(links.count == 1)
        let answer = try await server.client().send("GET", try #require(links.first))
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "text/css; charset=utf-8")
        #expect(answer.headers["cache-control"]?.contains("immutable") == true)
        #expect(answer.body == (try WebAssets.bundled()).stylesheet.css)
    }

    @Test func aCSSFileLeftOffTheListStopsTheStart() throws {
        let web = try Self.webFolder(list: ["a.css"], files: ["a.css": "a {}\n", "wishes/b.css": "b {}\n"])
        defer { try? FileManager.default.removeItem(at: web) }
        #expect(throws: StylesheetBundleError(missing: [], unlisted: ["wishes/b.css"], listedTwice: [])) {
            try WebAssets(directory: web)
        }
    }

    @Test func aListedFileThatIsMissingOrListedTwiceStopsTheStart() throws {
        let web = try Self.webFolder(list: ["a.css", "gone.css", "a.css"], files: ["a.css": "a {}\n"])
        defer { try? FileManager.default.removeItem(at: web) }
        #expect(throws: StylesheetBundleError(missing: ["gone.css"], unlisted: [], listedTwice: ["a.css"])) {
            try WebAssets(directory: web)
        }
    }

    @Test func filesAreJoinedInTheListsOrderNotTheFoldersAndTheDigestFollowsThem() throws {
        let web = try Self.webFolder(
            list: ["z.css", "wishes/b.css", "a.css"], files: ["a.css": "a {}", "wishes/b.css": "b {}\n", "z.css": "z {}\n"])
        defer { try? FileManager.default.removeItem(at: web) }
        let before = try WebAssets(directory: web)
        // A file without a final newline still ends its line.
        #expect(String(decoding: before.stylesheet.css, as: UTF8.self) == "z {}\nb {}\na {}\n" + Self.sharedListCSS)

        try Data("b { color: red }\n".utf8).write(to: web.appendingPathComponent("css/wishes/b.css"))
        let after = try WebAssets(directory: web)
        #expect(after.version != before.version)
        #expect(String(decoding: after.stylesheet.css, as: UTF8.self) == "z {}\nb { color: red }\na {}\n" + Self.sharedListCSS)
    }

    /// A rule in each of the files the shared list's page carries inline, which every web folder needs.
    private static let sharedListFiles = Dictionary(
        uniqueKeysWithValues: SharedListPage.stylesheets.map { ($0, "s {}\n") })
    /// What they add to the joined stylesheet, listed last.
    private static let sharedListCSS = String(repeating: "s {}\n", count: SharedListPage.stylesheets.count)

    /// A web folder with the two pages WebAssets fills in, `css/bundle.txt` and the CSS files, and
    /// the shared list's (`sharedListFiles`, listed last).
    private static func webFolder(list: [String], files: [String: String]) throws -> URL {
        let list = list + SharedListPage.stylesheets
        let files = files.merging(sharedListFiles) { given, _ in given }
        let web = FileManager.default.temporaryDirectory.appendingPathComponent("web-\(UUID())")
        let css = web.appendingPathComponent("css")
        try FileManager.default.createDirectory(at: css, withIntermediateDirectories: true)
        try Data("<link href=\"__ASSET_BASE__/css/app.css\">".utf8).write(to: web.appendingPathComponent("index.html"))
        try Data("{}".utf8).write(to: web.appendingPathComponent("manifest.webmanifest"))
        try Data(("# comment\n\n" + list.joined(separator: "\n") + "\n").utf8).write(to: css.appendingPathComponent("bundle.txt"))
        for (path, text) in files {
            let file = css.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return web
    }
}

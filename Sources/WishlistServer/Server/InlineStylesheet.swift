import Crypto
import Foundation

/// CSS files that a page carries in a `<style>` of its own rather than links to: a page opened over a
/// slow connection then paints as soon as its HTML arrives, instead of after another round trip per
/// stylesheet. The strict Content-Security-Policy lets exactly this text apply, by its SHA-256
/// (`'sha256-…'` in `style-src`), worked out here once at start, so no edit can forget it.
struct InlineStylesheet: Sendable {
    /// The files' text, joined in order.
    let css: String
    /// The CSP source that allows a `<style>` holding exactly `css`.
    let policySource: String

    /// `files` are relative to the web folder's `css/`, in cascade order.
    init(webDirectory: URL, files: [String]) throws {
        let folder = webDirectory.appendingPathComponent("css")
        css = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
        // A CSS file of ours that closed the element would end the page's style early.
        guard !css.lowercased().contains("</style") else { throw CocoaError(.fileReadCorruptFile) }
        policySource = "'sha256-\(Data(SHA256.digest(Array(css.utf8))).base64EncodedString())'"
    }
}

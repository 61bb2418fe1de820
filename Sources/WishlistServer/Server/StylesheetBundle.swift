import Foundation

/// The web app's one stylesheet: the CSS files that `css/bundle.txt` lists (one a line, relative to
/// `css/`; blank lines and `#` comments aside), joined in that order, which is their cascade order.
/// Kept in a file per component or view for people, served as one file so a slow phone makes one
/// request rather than a waterfall of `@import`s. A CSS file under `css/` that the list leaves out,
/// or a listed one that is missing, stops the server at start: nothing is dropped without a word.
struct StylesheetBundle: Sendable {
    /// The list, relative to the web folder.
    static let listPath = "css/bundle.txt"
    /// Where the joined stylesheet is served under the asset base; its `url()`s resolve from `css/`.
    static let servedPath = "css/app.css"

    /// The listed files, relative to `css/`, in order.
    let files: [String]
    let css: Data

    init(webDirectory: URL) throws {
        let folder = webDirectory.appendingPathComponent("css")
        let list = try String(contentsOf: webDirectory.appendingPathComponent(Self.listPath), encoding: .utf8)
        files = list.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }

        let present = Set(Self.cssFiles(under: folder))
        let listed = Set(files)
        let missing = files.filter { !present.contains($0) }
        let unlisted = present.subtracting(listed).sorted()
        let twice = Dictionary(grouping: files, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        guard missing.isEmpty, unlisted.isEmpty, twice.isEmpty else {
            throw StylesheetBundleError(missing: missing, unlisted: unlisted, listedTwice: twice)
        }

        var joined = Data()
        for file in files {
            let contents = try Data(contentsOf: folder.appendingPathComponent(file))
            joined.append(contents)
            // A file without a final newline must not run into the next one's first rule or comment.
            if contents.last != UInt8(ascii: "\n") { joined.append(UInt8(ascii: "\n")) }
        }
        css = joined
    }

    /// Every `.css` file below `folder`, relative to it.
    private static func cssFiles(under folder: URL) -> [String] {
        let root = folder.standardizedFileURL.path + "/"
        return
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "css" && !$0.hasDirectoryPath }
            .map { String($0.standardizedFileURL.path.dropFirst(root.count)) }
    }
}

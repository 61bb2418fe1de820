import Foundation
import WishlistCore

/// The web app's service worker as `GET /sw.js` serves it: a few lines that import the worker's
/// code from this version's assets (`js/offline/service-worker.js`) and start it with the version
/// and the app shell it keeps — the page, the manifest, the joined stylesheet and every script,
/// catalog and icon, at their versioned addresses. The browser compares this script byte for byte
/// at each check, so any change to the web app's files (a new digest) is a new worker.
enum ServiceWorkerScript {
    /// The worker's code, in `Web/`.
    static let modulePath = "js/offline/service-worker.js"
    /// The folders of `Web/` whose every file the shell needs as it is (the CSS sources are served joined).
    static let shellFolders = ["js", "i18n", "icons"]

    /// The script for the assets in `directory`, served under `base` at `version`.
    static func make(directory: URL, base: String, version: String) throws -> Data {
        let files = try shellFiles(in: directory).map { "\(base)/\($0)" }
        let shell = [APIRoute.Server.page.template, APIRoute.Server.manifest.template, "\(base)/\(StylesheetBundle.servedPath)"] + files
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let settings = try encoder.encode(Settings(version: version, shell: shell))
        return Data(
            """
            // Wishlist's service worker for version \(version); its code is the module imported here.
            import { startServiceWorker } from "\(base)/\(modulePath)";

            startServiceWorker(\(String(decoding: settings, as: UTF8.self)));

            """.utf8)
    }

    /// What the worker is started with. Encoded, not serialized: `JSONSerialization` sorts keys by
    /// the locale's collation, which loaded ICU's collation data at every start (1.2 MB more of an
    /// idle server's memory).
    private struct Settings: Encodable {
        let version: String
        let shell: [String]
    }

    /// The paths, relative to `directory`, of the files in `shellFolders`, sorted.
    static func shellFiles(in directory: URL) throws -> [String] {
        let root = directory.standardizedFileURL.path + "/"
        return try shellFolders.flatMap { folder in
            let enumerator = FileManager.default.enumerator(
                at: directory.appendingPathComponent(folder), includingPropertiesForKeys: [.isDirectoryKey])
            return try (enumerator?.compactMap { $0 as? URL } ?? []).filter {
                try $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory != true
            }.map { String($0.standardizedFileURL.path.dropFirst(root.count)) }
        }.sorted()
    }
}

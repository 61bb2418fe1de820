import Crypto
import Foundation
import HTTPServer
import WishlistCore

/// Serves the web app: `index.html`, the manifest and the service worker (never cached, with the asset base, the
/// public url and the limits filled in; the worker from `ServiceWorkerScript`) and every other file of `Web/` under `/static/<version>/…`, cached forever because the
/// version is a digest of the files and changes with them. The CSS files are served joined, as
/// one stylesheet (`StylesheetBundle`). Everything here is the same for every visitor and holds no
/// secret, so it is sent gzip-compressed to browsers that accept it, each file compressed once and
/// kept (`ResponseCompression.once`, keyed by the file).
struct WebAssets: Sendable {
    static let assetBasePlaceholder = "__ASSET_BASE__"
    /// The server's public origin in `index.html`, empty without `--public-url` (the page's own origin then).
    static let publicURLPlaceholder = "__PUBLIC_URL__"
    /// `Limits.standard` as JSON in `index.html`, where the web app reads the limits it checks forms by.
    static let limitsPlaceholder = "__LIMITS__"

    let directory: URL
    let version: String
    /// Where the files are served, `/static/<version>`.
    var base: String { "/static/\(version)" }
    private let index: Data
    private let manifest: Data
    private let serviceWorker: Data
    /// The ETag of the pages, manifest, worker and joined stylesheet: a digest of what they are made of.
    private let pageETag: String
    let stylesheet: StylesheetBundle
    /// The stylesheet a shared list's page carries inline (`SharedListPage.stylesheets`).
    let sharedListStyle: InlineStylesheet
    /// The CSP sources of every stylesheet a page carries inline.
    var inlineStyleSources: [String] { [sharedListStyle.policySource] }

    /// - Parameter headerSettings: what else shapes the headers the pages are sent with (the image origins
    ///   and https of `SecurityHeadersMiddleware`). It is part of their ETag: on a 304 a browser keeps the
    ///   headers of its cached copy (Chromium never takes `Content-*` headers from one), so a page whose
    ///   policy changed must not be "not modified".
    init(directory: URL, publicURL: PublicURL? = nil, headerSettings: [String] = []) throws {
        self.directory = directory.standardizedFileURL
        version = try Self.digest(of: self.directory)
        stylesheet = try StylesheetBundle(webDirectory: self.directory)
        sharedListStyle = try InlineStylesheet(webDirectory: self.directory, files: SharedListPage.stylesheets)
        let values = [
            Self.assetBasePlaceholder: "/static/\(version)", Self.publicURLPlaceholder: publicURL?.origin ?? "",
            Self.limitsPlaceholder: try Self.attributeText(JSONCoding.encoder().encode(Limits.standard))
        ]
        index = try Self.filled(directory.appendingPathComponent("index.html"), values)
        manifest = try Self.filled(directory.appendingPathComponent("manifest.webmanifest"), values)
        serviceWorker = try ServiceWorkerScript.make(directory: self.directory, base: "/static/\(version)", version: version)
        var hasher = SHA256()
        for part in [index, manifest, serviceWorker, Data(headerSettings.joined(separator: "\n").utf8)] {
            part.withUnsafeBytes { hasher.update($0) }
        }
        pageETag = "\"\(SHA256.hex(hasher.finalize()).prefix(16))\""
    }

    /// The folder shipped inside the server module, or `directory` when given (`serve --web-directory`).
    static func bundled(publicURL: PublicURL? = nil, directory: URL? = nil, headerSettings: [String] = []) throws
        -> WebAssets
    {
        guard let url = directory ?? Bundle.module.url(forResource: "Web", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try WebAssets(directory: url, publicURL: publicURL, headerSettings: headerSettings)
    }

    func register(in router: inout Router) {
        router.group(.anyone) { routes in
            routes.add(APIRoute.Server.page) { request in
                page(index, name: "index.html", type: "text/html; charset=utf-8", request: request)
            }
            routes.add(APIRoute.Server.index) { request in
                page(index, name: "index.html", type: "text/html; charset=utf-8", request: request)
            }
            routes.add(APIRoute.Server.manifest) { request in
                page(manifest, name: "manifest.webmanifest", type: "application/manifest+json", request: request)
            }
            routes.add(APIRoute.Server.serviceWorker) { request in
                page(serviceWorker, name: "sw.js", type: "text/javascript; charset=utf-8", request: request)
            }
            routes.add(APIRoute.Server.asset, staticFile)
        }
    }

    /// Serves `directory` (a library installed by Debian, such as Leaflet) at `route` (whose `{path...}`
    /// is the file's), revalidated daily: its paths carry no version, but change only when the package is upgraded.
    static func registerVendor(_ directory: String, at route: APIRoute, in router: inout Router) {
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        router.group(.anyone) { routes in
            routes.add(route) { request in
                try file(request.parameters["path"] ?? "", in: root, request: request, cacheControl: "public, max-age=86400")
            }
        }
    }

    /// A file kept in memory (`name` tells it from the others) with `pageETag`: a page is
    /// revalidated on every load (`no-cache`).
    private func page(_ body: Data, name: String, type: String, request: Request, cacheControl: String = "no-cache")
        -> Response
    {
        let etag = pageETag
        var headers = HTTPHeaders()
        headers["ETag"] = etag
        headers["Cache-Control"] = cacheControl
        var response = Response(status: .notModified, headers: headers)
        response.compression = .once(key: "memory:\(name)")
        if request.headers["If-None-Match"] == etag { return response }
        response.status = .ok
        response.headers["Content-Type"] = type
        response.body = .data(body)
        return response
    }

    private func staticFile(_ request: Request) throws -> Response {
        // An old page asking for an older version gets today's file, but must not cache it forever.
        let cacheControl =
            request.parameters["version"] == version
            ? "public, max-age=31536000, immutable" : "no-cache"
        if request.parameters["path"] == StylesheetBundle.servedPath {
            return page(
                stylesheet.css, name: StylesheetBundle.servedPath, type: "text/css; charset=utf-8", request: request,
                cacheControl: cacheControl)
        }
        return try Self.file(request.parameters["path"] ?? "", in: directory, request: request, cacheControl: cacheControl)
    }

    /// The file at `relative` inside `root`; 404 for anything outside it, a folder, or nothing.
    private static func file(_ relative: String, in root: URL, request: Request, cacheControl: String) throws -> Response {
        let file = root.appendingPathComponent(relative).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard file.path.hasPrefix(root.path + "/"),
            FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else {
            throw HTTPError(.notFound, code: "not_found", message: "There is no such file.")
        }
        var response = Response.file(
            path: file.path, contentType: contentType(of: file), request: request, cacheControl: cacheControl)
        // Keyed by the file itself: however a request spells its path, there are only so many files.
        response.compression = .once(key: file.path)
        return response
    }

    static func contentType(of file: URL) -> String {
        switch file.pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "gif": "image/gif"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }

    /// The file with each placeholder replaced; the values are ours (a digest, a validated origin,
    /// the limits), never a request's.
    private static func filled(_ file: URL, _ values: [String: String]) throws -> Data {
        var text = try String(contentsOf: file, encoding: .utf8)
        for (placeholder, value) in values { text = text.replacingOccurrences(of: placeholder, with: value) }
        return Data(text.utf8)
    }

    /// JSON made safe to stand in a double-quoted HTML attribute.
    private static func attributeText(_ json: Data) -> String {
        String(decoding: json, as: UTF8.self).replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The first 12 hex digits of a SHA-256 over every file's path and bytes, in a stable order.
    private static func digest(of directory: URL) throws -> String {
        var hasher = SHA256()
        let files =
            (FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? [])
            .filter { !$0.hasDirectoryPath }
            .map(\.path)
            .sorted()
        for path in files {
            let contents = try Data(contentsOf: URL(fileURLWithPath: path))
            for chunk in [Data(path.dropFirst(directory.path.count).utf8), contents] {
                chunk.withUnsafeBytes { hasher.update($0) }
            }
        }
        return String(SHA256.hex(hasher.finalize()).prefix(12))
    }
}

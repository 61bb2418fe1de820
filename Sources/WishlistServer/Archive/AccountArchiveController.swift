import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// Export and import of the signed-in account's data as one archive (X6, docs/EXPORT.md).
/// Neither takes an id: each acts on the asking account only.
struct AccountArchiveController: Sendable {
    /// The largest archive an import takes; past the spooling threshold it is on disk, never in memory.
    static let maximumImportBytes = 16 << 30
    static let archiveTypes: Set<String> = [
        "application/zip", "application/x-zip-compressed", "application/x-tar", "application/gzip", "application/octet-stream"
    ]

    let exporter: AccountExporter
    let importer: AccountImporter
    let authenticator: Authenticator
    let limits: RateLimiter
    let clock: @Sendable () -> Date

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.add(APIRoute.Archive.export, export)
            routes.add(APIRoute.Archive.importArchive, bodyLimit: Self.maximumImportBytes, limits.limited(.imports, importArchive))
        }
    }

    /// Streams the archive as it is written: the answer starts at once and memory stays flat.
    func export(_ request: Request, _ account: Account) throws -> Response {
        let now = clock().inWholeMilliseconds
        let exporter = exporter
        let owner = account.key
        var headers = HTTPHeaders()
        headers["Content-Type"] = "application/zip"
        headers["Content-Disposition"] = "attachment; filename=\"\(Self.filename(now))\""
        headers["Cache-Control"] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: .stream(
                ResponseStream { write in
                    // The archive's writer keeps its sink only while `export` runs.
                    try withoutActuallyEscaping(write) { sink in try exporter.export(owner: owner, now: now, to: sink) }
                }))
    }

    func importArchive(_ request: Request, _ account: Account) throws -> Response {
        guard let type = request.mediaType, Self.archiveTypes.contains(type) else {
            throw HTTPError(
                .unsupportedMediaType, code: "unsupported_media_type",
                message: "Send the archive from an export as the body, with Content-Type: application/zip.")
        }
        switch request.body {
        case .empty:
            throw HTTPError(
                .badRequest, code: "empty_archive", message: "The request has no archive; send the export's zip file as the body.")
        case .file(let path, _):
            return .api(try importer.importArchive(at: path, owner: account.key))
        case .memory(let data):
            return .api(try importer.importArchive(data, owner: account.key))
        }
    }

    /// `wishlist-YYYY-MM-DD.zip`, the day in UTC.
    static func filename(_ date: Date) -> String {
        let day = date.iso8601String.prefix(10)
        return "wishlist-\(day).zip"
    }
}

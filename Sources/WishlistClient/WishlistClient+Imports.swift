import Foundation
import WishlistCore

/// Moving in from other apps (X11): each item of a file becomes a wish; the report says what
/// was imported, skipped as already there, or refused and why.
extension WishlistClient {
    /// Imports a browser's bookmark file (the HTML every browser exports); folders become tags.
    public func importBookmarks(_ file: Data) async throws -> ImportReport {
        try await importFile(file, to: APIRoute.Archive.importBookmarks, contentType: "text/html")
    }

    /// Imports a CSV with the columns `name, link, tags, memo, price` (a header row first).
    public func importCSV(_ file: Data) async throws -> ImportReport {
        try await importFile(file, to: APIRoute.Archive.importCSV, contentType: "text/csv")
    }

    private func importFile(_ file: Data, to route: APIRoute, contentType: String) async throws -> ImportReport {
        try Self.decoded(try await send(route, body: file, contentType: contentType), to: route.method.rawValue, route.template)
    }
}

import Foundation
import WishlistCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension WishlistClient {
    /// Saves the archive of everything the account keeps (docs/EXPORT.md) to `destination`,
    /// replacing a file there. The archive goes to disk as it arrives, never whole into memory.
    public func exportArchive(to destination: URL) async throws {
        let route = APIRoute.Archive.export
        let request = try makeRequest(route.method.rawValue, try route.path())
        let (location, response) = try await reaching { try await session.download(for: request) }
        defer { try? FileManager.default.removeItem(at: location) }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        // Only an error's body is read: it is small JSON.
        let body = (200..<300).contains(status) ? Data() : (try? Data(contentsOf: location)) ?? Data()
        try Self.check(try answer(response, body: body))
        _ = try? FileManager.default.removeItem(at: destination)
        try FileManager.default.moveItem(at: location, to: destination)
    }

    /// Restores an archive made by `exportArchive` into the account, sent from the file as it is read.
    public func importArchive(from file: URL) async throws -> ImportReport {
        let route = APIRoute.Archive.importArchive
        let path = try route.path()
        let headers = Self.withIdempotencyKey(["Content-Type": "application/zip"], route.method.rawValue, path)
        let request = try makeRequest(route.method.rawValue, path, headers: headers)
        let (data, response) = try await exchangeRepeating(request) { try await session.upload(for: $0, fromFile: file) }
        return try Self.decoded(try answer(response, body: data), to: route.method.rawValue, path)
    }
}

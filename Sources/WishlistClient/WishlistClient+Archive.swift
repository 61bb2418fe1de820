import Foundation
import WishlistCore

extension WishlistClient {
    /// Saves the archive of everything the account keeps (docs/EXPORT.md) to `destination`,
    /// replacing a file there. The archive goes to disk as it arrives, never whole into memory.
    public func exportArchive(to destination: URL) async throws {
        let route = APIRoute.Archive.export
        var request = try makeRequest(route.method.rawValue, try route.path())
        request.successBodyFile = destination
        let answer = try await reaching { try await transport.send(request) }
        try Self.check(remembered(answer))
    }

    /// Restores an archive made by `exportArchive` into the account, sent from the file as it is read.
    public func importArchive(from file: URL) async throws -> ImportReport {
        let route = APIRoute.Archive.importArchive
        let path = try route.path()
        let headers = Self.withIdempotencyKey(["Content-Type": "application/zip"], route.method.rawValue, path)
        let request = try makeRequest(route.method.rawValue, path, body: .file(file), headers: headers)
        return try Self.decoded(remembered(try await exchangeRepeating(request)), to: route.method.rawValue, path)
    }
}

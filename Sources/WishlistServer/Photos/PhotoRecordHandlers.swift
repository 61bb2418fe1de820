import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// The handlers every kind of record with photos (wishes, journal entries) has alike: create,
/// show, update and delete, each answering the record with its version as the `ETag`. An update
/// or a deletion is one `PhotoLibrary` call, which removes the files of the photos it lets go.
/// A controller has them as a `PhotoRecordController`, beside its kind's own features.
struct PhotoRecordHandlers<Records: PhotoRecordRepository>: Sendable
where Records.Record: Encodable & JSONWritable & Identifiable<UUID>, Records.Draft: Decodable, Records.Patch: Decodable {
    let records: KeyPath<Store, Records> & Sendable
    let photos: PhotoLibrary
    let clock: @Sendable () -> Date
    /// The route that shows one record, whose path is a new record's `Location`.
    let showRoute: APIRoute

    private var repository: Records { photos.store[keyPath: records] }

    func create(_ request: Request, _ account: Account) throws -> Response {
        let record = try repository.create(
            request.apiBody(Records.Draft.self), owner: account.key, now: clock().inWholeMilliseconds)
        var response = answer(record, status: .created)
        response.headers["Location"] = try showRoute.path(["id": record.id.uuidString.lowercased()])
        return response
    }

    func show(_ request: Request, _ account: Account) throws -> Response {
        guard let record = try repository.get(try id(request), owner: account.key) else {
            throw NotFoundError(Records.recordName)
        }
        return answer(record)
    }

    func update(_ request: Request, _ account: Account) throws -> Response {
        answer(
            try photos.update(
                records, try id(request), owner: account.key, with: request.apiBody(Records.Patch.self),
                expectedVersion: try request.expectedVersion(), now: clock().inWholeMilliseconds))
    }

    func delete(_ request: Request, _ account: Account) throws -> Response {
        try photos.delete(records, try id(request), owner: account.key)
        return Response(status: .noContent)
    }

    /// The `{id}` of the path; a malformed id is "not found", like any id this account does not have.
    func id(_ request: Request) throws -> UUID {
        guard let id = request.idParameter else { throw NotFoundError(Records.recordName) }
        return id
    }

    func answer(_ record: Records.Record, status: HTTPStatus = .ok) -> Response {
        .api(record, version: record.version, status: status)
    }
}

import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// A controller of a kind of record with photos (wishes, journal entries): its create, show,
/// update and delete handlers are its `records`' (`PhotoRecordHandlers`), registered by name like
/// its own.
protocol PhotoRecordController: Sendable {
    associatedtype Records: PhotoRecordRepository
    where Records.Record: Encodable & JSONWritable & Identifiable<UUID>, Records.Draft: Decodable, Records.Patch: Decodable

    var records: PhotoRecordHandlers<Records> { get }
}

extension PhotoRecordController {
    func create(_ request: Request, _ account: Account) throws -> Response {
        try records.create(request, account)
    }

    func show(_ request: Request, _ account: Account) throws -> Response {
        try records.show(request, account)
    }

    func update(_ request: Request, _ account: Account) throws -> Response {
        try records.update(request, account)
    }

    func delete(_ request: Request, _ account: Account) throws -> Response {
        try records.delete(request, account)
    }
}

import Foundation
import SQLite
import Testing
import WishlistClient
import WishlistCore
import WishlistStore

@testable import WishlistServer

/// The store's failures that are not faults are answered as what they are, whichever layer threw
/// them: no room on the disk is 507, a database too busy to wait for or out of reach is 503 with
/// Retry-After.
@Suite struct DomainErrorMiddlewareTests {
    @Test func noRoomOnTheDiskIs507WhereverItWasNoticed() {
        let errors: [any Error] = [
            SQLiteError(code: .full, message: "database or disk is full"),
            CocoaError(.fileWriteOutOfSpace),
            CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.ENOSPC)]),
            POSIXError(.EDQUOT)
        ]
        for error in errors {
            let answer = DomainErrorMiddleware.recognized(error).map(DomainErrorMiddleware.httpError)
            #expect(answer?.status.code == 507, "\(error)")
            #expect(answer?.code == "storage_full", "\(error)")
        }
    }

    @Test func aDatabaseTooBusyToWaitForIs503WithRetryAfter() {
        for code in [ResultCode.busy, .locked] {
            let answer = DomainErrorMiddleware.recognized(SQLiteError(code: code, message: "database is locked"))
                .map(DomainErrorMiddleware.httpError)
            #expect(answer?.status.code == 503)
            #expect(answer?.code == "server_busy")
            #expect(answer?.headers["Retry-After"] == "2")
        }
    }

    /// What the store throws when its PostgreSQL server cannot be reached (`StoreDatabase`).
    @Test func aDatabaseThatCannotBeReachedIs503WithRetryAfter() {
        let answer = DomainErrorMiddleware.httpError(DatabaseUnavailableError())
        #expect(answer.status.code == 503)
        #expect(answer.code == "database_unavailable")
        #expect(answer.headers["Retry-After"] == "5")
    }

    /// What the photo library throws when its bucket cannot be used (`S3Media`): the store's words
    /// stay in the log.
    @Test func aPhotoStoreThatCannotBeReachedIs503WithRetryAfter() {
        let answer = DomainErrorMiddleware.httpError(MediaUnavailableError(reason: "s3://photos: could not connect"))
        #expect(answer.status.code == 503)
        #expect(answer.code == "media_unavailable")
        #expect(answer.headers["Retry-After"] == "5")
        #expect(!answer.message.contains("s3://"))
    }

    @Test func otherFailuresStayFaults() {
        let errors: [any Error] = [
            SQLiteError(code: .constraint, message: "UNIQUE constraint failed"), CocoaError(.fileReadNoSuchFile),
            POSIXError(.EACCES), CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.EIO)])
        ]
        for error in errors {
            #expect(DomainErrorMiddleware.recognized(error) == nil, "\(error)")
        }
    }

    /// Another program (the sqlite3 shell, a backup tool) holding the write lock past the server's
    /// wait: the write is answered 503 with Retry-After and changes nothing; reads go on; once the
    /// lock is let go, writes work again. SQLite's only: PostgreSQL's busy pool is the store tests'
    /// `ServerBusyError`.
    @Test(.enabled(if: !TestServer.onPostgreSQL, "a SQLite file's write lock"))
    func aWriteLockHeldElsewhereIs503AndLosesNothing() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        _ = try await alice.createWish(WishDraft(name: "Kept"))
        let other = try Database(path: server.dataDirectory.appendingPathComponent("wishlist.sqlite").path)
        try other.execute("BEGIN IMMEDIATE")

        let answer = try await alice.send("POST", "/api/v1/wishes", body: Data(#"{"name":"Held up"}"#.utf8))
        #expect(answer.status == 503)
        #expect(answer.headers["retry-after"] == "2")
        #expect(String(decoding: answer.body, as: UTF8.self).contains(#""code":"server_busy""#))
        #expect(try await alice.wishes().items.map(\.name) == ["Kept"])

        try other.execute("ROLLBACK")
        _ = try await alice.createWish(WishDraft(name: "After"))
        #expect(try await alice.wishes().items.map(\.name) == ["After", "Kept"])
    }
}

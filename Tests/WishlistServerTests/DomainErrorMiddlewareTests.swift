import Foundation
import SQLite
import Testing
import WishlistCore
@testable import WishlistServer

/// The store's failures that are not faults are answered as what they are, whichever layer threw
/// them: no room on the disk is 507, a database too busy to wait for is 503 with Retry-After.
@Suite struct DomainErrorMiddlewareTests {
    @Test func noRoomOnTheDiskIs507WhereverItWasNoticed() {
        let errors: [any Error] = [
            SQLiteError(code: .full, message: "database or disk is full"),
            CocoaError(.fileWriteOutOfSpace),
            CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.ENOSPC)]),
            POSIXError(.EDQUOT),
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

    @Test func otherFailuresStayFaults() {
        let errors: [any Error] = [
            SQLiteError(code: .constraint, message: "UNIQUE constraint failed"), CocoaError(.fileReadNoSuchFile),
            POSIXError(.EACCES), CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.EIO)]),
        ]
        for error in errors {
            #expect(DomainErrorMiddleware.recognized(error) == nil, "\(error)")
        }
    }
}

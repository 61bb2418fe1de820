import Foundation
import HTTPServer
import Synchronization
import Testing
import WishlistCore
@testable import WishlistServer
@testable import WishlistStore

/// A number several threads may move.
final class SharedCounter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    @discardableResult func increment() -> Int { count.add(1, ordering: .relaxed).newValue }
}

/// A cache over a handler that counts its calls and answers with the count, and a write count
/// the test moves by hand.
final class ReadCacheFixture: Sendable {
    let writes = SharedCounter()
    let calls = SharedCounter()
    let handler: @Sendable (Request, Account) throws -> Response

    init(status: HTTPStatus = .ok, writingDuringTheRead: Bool = false) {
        let writes = writes, calls = calls
        handler = ReadCache(writeCount: { UInt64(writes.value) }).reads { _, account in
            let call = calls.increment()
            if writingDuringTheRead { writes.increment() }
            return .json(encoded: Data("\(account.key.rawValue):\(call)".utf8), status: status)
        }
    }

    func get(_ path: String, as account: Account, headers: HTTPHeaders = .init()) throws -> String {
        let response = try handler(Request(method: .GET, path: path, queryItems: [("b", "2"), ("a", "1")], headers: headers), account)
        guard case .data(let body) = response.body else { return "" }
        return String(decoding: body, as: UTF8.self)
    }
}

@Suite struct ReadCacheTests {
    static func account(_ key: Int64) -> Account {
        Account(key: UserKey(key), user: User(id: UUID(), username: "user\(key)", isAdmin: false, createdAt: Date()))
    }

    @Test func aReadIsAnsweredAgainUntilSomethingIsWritten() throws {
        let fixture = ReadCacheFixture()
        let ana = Self.account(1)
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:1")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:1")
        fixture.writes.increment()
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:2")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:2")
        #expect(fixture.calls.value == 2)
    }

    @Test func answersAreTheirAccountsAndTargetsOwn() throws {
        let fixture = ReadCacheFixture()
        #expect(try fixture.get("/api/v1/wishes", as: Self.account(1)) == "1:1")
        #expect(try fixture.get("/api/v1/wishes", as: Self.account(2)) == "2:2")
        #expect(try fixture.get("/api/v1/tags", as: Self.account(1)) == "1:3")
        var korean = HTTPHeaders()
        korean["Accept-Language"] = "ko"
        #expect(try fixture.get("/api/v1/wishes", as: Self.account(1), headers: korean) == "1:4")
        #expect(try fixture.get("/api/v1/wishes", as: Self.account(1)) == "1:1")
    }

    /// A write that lands while the answer is computed may or may not be in it: it is not kept.
    @Test func anAnswerComputedAcrossAWriteIsNotKept() throws {
        let fixture = ReadCacheFixture(writingDuringTheRead: true)
        let ana = Self.account(1)
        #expect(try fixture.get("/api/v1/search", as: ana) == "1:1")
        #expect(try fixture.get("/api/v1/search", as: ana) == "1:2")
    }

    @Test func conditionalAndFreshRequestsAndErrorsAreNotKept() throws {
        let ana = Self.account(1)
        let fixture = ReadCacheFixture()
        var conditional = HTTPHeaders()
        conditional["If-None-Match"] = "\"3\""
        #expect(try fixture.get("/api/v1/wishes/x", as: ana, headers: conditional) == "1:1")
        #expect(try fixture.get("/api/v1/wishes/x", as: ana, headers: conditional) == "1:2")
        var fresh = HTTPHeaders()
        fresh["Cache-Control"] = "no-cache"
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:3")
        #expect(try fixture.get("/api/v1/wishes", as: ana, headers: fresh) == "1:4")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:3")
        let failing = ReadCacheFixture(status: .notFound)
        #expect(try failing.get("/api/v1/wishes/x", as: ana) == "1:1")
        #expect(try failing.get("/api/v1/wishes/x", as: ana) == "1:2")
    }
}

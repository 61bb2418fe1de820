import Foundation
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// The keys of idempotent writes on both engines: a key is claimed once, its answer kept and given
/// again, another request with it refused; and on PostgreSQL, of two requests with one key at
/// once exactly one runs.
@Suite struct IdempotencyRepositoryTests {
    static let now = Date(millisecondsSince1970: 90_000_000)
    static let answer = IdempotentAnswer(status: 201, headers: [["Location", "/x"]], body: Data([0, 1, 2, 255]))

    @Test(arguments: TestEngine.allCases) func aKeyIsClaimedOnceAndItsAnswerGivenAgain(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let keys = test.store.idempotency
        let alice = try test.addUser("alice")
        let bob = try test.addUser("bob")
        #expect(try keys.claim("k", owner: alice, fingerprint: [1], run: "r1", now: Self.now) == .claimed)
        #expect(try keys.claim("k", owner: alice, fingerprint: [1], run: "r1", now: Self.now) == .running)
        #expect(try keys.claim("k", owner: alice, fingerprint: [1], run: "r0", now: Self.now) == .interrupted)
        #expect(try keys.claim("k", owner: alice, fingerprint: [2], run: "r1", now: Self.now) == .reused)
        #expect(try keys.claim("k", owner: bob, fingerprint: [2], run: "r1", now: Self.now) == .claimed, "keys are per account")

        try keys.finish("k", owner: alice, with: Self.answer)
        #expect(try keys.claim("k", owner: alice, fingerprint: [1], run: "r2", now: Self.now) == .answered(Self.answer))
        try keys.release("k", owner: alice)
        #expect(try keys.claim("k", owner: alice, fingerprint: [1], run: "r2", now: Self.now) == .answered(Self.answer), "kept")

        try keys.release("k", owner: bob)
        #expect(try keys.claim("k", owner: bob, fingerprint: [3], run: "r1", now: Self.now) == .claimed, "released, free again")
        #expect(try keys.deleteClaimed(before: Self.now.addingTimeInterval(1)) == 2)
        #expect(try keys.claim("k", owner: alice, fingerprint: [4], run: "r3", now: Self.now) == .claimed)
    }

    @Test func twoRequestsWithOneKeyAtOnceRunOnceOnPostgreSQL() throws {
        let test = try TestStore(engine: .postgres)
        let keys = test.store.idempotency
        let alice = try test.addUser("alice")
        let claims = Locked<[IdempotencyClaim]>([])
        // Both look for the key, then stop at inserting it.
        let outcomes = try ConcurrentWriters.runTogether(test, holding: "idempotency_keys", ["first", "second"]) { _ in
            let claim = try keys.claim("k", owner: alice, fingerprint: [1], run: "r1", now: Self.now)
            claims.withLock { $0.append(claim) }
        }
        #expect(outcomes.allSatisfy { $0 == nil }, "neither fails")
        #expect(Set(claims.value.map { "\($0)" }) == ["claimed", "running"])
    }
}

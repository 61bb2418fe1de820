import Foundation
import Synchronization
import Testing
import WishlistCore

@testable import WishlistServer
@testable import WishlistStore

/// The accounts of credentials kept in memory are trusted only while the database's credentials
/// version stays the one they were read at, and never past their session's end.
@Suite struct KnownCredentialsTests {
    /// A credentials version the test moves by hand; nil when it "cannot be read".
    final class Version: Sendable {
        let value = Mutex<Int64?>(1)
        func commit() { value.withLock { $0 = ($0 ?? 0) + 1 } }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let ana = ReadCacheTests.account(1)
    static let ben = ReadCacheTests.account(2)
    static let anaCookie = Authenticator.Credential.session(Array("ana's cookie".utf8))
    static let benToken = Authenticator.Credential.apiToken(Array("ben's token".utf8))

    /// A cache that has seen the current version once (as the first request's quick lookup does).
    static func cache(_ version: Version) -> KnownCredentials {
        let known = KnownCredentials(version: { version.value.withLock { $0 } })
        #expect(known.account(for: anaCookie, now: now) == nil, "nothing is known at first")
        return known
    }

    @Test func aCredentialRememberedIsKnownUntilAnythingIsCommitted() {
        let version = Version()
        let known = Self.cache(version)
        known.remember(Self.ana, for: Self.anaCookie, until: .distantFuture, version: known.version(), now: Self.now)
        known.remember(Self.ben, for: Self.benToken, until: .distantFuture, version: known.version(), now: Self.now)
        #expect(known.account(for: Self.anaCookie, now: Self.now) == Self.ana)
        #expect(known.account(for: Self.benToken, now: Self.now) == Self.ben)
        #expect(known.account(for: .apiToken(Array("ana's cookie".utf8)), now: Self.now) == nil, "a token is not a cookie")

        version.commit()
        #expect(known.account(for: Self.anaCookie, now: Self.now) == nil)
        #expect(known.account(for: Self.benToken, now: Self.now) == nil)
        version.commit()
        #expect(known.account(for: Self.benToken, now: Self.now) == nil, "what a commit dropped stays dropped")
    }

    /// A commit between the version's read and the lookup's end may have ended the session the
    /// lookup found: what it found is not kept.
    @Test func aLookupAcrossACommitIsNotRemembered() {
        let version = Version()
        let known = Self.cache(version)
        let before = known.version()
        version.commit()
        #expect(known.account(for: Self.benToken, now: Self.now) == nil)
        known.remember(Self.ana, for: Self.anaCookie, until: .distantFuture, version: before, now: Self.now)
        #expect(known.account(for: Self.anaCookie, now: Self.now) == nil)
    }

    @Test func withoutAVersionNothingIsKnown() {
        let version = Version()
        let known = Self.cache(version)
        known.remember(Self.ana, for: Self.anaCookie, until: .distantFuture, version: known.version(), now: Self.now)
        version.value.withLock { $0 = nil }
        #expect(known.account(for: Self.anaCookie, now: Self.now) == nil)
        known.remember(Self.ana, for: Self.anaCookie, until: .distantFuture, version: nil, now: Self.now)
        #expect(known.account(for: Self.anaCookie, now: Self.now) == nil)
    }

    /// An entry ends with its session, and after `trustedFor` in any case, so that the database
    /// sees the credential again (its last use, an idle session's end).
    @Test func anEntryEndsWithItsSessionOrAfterAWhile() {
        let known = Self.cache(Version())
        known.remember(Self.ana, for: Self.anaCookie, until: Self.now.addingTimeInterval(5), version: known.version(), now: Self.now)
        known.remember(Self.ben, for: Self.benToken, until: .distantFuture, version: known.version(), now: Self.now)
        #expect(known.account(for: Self.anaCookie, now: Self.now.addingTimeInterval(4)) == Self.ana)
        #expect(known.account(for: Self.anaCookie, now: Self.now.addingTimeInterval(5)) == nil)
        let later = Self.now.addingTimeInterval(KnownCredentials.trustedFor)
        #expect(known.account(for: Self.benToken, now: later.addingTimeInterval(-1)) == Self.ben)
        #expect(known.account(for: Self.benToken, now: later) == nil)
    }

    /// On PostgreSQL an entry is only a candidate: never trusted alone, given for a check until its
    /// session's end or `trustedFor`, and forgotten when the database does not confirm it.
    @Test func confirmingEachUseKeepsCandidatesOnly() {
        let known = KnownCredentials.confirmingEachUse()
        let end = Self.now.addingTimeInterval(60)
        known.remember(Self.ana, for: Self.anaCookie, until: end, version: known.version(), now: Self.now)
        known.remember(Self.ben, for: Self.benToken, until: .distantFuture, version: known.version(), now: Self.now)
        #expect(known.account(for: Self.anaCookie, now: Self.now) == nil, "never trusted without a check")
        #expect(known.candidate(for: Self.anaCookie, now: Self.now) == Self.ana)
        #expect(known.candidate(for: Self.benToken, now: Self.now.addingTimeInterval(KnownCredentials.trustedFor - 1)) == Self.ben)
        #expect(known.candidate(for: Self.benToken, now: Self.now.addingTimeInterval(KnownCredentials.trustedFor)) == nil)
        known.forget(Self.anaCookie)
        #expect(known.candidate(for: Self.anaCookie, now: Self.now) == nil)
        #expect(KnownCredentials(version: { 1 }).candidate(for: Self.anaCookie, now: Self.now) == nil, "SQLite's trusts instead")
    }
}

import Foundation
import Outbound
import Synchronization
import WishlistStore

/// The accounts behind the session cookies and API tokens seen lately, kept in memory so that a
/// kept answer (`ReadCache.kept`) can be given on the event thread without asking the database
/// who is calling.
///
/// What the database said stays true while no row of the accounts, sessions or tokens has been
/// committed to its file, by any connection of any process: `version`
/// (`Store.credentialsVersion`, a load from memory) is read for every request answered from here,
/// and when it has moved every entry is dropped and the request goes the usual way, to a worker
/// and the database. So a session ended or an account disabled — by this server (sign-out, a new
/// password, Devices) or by another process on the same file (`wishlist user disable`, `user
/// passwd`) — is refused at its very next request. Other writes (a wish made, a photo uploaded)
/// leave the entries be: when every commit dropped them, each request after a write read its
/// credential again, on a reader that SQLite then made map the whole file anew. Any doubt is a
/// miss: no version to read, an entry past its session's end or older than `trustedFor`.
///
/// PostgreSQL has no such version: other servers write too. There an entry is never trusted
/// alone (`confirmingEachUse`): it is a `candidate` whose `CredentialCheck` the request sends with
/// its first statement (see `Authenticator.withAccount`).
final class KnownCredentials: Sendable {
    private struct Entry {
        let account: Account
        /// When the entry stops being trusted: the session's end (maximum age or idle time), or
        /// `trustedFor` after the lookup, whichever is first.
        let validUntil: Date
    }

    private struct State {
        /// The credentials' version the entries were read at; nil before the first request.
        var version: Int64?
        var entries: LRUCache<Authenticator.Credential, Entry>
    }

    /// An entry sends its credential back to the database this often, which notes its last use
    /// (to the minute, as for every request) and sees the end of an idle session in time.
    static let trustedFor: TimeInterval = 30

    private let state: Mutex<State>
    private let capacity: Int
    private let credentialsVersion: @Sendable () -> Int64?
    /// Whether an entry is only a candidate that the database confirms at each use.
    let confirmsEachUse: Bool

    convenience init(capacity: Int = 1024, version: @escaping @Sendable () -> Int64?) {
        self.init(capacity: capacity, version: version, confirmsEachUse: false)
    }

    private init(capacity: Int, version: @escaping @Sendable () -> Int64?, confirmsEachUse: Bool) {
        state = Mutex(State(entries: LRUCache(capacity: capacity)))
        self.capacity = capacity
        credentialsVersion = version
        self.confirmsEachUse = confirmsEachUse
    }

    /// Entries kept without a data version, as candidates only (PostgreSQL).
    static func confirmingEachUse(capacity: Int = 1024) -> KnownCredentials {
        KnownCredentials(capacity: capacity, version: { 0 }, confirmsEachUse: true)
    }

    /// The credentials' version now, to be read before a lookup whose result is then
    /// `remember`ed; entries read at an older one are dropped.
    func version() -> Int64? {
        guard let current = credentialsVersion() else { return nil }
        state.withLock { catchUp(to: current, &$0) }
        return current
    }

    /// Drops every entry when a credential may have changed since they were read.
    private func catchUp(to current: Int64, _ state: inout State) {
        guard state.version != current else { return }
        state.version = current
        state.entries = LRUCache(capacity: capacity)
    }

    /// The account of `credential` when it is known and no credential changed since; never waits
    /// for more than the version's read and a lock held for a lookup.
    func account(for credential: Authenticator.Credential, now: Date) -> Account? {
        guard !confirmsEachUse, let current = credentialsVersion() else { return nil }
        return state.withLock { state in
            catchUp(to: current, &state)
            guard let entry = state.entries.value(for: credential), entry.validUntil > now else { return nil }
            return entry.account
        }
    }

    /// The account remembered for `credential`, to be trusted only once the database confirms it
    /// (`CredentialCheck`); nil unless entries are kept as candidates (`confirmingEachUse`).
    func candidate(for credential: Authenticator.Credential, now: Date) -> Account? {
        guard confirmsEachUse else { return nil }
        return state.withLock { state in state.entries.value(for: credential).flatMap { $0.validUntil > now ? $0.account : nil } }
    }

    /// Forgets what was remembered for `credential`, which the database did not confirm.
    func forget(_ credential: Authenticator.Credential) {
        state.withLock { $0.entries.remove(credential) }
    }

    /// Whether `credential` is known now as far as the last version read says (no version is
    /// read): a lookup that finds it need not be remembered again.
    func knows(_ credential: Authenticator.Credential, now: Date) -> Bool {
        state.withLock { state in state.entries.value(for: credential).map { $0.validUntil > now } ?? false }
    }

    /// Keeps what a lookup found, if no credential changed between `version` (read before the
    /// lookup) and now, as far as these entries know; a later change drops it at its next use.
    func remember(_ account: Account, for credential: Authenticator.Credential, until end: Date, version: Int64?, now: Date) {
        guard let version else { return }
        let entry = Entry(account: account, validUntil: min(end, now.addingTimeInterval(Self.trustedFor)))
        state.withLock { state in
            guard state.version == version else { return }
            state.entries.set(entry, for: credential)
        }
    }
}

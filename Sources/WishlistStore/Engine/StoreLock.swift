import PostgreSQL
import WishlistCore

/// What a write must have to itself while it checks and changes: the rules that lean on seeing
/// every other write to the same things (an account's tag counts, the last administrator, the
/// photos showing an original file).
///
/// On SQLite every write has the whole file to itself (one writer), so a lock is already held. On
/// PostgreSQL, writers run at once, and the write takes the lock's transaction-scoped advisory lock
/// first: another write asking for the same lock waits until the first one commits, and then sees
/// what it did (READ COMMITTED reads what is committed at each statement).
enum StoreLock: Sendable, Equatable {
    /// Everything one account owns.
    case account(UserKey)
    /// The set of accounts as a whole: who is an administrator, whether any account exists. Taken
    /// by writes that check a rule across accounts (first set-up, the last administrator).
    case accounts
    /// The K-culture spots, shared by every account and replaced as a whole by an import: servers
    /// starting at once import a new release once.
    case spots
    /// The original photo file with this SHA-256, shared by every photo of the same bytes, whoever's:
    /// taken by the write that saves a photo showing it (the file checked there first) and by the
    /// check that no photo shows it any more before it is removed.
    case original(sha256: String)
    /// The shares waiting for a sign-in, as a whole: a keep counts them all and forgets the oldest
    /// past the limits, so that two keeping at once stay within them between them.
    case pendingShares
    /// Which server of the database runs the background work: held by a session, not a write
    /// (see `LeaderLock`), and keyed here so that no other lock's key can be the same.
    case leader

    /// The advisory lock's key, the same in every process.
    var key: Int64 {
        switch self {
        case .account(let key): PostgresConnection.advisoryLockKey("account:\(key.rawValue)")
        case .accounts: PostgresConnection.advisoryLockKey("accounts")
        case .spots: PostgresConnection.advisoryLockKey("spots")
        case .original(let sha256): PostgresConnection.advisoryLockKey("original:\(sha256)")
        case .pendingShares: PostgresConnection.advisoryLockKey("pending-shares")
        case .leader: PostgresConnection.advisoryLockKey("leader")
        }
    }
}

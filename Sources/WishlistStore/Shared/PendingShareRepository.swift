import Crypto
import Foundation

/// Shares that arrived while signed out (W7), kept in the database until the person signs in, so
/// that the sign-in finds them whichever server of the database it lands on, and after a restart.
///
/// Invariants:
/// - a share is kept under a random token, stored only as its SHA-256: a copy of the database
///   takes back nobody's share, and any text (a 10 KB cookie, a NUL) is a token that is unknown;
/// - a share waits `lifetime` at most, and at most `capacity` shares and `maximumBytes` of files
///   wait in all, the oldest forgotten first (the newest is kept whatever its size); a keep takes
///   `StoreLock.pendingShares`, so two servers keeping at once stay within the limits between them;
/// - a share is taken back once: `take` deletes it and answers what it deleted in one statement,
///   so two servers taking the same token hand it out once.
///
/// Waiting shares are no data any read shows: keeping and taking are uncounted writes.
public struct PendingShareRepository: Sendable {
    /// How long a share waits for its sign-in.
    public static let lifetime: TimeInterval = 15 * 60

    let database: StoreDatabase
    var capacity = 200
    var maximumBytes = 100 << 20

    /// Keeps `share` and answers the token that takes it back.
    public func keep(_ share: PendingShare, now: Date) throws -> String {
        let token = SecureRandom.token()
        let now = now.millisecondsSince1970
        try database.write(counted: false, locking: .pendingShares) { db in
            try Self.forgetExpired(db, now: now)
            try db.run(
                """
                INSERT INTO pending_shares (token_hash, name, title, shared_text, link, file_sizes, files, bytes, expires_at)
                VALUES (:hash, :name, :title, :text, :link, :sizes, :files, :bytes, :expires)
                """,
                [
                    "hash": Data(sha256Of: token), "name": share.name, "title": share.title, "text": share.text, "link": share.link,
                    "sizes": share.files.map { String($0.count) }.joined(separator: ","),
                    "files": share.files.isEmpty ? nil : Self.concatenated(share.files), "bytes": share.bytes,
                    "expires": now + Int64(Self.lifetime * 1000)
                ])
            // Newest first, each share's place and the bytes of it and those newer: past either
            // limit, it and every older one go.
            try db.run(
                """
                DELETE FROM pending_shares WHERE id IN (
                    SELECT id FROM (
                        SELECT id, row_number() OVER (ORDER BY id DESC) AS place, sum(bytes) OVER (ORDER BY id DESC) AS total
                        FROM pending_shares
                    ) AS newest_first
                    WHERE place > 1 AND (place > :capacity OR total > :maximumBytes)
                )
                """,
                ["capacity": capacity, "maximumBytes": maximumBytes])
        }
        return token
    }

    /// The share kept under `token`, which is then forgotten; nil when unknown or expired by `now`.
    public func take(_ token: String, now: Date) throws -> PendingShare? {
        try database.write(counted: false) { db in
            guard
                let row = try db.queryFirst(
                    """
                    DELETE FROM pending_shares WHERE token_hash = :hash
                    RETURNING name, title, shared_text, link, file_sizes, files, expires_at
                    """,
                    ["hash": Data(sha256Of: token)]),
                try row["expires_at"] as Int64 > now.millisecondsSince1970
            else { return nil }
            var files: [Data] = []
            let stored: Data = try row["files"] as Data? ?? Data()
            var start = stored.startIndex
            for size in (try row["file_sizes"] as String).split(separator: ",").compactMap({ Int($0) }) {
                files.append(Data(stored[start..<start + size]))
                start += size
            }
            return PendingShare(
                name: try row["name"], title: try row["title"], text: try row["shared_text"], link: try row["link"], files: files)
        }
    }

    /// Forgets every share that expired by `now`; how many.
    @discardableResult
    public func deleteExpired(before now: Date) throws -> Int {
        try database.write(counted: false) { db in try Self.forgetExpired(db, now: now.millisecondsSince1970) }
    }

    @discardableResult
    private static func forgetExpired(_ db: any SQLConnection, now: Int64) throws -> Int {
        try db.run("DELETE FROM pending_shares WHERE expires_at <= :now", ["now": now])
    }

    /// The files one after the other, copied once.
    private static func concatenated(_ files: [Data]) -> Data {
        var all = Data(capacity: files.reduce(0) { $0 + $1.count })
        for file in files { all.append(file) }
        return all
    }
}

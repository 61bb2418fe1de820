import Foundation
import WishlistCore

/// The keys of idempotent writes: (account, key) → the first answer, kept at least a day so a client
/// whose answer was lost can send the write again and get that answer instead of a second write.
///
/// Invariants:
/// - a key is claimed inside one write transaction holding the account's `StoreLock`, so of two
///   requests with one key exactly one runs, on either engine; the other finds it `running` (or,
///   after it ended, `answered`);
/// - a claim holds the request's fingerprint (method, path, query and body digested by the caller):
///   another request with the key is `reused`, never answered with someone else's answer;
/// - the bookkeeping never counts as a write of data (`counted: false`), so read caches stay valid.
public struct IdempotencyRepository: Sendable {
    let database: StoreDatabase

    /// Claims `key` for `owner`'s request with `fingerprint`, started by server process `run`.
    public func claim(_ key: String, owner: UserKey, fingerprint: [UInt8], run: String, now: Date) throws -> IdempotencyClaim {
        try database.write(counted: false, locking: .account(owner)) { db in
            guard
                let row = try db.queryFirst(
                    "SELECT fingerprint, run, status, headers, body FROM idempotency_keys WHERE owner_id = :owner AND key = :key",
                    ["owner": owner.rawValue, "key": key])
            else {
                try db.run(
                    """
                    INSERT INTO idempotency_keys (owner_id, key, fingerprint, run, created_at)
                    VALUES (:owner, :key, :fingerprint, :run, :now)
                    """,
                    [
                        "owner": owner.rawValue, "key": key, "fingerprint": Data(fingerprint), "run": run,
                        "now": now.millisecondsSince1970
                    ])
                return .claimed
            }
            guard try row["fingerprint"] as Data == Data(fingerprint) else { return .reused }
            guard let status = try row["status"] as Int? else {
                return try row["run"] as String == run ? .running : .interrupted
            }
            let headers = try JSONDecoder().decode([[String]].self, from: Data((try row["headers"] as String? ?? "[]").utf8))
            return .answered(IdempotentAnswer(status: status, headers: headers, body: try row["body"] as Data? ?? Data()))
        }
    }

    /// Keeps `answer` as the answer of the claimed `key`.
    public func finish(_ key: String, owner: UserKey, with answer: IdempotentAnswer) throws {
        let headers = String(decoding: try JSONEncoder().encode(answer.headers), as: UTF8.self)
        try database.write(counted: false) { db in
            try db.run(
                "UPDATE idempotency_keys SET status = :status, headers = :headers, body = :body WHERE owner_id = :owner AND key = :key",
                ["status": answer.status, "headers": headers, "body": answer.body, "owner": owner.rawValue, "key": key])
        }
    }

    /// Lets go of a claimed `key` whose answer is not kept (a server error): the request may be sent again.
    public func release(_ key: String, owner: UserKey) throws {
        try database.write(counted: false) { db in
            try db.run(
                "DELETE FROM idempotency_keys WHERE owner_id = :owner AND key = :key AND status IS NULL",
                ["owner": owner.rawValue, "key": key])
        }
    }

    /// Forgets every key claimed before `date`; how many.
    @discardableResult
    public func deleteClaimed(before date: Date) throws -> Int {
        try database.write(counted: false) { db in
            try db.run("DELETE FROM idempotency_keys WHERE created_at < :date", ["date": date.millisecondsSince1970])
        }
    }
}

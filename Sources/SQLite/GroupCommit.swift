import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The writes of many threads committed together on the single writer ("group commit"): while
/// one transaction commits, the writes that arrive wait, and the next transaction takes them all,
/// each in a savepoint of its own. With `synchronous = FULL` a commit costs a `fdatasync` and the
/// WAL frames of every page it changed; writes that land together share both. The pages several
/// writes touch (the end of an index, a tag's count, FTS5's structure record) are written once,
/// and the threads hand the writer over once a batch instead of once a write.
///
/// Each write still sees all writes before it, is undone alone when its body throws, and returns
/// only once its work is on the disk; a batch's failure to commit fails every write in it.
///
/// Invariants (under `lock`):
/// - At most one thread leads (`isLeading`), and only the leader runs bodies, holding the writer.
/// - A job is in `pending` until a leader takes it. Taken, it is ended (`finished`) with exactly
///   one signal to its owner, after its body is dropped, since the body is the owner's
///   non-escaping closure.
/// - A leader that finishes hands the lead to the owner of the first pending job, whose job is
///   then first in its own batch; with none pending, nobody leads.
final class GroupCommit: @unchecked Sendable {
    /// The most writes one transaction takes, so that a leader's own answer is not held up long.
    static let maximumBatch = 64

    private let writer: ConnectionQueue
    private let timeout: Duration
    /// Called after each commit, on the leader's thread, before the batch's writes return; told
    /// whether a write counted by readers' caches (`write(counted:)`) that named no key
    /// (`keysNamed`) is among those committed.
    private let committed: @Sendable (_ unkeyed: Bool) -> Void
    /// How many times the writer's triggers have named a key so far (`WriteCounts`): unchanged
    /// across a write, it named none.
    private let keysNamed: @Sendable () -> UInt64
    private let lock = NSLock()
    private var pending: [Job] = []
    private var isLeading = false
    /// The leader's thread while it runs bodies: a write from inside a write is refused at once.
    private var leaderThread: pthread_t?
    private var commits = 0

    private final class Job: @unchecked Sendable {
        /// Runs the owner's body in a savepoint; answers its error.
        var run: ((Database) -> Error?)?
        /// Why the write failed: its body's error, or its batch's.
        var failure: Error?
        var role = Role.waiting
        let wake = DispatchSemaphore(value: 0)
        let counted: Bool
        /// Set once its body ran: whether it named no key.
        var namedNoKey = true

        init(counted: Bool, run: @escaping (Database) -> Error?) {
            self.counted = counted
            self.run = run
        }

        /// Fails the write with `error` without running its body, or after it ran.
        func fail(_ error: Error) {
            failure = error
            run = nil
        }
    }

    private enum Role {
        case waiting, leading, finished
    }

    /// What a new write does: lead, wait for a leader, or nothing, being called by a body.
    private enum Turn {
        case leads, follows, inside
    }

    init(
        writer: ConnectionQueue, timeout: Duration, keysNamed: @escaping @Sendable () -> UInt64 = { 0 },
        committed: @escaping @Sendable (_ unkeyed: Bool) -> Void = { _ in }
    ) {
        self.keysNamed = keysNamed
        self.writer = writer
        self.timeout = timeout
        self.committed = committed
    }

    /// Writes waiting for a leader to take them, for tests.
    var pendingCount: Int { lock.withLock { pending.count } }

    /// Transactions committed so far, for tests.
    var committedTransactions: Int { lock.withLock { commits } }

    /// Runs `body` in a savepoint of the next transaction on the writer and returns once that has
    /// committed; throws what `body` threw (its work undone), or why the transaction failed.
    /// `counted`: false for a write that no reader's cache shows (see `committed`).
    func write<T>(counted: Bool = true, _ body: (Database) throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { body in
            let result = ResultBox<T>()
            let job = Job(counted: counted) { database in
                do {
                    result.value = try database.transaction { try body(database) }
                    return nil
                } catch {
                    return error
                }
            }
            let turn = lock.withLock { () -> Turn in
                if let leaderThread, pthread_equal(leaderThread, pthread_self()) != 0 { return .inside }
                pending.append(job)
                guard !isLeading else { return .follows }
                isLeading = true
                return .leads
            }
            switch turn {
            case .inside:
                job.run = nil
                throw SQLiteError(code: .busy, message: "a write inside a write on the same pool: use the Database it was given")
            case .leads:
                lead(job)
            case .follows:
                try waitForTurn(job)
                if lock.withLock({ job.role }) == .leading { lead(job) }
            }
            if let failure = job.failure { throw failure }
            guard let value = result.value else { throw SQLiteError(code: .misuse, message: "a write ended without an answer") }
            return value
        }
    }

    /// Waits for a leader to end the job or hand it the lead. A job still pending after the
    /// timeout is taken out and fails with `.busy`, as a wait for the writer itself would: a write
    /// that gave up never runs later.
    private func waitForTurn(_ job: Job) throws {
        guard job.wake.wait(for: timeout) == .timedOut else { return }
        let gaveUp = lock.withLock {
            guard job.role == .waiting, let index = pending.firstIndex(where: { $0 === job }) else { return false }
            pending.remove(at: index)
            return true
        }
        guard gaveUp else {
            // Taken or handed the lead just as the wait ran out: its signal is on the way.
            job.wake.wait()
            return
        }
        job.run = nil
        throw SQLiteError(code: .busy, message: "timed out after \(timeout) waiting for the writer")
    }

    /// Takes the writer, commits the pending writes (the leader's own among them), ends them and
    /// hands the lead on.
    private func lead(_ own: Job) {
        var batch: [Job] = []
        do {
            try writer.withConnection(timeout: timeout) { database in
                batch = lock.withLock {
                    leaderThread = pthread_self()
                    let count = min(pending.count, Self.maximumBatch)
                    defer { pending.removeFirst(count) }
                    return Array(pending.prefix(count))
                }
                commit(batch, database)
                lock.withLock { leaderThread = nil }
            }
        } catch {
            // No writer in time, or the pool closed: nobody waiting now would get it sooner.
            let stranded = lock.withLock {
                defer { pending.removeAll() }
                return pending
            }
            for job in stranded { job.fail(error) }
            batch += stranded
        }
        let next: Job? = lock.withLock {
            for job in batch { job.role = .finished }
            guard let first = pending.first else {
                isLeading = false
                return nil
            }
            first.role = .leading
            return first
        }
        for job in batch where job !== own { job.wake.signal() }
        next?.wake.signal()
    }

    /// Runs the batch's bodies in one transaction and commits it. When SQLite rolls the whole
    /// transaction back by itself (a full disk, an I/O error), the writes done in it fail with that
    /// error and the rest go on in a new one.
    private func commit(_ batch: [Job], _ database: Database) {
        var next = batch.startIndex
        while next < batch.endIndex {
            do {
                try database.run("BEGIN IMMEDIATE")
            } catch {
                for job in batch[next...] { job.fail(error) }
                return
            }
            var done: [Job] = []
            while next < batch.endIndex {
                let job = batch[next]
                next += 1
                let keysBefore = keysNamed()
                let failure = job.run?(database)
                job.run = nil
                guard let failure else {
                    job.namedNoKey = keysNamed() == keysBefore
                    done.append(job)
                    continue
                }
                job.failure = failure
                if !database.isInTransaction {
                    for earlier in done { earlier.fail(failure) }
                    done = []
                    break
                }
            }
            guard database.isInTransaction else { continue }
            do {
                try database.run("COMMIT")
                // A write whose work was undone changed nothing (the keys it named are counted all the same).
                committed(done.contains { $0.counted && $0.namedNoKey })
                lock.withLock { commits += 1 }
            } catch {
                for job in done { job.fail(error) }
                if database.isInTransaction { try? database.run("ROLLBACK") }
            }
        }
    }
}

/// A write's answer, set by the leader's thread and read by its owner's after the wake-up.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

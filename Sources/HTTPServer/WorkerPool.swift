import Foundation

/// Threads that run handlers which may block (on SQLite, a file, a remote
/// service), away from the daemon's few event threads.
///
/// The pool grows by a thread whenever work arrives and no thread is free, up
/// to `maximumThreads`, so that one slow handler never holds up another
/// request; a thread left without work for `idleTimeout` ends, so an idle
/// server keeps none.
final class WorkerPool: @unchecked Sendable {
    typealias Job = @Sendable () -> Void

    let maximumThreads: Int
    let idleTimeout: TimeInterval
    // `condition` guards every variable below; @unchecked because the lock is the synchronisation.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var threads = 0
    private var idleThreads = 0
    private var shuttingDown = false

    init(maximumThreads: Int, idleTimeout: TimeInterval = 30) {
        self.maximumThreads = max(1, maximumThreads)
        self.idleTimeout = idleTimeout
    }

    /// Runs `job` on a pool thread, starting one if every thread is busy.
    func submit(_ job: @escaping Job) {
        condition.lock()
        defer { condition.unlock() }
        jobs.append(job)
        if jobs.count <= idleThreads {
            condition.signal()
        } else if threads < maximumThreads {
            threads += 1
            let thread = Thread { [self] in work() }
            thread.name = "wishlist-worker"
            thread.start()
        }
        // Otherwise the job waits for the next thread that finishes.
    }

    /// Lets queued and running jobs finish, then ends every thread. Returns
    /// when no job is running any more.
    func shutdown() {
        condition.lock()
        defer { condition.unlock() }
        shuttingDown = true
        condition.broadcast()
        while threads > 0 {
            condition.wait()
        }
    }

    /// Threads alive now, for tests.
    var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return threads
    }

    private func work() {
        condition.lock()
        while let job = nextJob() {
            condition.unlock()
            job()
            condition.lock()
        }
        threads -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next job, waiting for one; nil when this thread should end. Called with the lock held.
    private func nextJob() -> Job? {
        while jobs.isEmpty {
            if shuttingDown { return nil }
            idleThreads += 1
            let woken = condition.wait(until: Date(timeIntervalSinceNow: idleTimeout))
            idleThreads -= 1
            if !woken && jobs.isEmpty { return nil }
        }
        return jobs.removeFirst()
    }
}

import Foundation

/// Threads that run handlers which may block (on SQLite, a file, a remote
/// service), away from the daemon's few event threads.
///
/// The pool grows by a thread whenever work arrives and no thread is free, up
/// to `maximumThreads`, so that one slow handler never holds up another
/// request; a thread left without work for `idleTimeout` ends, so an idle
/// server keeps none. A job goes straight to one idle thread, which alone is
/// woken (the most recently idle one, whose caches are warm): with one shared
/// condition every waiting thread would fight for its lock on each request.
final class WorkerPool: @unchecked Sendable {
    typealias Job = @Sendable () -> Void

    let maximumThreads: Int
    let idleTimeout: TimeInterval
    // `lock` guards every variable below; @unchecked because the lock is the synchronisation.
    private let lock = NSLock()
    private var idle: [Worker] = []
    private var queued = RingQueue<Job>()
    private var threads = 0
    private var shuttingDown = false
    private let running = DispatchGroup()

    init(maximumThreads: Int, idleTimeout: TimeInterval = 30) {
        self.maximumThreads = max(1, maximumThreads)
        self.idleTimeout = idleTimeout
    }

    /// One pool thread and the job handed to it while it waits.
    private final class Worker: @unchecked Sendable {
        let wake = DispatchSemaphore(value: 0)
        /// Set, under the pool's lock, just before `wake` is signalled; nil means end.
        var job: Job?
    }

    /// Runs `job` on a pool thread, starting one if every thread is busy.
    /// False, and the job is not run, once `shutdown()` has begun.
    func submit(_ job: @escaping Job) -> Bool {
        lock.lock()
        guard !shuttingDown else {
            lock.unlock()
            return false
        }
        if let worker = idle.popLast() {
            worker.job = job
            lock.unlock()
            worker.wake.signal()
        } else if threads < maximumThreads {
            threads += 1
            running.enter()
            lock.unlock()
            let thread = Thread { [self] in work(first: job) }
            thread.name = "wishlist-worker"
            thread.start()
        } else {
            // Taken by the next thread that finishes a job.
            queued.append(job)
            lock.unlock()
        }
        return true
    }

    /// Refuses new jobs, lets queued and running ones finish, then ends every
    /// thread. Returns when no job is running any more.
    func shutdown() {
        lock.lock()
        shuttingDown = true
        let sleeping = idle
        idle.removeAll()
        lock.unlock()
        for worker in sleeping {
            worker.wake.signal()
        }
        running.wait()
    }

    /// Threads alive now, for tests.
    var threadCount: Int {
        lock.withLock { threads }
    }

    /// Threads waiting for a job now, for tests.
    var idleThreadCount: Int {
        lock.withLock { idle.count }
    }

    /// True from the moment `shutdown()` has begun, for tests.
    var isShuttingDown: Bool {
        lock.withLock { shuttingDown }
    }

    private func work(first: @escaping Job) {
        let worker = Worker()
        var job: Job? = first
        while let current = job {
            current()
            job = next(for: worker)
        }
        lock.withLock { threads -= 1 }
        running.leave()
    }

    /// A queued job, or one handed over while idle; nil when the thread should end.
    private func next(for worker: Worker) -> Job? {
        lock.lock()
        if let job = queued.popFirst() {
            lock.unlock()
            return job
        }
        if shuttingDown {
            lock.unlock()
            return nil
        }
        worker.job = nil
        idle.append(worker)
        lock.unlock()
        if worker.wake.wait(timeout: .now() + idleTimeout) == .timedOut {
            lock.lock()
            if let index = idle.firstIndex(where: { $0 === worker }) {
                idle.remove(at: index)
                lock.unlock()
                return nil
            }
            lock.unlock()
            // Handed a job (or told to end) just as the wait ran out: its signal is on the way.
            worker.wake.wait()
        }
        return lock.withLock { worker.job }
    }
}

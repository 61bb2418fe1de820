import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Bounds how many renditions decode at once in the whole process, and runs them on threads of
/// their own at a lower priority than the server's.
///
/// Decoding is CPU-bound and each pipeline runs on one libvips thread, so more pipelines than
/// cores finish no sooner; they only hold more decoded pixels at once (a 12 MP HEIC is decoded
/// whole by libheif: about 55 MB). One core is left to the readers: with both cores of a
/// 2-core machine rendering, 8 uploads at once made a fresh wish list's p99 100 ms. Callers
/// beyond the limit wait their turn.
enum RenditionSlots {
    static let limit = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)

    /// The nice value of the rendering threads: a request's thread, at 0, gets about nine tenths
    /// of a core they share (the kernel weighs nice 10 at 110 against 1,024), and an idle core
    /// still goes to the renditions whole.
    static let niceValue: Int32 = 10

    private static let threads = RenditionThreads(count: limit, niceValue: niceValue)

    /// Runs `body` on one of the rendering threads, blocking the caller until it has run.
    static func withSlot<Value>(_ body: () throws(ImagingError) -> Value) throws(ImagingError) -> Value {
        try withoutActuallyEscaping(body) { (escapable) throws(ImagingError) -> Value in
            // The caller waits below until the job has run, so `body` does not outlive this call.
            let job = RenditionJob(escapable)
            threads.run(job)
            return try job.outcome()
        }
    }
}

/// One rendition handed to a rendering thread, and its outcome, which the caller waits for.
private final class RenditionJob<Value>: RenditionWork, @unchecked Sendable {
    // Written by the rendering thread before `finished` is signalled, read by the caller after.
    private var body: (() throws(ImagingError) -> Value)?
    private var result: Result<Value, ImagingError>?
    private let finished = DispatchSemaphore(value: 0)

    init(_ body: @escaping () throws(ImagingError) -> Value) {
        self.body = body
    }

    func perform() {
        result = run()
        finished.signal()
    }

    /// Runs the body and lets go of it: the caller's closure must not outlive its call
    /// (`withoutActuallyEscaping` checks that no one holds it any more).
    private func run() -> Result<Value, ImagingError> {
        guard let body else { preconditionFailure("a rendition job runs once") }
        self.body = nil
        do throws(ImagingError) {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }

    func outcome() throws(ImagingError) -> Value {
        finished.wait()
        // perform() always sets the result before signalling.
        return try result!.get()
    }
}

private protocol RenditionWork: AnyObject, Sendable {
    func perform()
}

/// A fixed set of threads, started on first use, that take renditions in the order they came.
///
/// Their own threads because on Linux an unprivileged thread can lower its priority but never
/// raise it again: a server worker that lowered its own for one upload would answer every later
/// request at that priority. libvips' pipeline threads, started from these, inherit the nice value.
private final class RenditionThreads: @unchecked Sendable {
    // `lock` guards `waiting` and `started`; @unchecked because the lock is the synchronisation.
    private let lock = NSCondition()
    private var waiting: [any RenditionWork] = []
    private var started = false
    private let count: Int
    private let niceValue: Int32

    init(count: Int, niceValue: Int32) {
        self.count = count
        self.niceValue = niceValue
    }

    func run(_ job: any RenditionWork) {
        lock.lock()
        if !started {
            started = true
            for _ in 0..<count {
                let thread = Thread { [self] in work() }
                thread.name = "wishlist-rendition"
                thread.start()
            }
        }
        waiting.append(job)
        lock.signal()
        lock.unlock()
    }

    private func work() {
        #if os(Linux)
            // PRIO_PROCESS with 0 is the calling thread alone on Linux, where the nice value
            // belongs to a thread. A failure leaves it at the default: slower reads, not wrong ones.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceValue)
        #endif
        while true {
            lock.lock()
            while waiting.isEmpty { lock.wait() }
            let job = waiting.removeFirst()
            lock.unlock()
            job.perform()
        }
    }
}

import Foundation
import Synchronization

/// Runs async work to completion from a synchronous handler. Handlers run on the HTTP server's
/// worker threads, never on Swift's cooperative pool, so waiting here blocks only this request.
/// From async code it would block a thread of that pool, and could deadlock it: the compiler refuses.
@available(*, noasync, message: "await the work instead; blocking would hold a thread of the cooperative pool")
func blocking<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
    let result = Mutex<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await work()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}

import Foundation
import Synchronization

/// Runs async work to completion from a synchronous handler. Handlers run on the HTTP server's
/// worker threads, never on Swift's cooperative pool, so waiting here blocks only this request.
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

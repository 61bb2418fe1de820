import Foundation
import Synchronization

/// Holds a handler until the test lets it go: `entered` is signalled when a handler arrives,
/// `release` lets it return (or ten seconds pass).
final class Gate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)

    func pass() {
        entered.signal()
        _ = release.wait(timeout: .now() + 10)
    }
}

/// A value set on one thread and read on another.
final class Box<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
}

/// Sends a request on its own thread; `done` is signalled once `response` holds the answer
/// (nil when the connection failed).
func requestInBackground(
    port: UInt16, _ target: String, headers: [(String, String)] = []
) -> (done: DispatchSemaphore, response: Box<TestResponse>) {
    let done = DispatchSemaphore(value: 0)
    let response = Box<TestResponse>()
    Thread.detachNewThread {
        let answer = try? RawHTTPClient(port: port).request("GET", target, headers: headers)
        response.value.withLock { $0 = answer }
        done.signal()
    }
    return (done, response)
}

import Foundation

@testable import SQLite

/// A queue's connection held by another thread until `release()`: made once that thread holds it.
final class HeldConnection {
    private let letGo = DispatchSemaphore(value: 0)
    private let released = DispatchGroup()

    init(of queue: ConnectionQueue) {
        let holding = DispatchSemaphore(value: 0)
        released.enter()
        Thread { [letGo, released] in
            _ = try? queue.withConnection(timeout: .seconds(10)) { _ in
                holding.signal()
                letGo.wait()
            }
            released.leave()
        }.start()
        holding.wait()
    }

    /// Gives the connection back and waits until the holding thread has.
    func release() {
        letGo.signal()
        released.wait()
    }
}

/// Waits, yielding, until `condition` holds; the thread states the tests watch change within
/// microseconds, and the bound only keeps a broken queue from hanging the suite.
func eventually(_ condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(10)
    while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
}

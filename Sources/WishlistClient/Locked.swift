import Foundation

/// A value shared between tasks behind a lock. `Synchronization.Mutex` would do, but it needs
/// iOS 18 and macOS 15 while this library supports iOS 17 and macOS 14; `NSLock` is everywhere.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

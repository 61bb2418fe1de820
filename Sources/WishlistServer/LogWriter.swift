@preconcurrency import Dispatch
import Foundation
import Synchronization

/// Writes log lines to standard output in batches: at tens of thousands of requests a second, one
/// `write` per request line costs more than the request. Lines appear within a quarter second, at
/// once when the batch grows past 16 KB, and before the server stops (`flush`).
final class LogWriter: Sendable {
    static let standardOutput = LogWriter(handle: .standardOutput)

    private static let batchBytes = 16 << 10
    private let pending = Mutex<[UInt8]>([])
    private let handle: FileHandle
    private let timer: DispatchSourceTimer

    init(handle: FileHandle, interval: DispatchTimeInterval = .milliseconds(250)) {
        self.handle = handle
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "wishlist.log"))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    func write(_ line: String) {
        let full = pending.withLock { bytes -> Bool in
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
            return bytes.count >= Self.batchBytes
        }
        if full { flush() }
    }

    func flush() {
        let bytes = pending.withLock { bytes -> [UInt8] in
            defer { bytes.removeAll(keepingCapacity: true) }
            return bytes
        }
        if !bytes.isEmpty { handle.write(Data(bytes)) }
    }
}

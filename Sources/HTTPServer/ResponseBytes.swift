import Foundation

/// A body made once and sent many times (a kept answer): its bytes are copied in once, never
/// changed, and handed to the daemon as they are, which holds a reference until the answer has
/// gone out. A `Data` body is copied into the daemon's response each time it is sent.
public final class ResponseBytes: Sendable {
    // Written once in `init`, read-only after: safe to share between threads.
    nonisolated(unsafe) private let storage: UnsafeMutableRawBufferPointer

    public init(_ data: Data) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 1)
        data.withUnsafeBytes { storage.copyMemory(from: $0) }
        self.storage = storage
        count = data.count
    }

    deinit {
        storage.deallocate()
    }

    public let count: Int

    /// The bytes as a new `Data` (a copy), for the code that needs one: compression, tests.
    public var data: Data { Data(bytes: storage.baseAddress!, count: count) }

    /// Where the bytes are, for as long as this object lives.
    var baseAddress: UnsafeRawPointer { UnsafeRawPointer(storage.baseAddress!) }
}

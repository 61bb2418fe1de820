@preconcurrency import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes lines (a server's log) to a file handle in batches, one batch per thread: a server
/// answering over a hundred thousand small requests a second would otherwise spend a `write`
/// system call per line, or contend on one buffer whose lock every thread takes. Each thread that
/// writes (request lines come from the event threads, which send the answers) fills its own
/// buffer, whose lock only the flusher contends; a timer writes every buffer out at `interval`, a
/// buffer reaching `batchBytes` is written at once, and a thread's buffer is written when the
/// thread ends. Lines of one thread keep their order; lines of different threads may interleave
/// by batch.
public final class BatchedLineWriter: @unchecked Sendable {
    /// One thread's pending lines.
    final class Buffer: Sendable {
        let bytes = Mutex<[UInt8]>([])
        unowned let writer: BatchedLineWriter

        init(writer: BatchedLineWriter) {
            self.writer = writer
        }

        func drain() -> [UInt8] {
            bytes.withLock { bytes in
                defer { bytes.removeAll(keepingCapacity: true) }
                return bytes
            }
        }
    }

    private let batchBytes: Int
    private let handle: FileHandle
    private let buffers = Mutex<[ObjectIdentifier: Buffer]>([:])
    private var key = pthread_key_t()
    private let timer: DispatchSourceTimer

    /// Starts the timer that writes pending lines to `handle` every `interval`.
    public init(handle: FileHandle, interval: DispatchTimeInterval = .milliseconds(250), batchBytes: Int = 16 << 10) {
        self.handle = handle
        self.batchBytes = batchBytes
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "http-server.batched-lines"))
        pthread_key_create(&key, BatchedLineWriter.threadEnded)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
    }

    /// Stops the timer and writes what is pending. Threads that wrote keep their (now unused)
    /// buffers; with the key deleted, their end no longer reaches this writer.
    deinit {
        timer.cancel()
        pthread_key_delete(key)
        flush()
    }

    /// Adds `line` and a newline to this thread's batch.
    public func write(_ line: String) {
        let buffer = currentBuffer()
        let full = buffer.bytes.withLock { bytes -> Bool in
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
            return bytes.count >= batchBytes
        }
        if full { output(buffer.drain()) }
    }

    /// Writes out every thread's pending lines, e.g. before the process exits.
    public func flush() {
        let all = buffers.withLock { Array($0.values) }
        var bytes: [UInt8] = []
        for buffer in all { bytes += buffer.drain() }
        output(bytes)
    }

    private func output(_ bytes: [UInt8]) {
        if !bytes.isEmpty { handle.write(Data(bytes)) }
    }

    private func currentBuffer() -> Buffer {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Buffer>.fromOpaque(pointer).takeUnretainedValue()
        }
        let buffer = Buffer(writer: self)
        buffers.withLock { $0[ObjectIdentifier(buffer)] = buffer }
        pthread_setspecific(key, Unmanaged.passRetained(buffer).toOpaque())
        return buffer
    }

    /// A thread's key destructor: its lines go out and its buffer is forgotten.
    private static let threadEnded: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
        guard let pointer else { return }
        let buffer = Unmanaged<Buffer>.fromOpaque(pointer).takeRetainedValue()
        let writer = buffer.writer
        writer.output(buffer.drain())
        _ = writer.buffers.withLock { $0.removeValue(forKey: ObjectIdentifier(buffer)) }
    }
}

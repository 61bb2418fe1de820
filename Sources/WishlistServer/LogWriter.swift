@preconcurrency import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes log lines to standard output in batches, one batch per thread: the server answers over
/// a hundred thousand small requests a second (bench/run's `/healthz`, with this log on), and a
/// `write` system call per line, or one buffer whose lock every thread takes, would sit in each of
/// them. Each thread that logs (request lines come from the event threads, which send the answers)
/// fills its own buffer, whose lock only the flusher contends; a timer writes every buffer out
/// four times a second, a full buffer is written at once, and a thread's buffer is written when
/// the thread ends.
final class LogWriter: @unchecked Sendable {
    static let standardOutput = LogWriter(handle: .standardOutput)

    /// One thread's pending lines.
    final class Buffer: Sendable {
        let bytes = Mutex<[UInt8]>([])
        unowned let writer: LogWriter

        init(writer: LogWriter) {
            self.writer = writer
        }

        func drain() -> [UInt8] {
            bytes.withLock { bytes in
                defer { bytes.removeAll(keepingCapacity: true) }
                return bytes
            }
        }
    }

    private static let batchBytes = 16 << 10
    private let handle: FileHandle
    private let buffers = Mutex<[ObjectIdentifier: Buffer]>([:])
    private var key = pthread_key_t()
    private let timer: DispatchSourceTimer

    init(handle: FileHandle, interval: DispatchTimeInterval = .milliseconds(250)) {
        self.handle = handle
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "wishlist.log"))
        pthread_key_create(&key, LogWriter.threadEnded)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
    }

    func write(_ line: String) {
        let buffer = currentBuffer()
        let full = buffer.bytes.withLock { bytes -> Bool in
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
            return bytes.count >= Self.batchBytes
        }
        if full { output(buffer.drain()) }
    }

    /// Writes out every thread's pending lines.
    func flush() {
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

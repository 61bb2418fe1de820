import CMicroHTTPD
import Foundation

/// A body made while it is sent: a producer, run on a worker thread once the answer is queued,
/// writes its bytes into a small buffer that the daemon's event thread drains as the client
/// reads. The event thread never waits: when the buffer is empty it suspends the connection and
/// the producer's next write resumes it; the producer waits when the buffer is full, so memory
/// stays at `capacity` however long the body. A client that goes away makes the producer's next
/// write throw `ResponseStream.Cancelled`; a producer that throws cuts the body short, which the
/// client sees as an incomplete answer (the status was sent already).
public final class ResponseStream: @unchecked Sendable {
    /// Writes the next bytes of the body; waits while the buffer is full.
    public typealias Write = (UnsafeRawBufferPointer) throws -> Void
    public typealias Producer = @Sendable (_ write: Write) throws -> Void

    /// Thrown by `write` once the client has gone.
    public struct Cancelled: Error {}

    private enum State { case producing, finished, failed, cancelled }

    private let produce: Producer
    private let capacity: Int
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var chunks = RingQueue<Data>()
    private var firstChunkOffset = 0
    private var buffered = 0
    private var state = State.producing
    private var connection: OpaquePointer?
    private var suspended = false

    public init(capacity: Int = 256 << 10, produce: @escaping Producer) {
        self.capacity = capacity
        self.produce = produce
    }

    /// Runs the producer with `submit` (a worker), sending to `connection`. From the event thread.
    func start(connection: OpaquePointer, submit: (@escaping @Sendable () -> Void) -> Bool) {
        condition.lock()
        self.connection = connection
        condition.unlock()
        let started = submit { [self] in
            do {
                try produce { bytes in try append(bytes) }
                end(.finished)
            } catch {
                end(.failed)
            }
        }
        if !started { end(.failed) }
    }

    private func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count > 0 else { return }
        condition.lock()
        defer { condition.unlock() }
        while buffered >= capacity && state == .producing {
            condition.wait()
        }
        guard state == .producing else { throw Cancelled() }
        chunks.append(Data(bytes))
        buffered += bytes.count
        wakeConnection()
    }

    private func end(_ final: State) {
        condition.lock()
        defer { condition.unlock() }
        guard state == .producing else { return }
        state = final
        wakeConnection()
    }

    /// Under the lock: lets the daemon call `read` again.
    private func wakeConnection() {
        guard suspended, let connection else { return }
        suspended = false
        MHD_resume_connection(connection)
    }

    /// The daemon asks for up to `buffer.count` bytes: the count copied; 0 after suspending the
    /// connection until there is more; -1 at the end, -2 when the producer failed. Event thread only.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        condition.lock()
        defer { condition.unlock() }
        guard buffered == 0 else {
            var copied = 0
            while copied < buffer.count, let chunk = chunks.first {
                let count = min(chunk.count - firstChunkOffset, buffer.count - copied)
                chunk.withUnsafeBytes { bytes in
                    (buffer.baseAddress! + copied).copyMemory(from: bytes.baseAddress! + firstChunkOffset, byteCount: count)
                }
                copied += count
                firstChunkOffset += count
                if firstChunkOffset == chunk.count {
                    _ = chunks.popFirst()
                    firstChunkOffset = 0
                }
            }
            buffered -= copied
            condition.signal()
            return copied
        }
        switch state {
        case .producing:
            // Suspended under the lock, so that the producer's resume cannot come first.
            suspended = true
            MHD_suspend_connection(connection)
            return 0
        case .finished: return -1
        case .failed, .cancelled: return -2
        }
    }

    /// The daemon is done with the body (sent, or the client went away).
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        if state == .producing { state = .cancelled }
        chunks = RingQueue()
        buffered = 0
        condition.broadcast()
    }
}

/// The daemon's callbacks for a stream, given the stream retained as their context.
func responseStreamRead(_ context: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ max: Int) -> Int
{
    guard let context, let buffer else { return -2 }
    let stream = Unmanaged<ResponseStream>.fromOpaque(context).takeUnretainedValue()
    return stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: max))
}

func responseStreamFree(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    let stream = Unmanaged<ResponseStream>.fromOpaque(context)
    stream.takeUnretainedValue().cancel()
    stream.release()
}

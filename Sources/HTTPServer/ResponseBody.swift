import Foundation

/// What a response sends after its headers. File bodies are sent by the daemon
/// straight from the file descriptor, never read into memory; a stream's bytes are made while
/// they are sent (chunked), a buffer at a time.
public enum ResponseBody: Sendable {
    case empty
    case data(Data)
    /// Bytes shared by every answer that sends them, sent without a copy (see `ResponseBytes`).
    case bytes(ResponseBytes)
    case file(path: String)
    /// `length` bytes of the file starting at `offset` (a `Range` answer).
    case fileRange(path: String, offset: Int, length: Int)
    case stream(ResponseStream)

    /// The body's bytes when they are in memory (a copy for `bytes`); nil for files and streams.
    public var inMemory: Data? {
        switch self {
        case .empty: Data()
        case .data(let data): data
        case .bytes(let bytes): bytes.data
        case .file, .fileRange, .stream: nil
        }
    }
}

import Foundation

/// What a response sends after its headers. File bodies are sent by the daemon
/// straight from the file descriptor, never read into memory; a stream's bytes are made while
/// they are sent (chunked), a buffer at a time.
public enum ResponseBody: Sendable {
    case empty
    case data(Data)
    case file(path: String)
    /// `length` bytes of the file starting at `offset` (a `Range` answer).
    case fileRange(path: String, offset: Int, length: Int)
    case stream(ResponseStream)
}

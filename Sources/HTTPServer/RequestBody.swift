import Foundation

/// The body of a request: small bodies are kept in memory, bigger ones were
/// streamed to a temporary file that the server deletes after the request.
public enum RequestBody: Sendable {
    case empty
    case memory(Data)
    case file(path: String, size: Int)

    /// The whole body. Reads a file body into memory, so use it only for small bodies.
    public func data() throws -> Data {
        switch self {
        case .empty: return Data()
        case .memory(let data): return data
        case .file(let path, _): return try Data(contentsOf: URL(fileURLWithPath: path))
        }
    }

    public var size: Int {
        switch self {
        case .empty: return 0
        case .memory(let data): return data.count
        case .file(_, let size): return size
        }
    }
}

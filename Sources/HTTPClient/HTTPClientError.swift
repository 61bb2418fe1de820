/// Why an `HTTPClientRequest` brought no answer.
public enum HTTPClientError: Error, Sendable, Equatable {
    /// libcurl, loaded at the first request, could not be: the loader's reason.
    case libraryUnavailable(String)
    /// The address is not an absolute http or https URL.
    case invalidURL(String)
    /// The server could not be found or connected to: the request was never sent.
    case unreachable(String)
    /// The connection broke or the server's answer was cut or malformed: the request may have
    /// reached the server, and its answer was lost.
    case connectionLost(String)
    /// Nothing moved for the request's `idleTimeout`, or the connection took longer than its
    /// `connectTimeout`.
    case timedOut(String)
    /// The answer's body was larger than the request's `maximumBodyBytes`.
    case tooLarge(limitBytes: Int)
    /// The file to send could not be read, or the one to fill written.
    case localFile(path: String, reason: String)
    /// Anything else libcurl reported, in its words.
    case failed(String)
}

extension HTTPClientError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .libraryUnavailable(let reason): reason
        case .invalidURL(let url): "not an http or https URL: \(url)"
        case .unreachable(let reason): "could not connect: \(reason)"
        case .connectionLost(let reason): "the connection was lost: \(reason)"
        case .timedOut(let reason): "timed out: \(reason)"
        case .tooLarge(let limit): "the answer is larger than \(limit) bytes"
        case .localFile(let path, let reason): "\(path): \(reason)"
        case .failed(let reason): reason
        }
    }
}

/// Why an S3 request failed.
public enum S3Error: Error, Sendable, Equatable {
    /// The `s3://` location or its keys are not usable; the words say what is wrong.
    case invalidConfiguration(String)
    /// DNS, TCP or TLS failed, or the store stopped answering; libcurl's words.
    case connectionFailed(String)
    /// The store answered with an error: its HTTP status and, where it sent one, S3's error code
    /// (`SignatureDoesNotMatch`, `NoSuchBucket`, `AccessDenied`…) and message.
    case refused(status: Int, code: String?, message: String?)
    /// A listing that is not the XML S3 answers with.
    case unreadableAnswer(String)
    /// A local file to send or to fill could not be opened.
    case localFile(path: String, reason: String)
}

extension S3Error: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidConfiguration(let reason): "the S3 store is not set up right: \(reason)"
        case .connectionFailed(let reason): "could not reach the S3 store: \(reason)"
        case .refused(let status, let code, let message):
            "the S3 store answered \(status)" + (code.map { " \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
        case .unreadableAnswer(let reason): "the S3 store's answer could not be read: \(reason)"
        case .localFile(let path, let reason): "\(path): \(reason)"
        }
    }

    /// Whether trying again may succeed: the store was unreachable or busy, not refusing.
    var isTransient: Bool {
        switch self {
        case .connectionFailed: true
        case .refused(let status, _, _): status >= 500 || status == 429
        default: false
        }
    }
}

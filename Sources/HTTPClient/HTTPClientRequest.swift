import Foundation

/// One HTTP request to a server the caller chose (its own API, an S3 store): unlike `Outbound`'s
/// requests, no address rules apply and redirects are not followed.
public struct HTTPClientRequest: Sendable {
    /// Where the request's body comes from.
    public enum Body: Sendable {
        case bytes(Data)
        /// The file at this path, read as it is sent.
        case file(path: String)
    }

    /// The request's signature, computed by libcurl (`CURLOPT_AWS_SIGV4`).
    public struct AWSSignature: Sendable {
        /// libcurl's provider string, e.g. `aws:amz:us-east-1:s3`.
        public var provider: String
        public var accessKey: String
        public var secretKey: String

        public init(provider: String, accessKey: String, secretKey: String) {
            self.provider = provider
            self.accessKey = accessKey
            self.secretKey = secretKey
        }
    }

    public var method: String
    /// The absolute http or https address.
    public var url: String
    /// Sent in this order, after the ones libcurl writes; a header named twice is sent twice.
    public var headers: [(name: String, value: String)]
    /// nil: no body (GET, HEAD, DELETE…); an empty body is sent as `Content-Length: 0`.
    public var body: Body?
    /// An open file descriptor a success's body (2xx) is written to as it arrives, instead of memory;
    /// other answers' bodies still come in `HTTPClientResponse.body`. The caller opens and closes it.
    public var successBodyFile: Int32?
    /// The most an answer's body kept in memory may have; a larger one fails the request.
    public var maximumBodyBytes: Int
    public var connectTimeout: Duration
    /// How long the exchange may go on without a byte moving either way before it fails: the
    /// server thinking, a body arriving slowly, are fine while something moves.
    public var idleTimeout: Duration
    public var signature: AWSSignature?

    public init(
        method: String, url: String, headers: [(name: String, value: String)] = [], body: Body? = nil,
        successBodyFile: Int32? = nil, maximumBodyBytes: Int = 64 << 20, connectTimeout: Duration = .seconds(10),
        idleTimeout: Duration = .seconds(60), signature: AWSSignature? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.successBodyFile = successBodyFile
        self.maximumBodyBytes = maximumBodyBytes
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
        self.signature = signature
    }

    /// The bytes the body has, when it is known before sending.
    var bodyLength: Int64? {
        switch body {
        case nil: 0
        case .bytes(let data): Int64(data.count)
        case .file(let path):
            (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).map { $0.int64Value }
        }
    }
}

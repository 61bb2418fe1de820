/// Whether `CompressionMiddleware` may send a response gzip-compressed. The handler decides, because
/// only it knows what the body holds: compressing a body that carries a secret beside text a request
/// put there lets an attacker who sees sizes on the wire guess the secret (BREACH).
public enum ResponseCompression: Sendable, Equatable {
    /// Sent as it is (the default).
    case never
    /// Compressed for each request that accepts gzip: a body made for that request.
    case eachTime
    /// The same bytes for every response with this key and ETag (a static file): compressed at the
    /// first request and kept until the ETag changes. Keys must be few, one per file served,
    /// since each keeps its compressed copy for the server's life; without an ETag, as `eachTime`.
    case once(key: String)
}

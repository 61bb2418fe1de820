import Foundation
import Synchronization
import Zlib

/// Sends gzip-compressed bodies (`Content-Encoding: gzip`) to clients that accept them, for the
/// responses whose handlers allow it (`Response.compression`); every other response passes untouched.
///
/// An allowed response always gets `Vary: Accept-Encoding`, so a cache never hands one client the
/// other's variant. It is compressed only when all of these hold: a GET or HEAD answered 200, no
/// `Range` asked (a range counts bytes of the uncompressed body), no cookie set, a textual type (HTML,
/// CSS, JavaScript, JSON, SVG, XML, the manifest), a body in memory or a file of at least
/// `minimumSize` bytes (below about a packet, gzip's header and the time cost more than they save),
/// `Accept-Encoding` giving gzip a q above 0, and the result smaller than the original. The compressed
/// variant gets its own ETag (`"…-gzip"`): a strong ETag names one sequence of bytes, and a cache
/// that revalidates the compressed copy must not be told it matches the plain one. Its
/// `If-None-Match` is answered here with a 304.
public struct CompressionMiddleware: Middleware {
    /// Bodies smaller than this go as they are.
    public static let defaultMinimumSize = 1024
    /// What the compressed variant's ETag adds to the original's.
    static let etagSuffix = "-gzip"

    let minimumSize: Int
    private let kept = KeptCopies()

    public init(minimumSize: Int = defaultMinimumSize) {
        self.minimumSize = minimumSize
    }

    public func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        var response = try next(request)
        guard response.compression != .never else { return response }
        Self.addVary(&response.headers)
        guard request.method == .GET || request.method == .HEAD, response.status == .ok,
            !request.headers.contains("Range"), !response.headers.contains("Content-Encoding"),
            !response.headers.contains("Set-Cookie"), Self.isCompressible(response.headers["Content-Type"]),
            Self.acceptsGzip(request.headers.values("Accept-Encoding"))
        else { return response }

        let etag = response.headers["ETag"].map(Self.compressedETag)
        let compressed: Data?
        if case .once(let key) = response.compression, let etag {
            compressed = kept.copy(key: key, etag: etag) { compress(response.body) }
        } else {
            compressed = compress(response.body)
        }
        guard let compressed else { return response }

        response.headers["ETag"] = etag
        // Ranges are of the plain bytes: this variant offers none.
        response.headers["Accept-Ranges"] = nil
        if let etag, let ifNoneMatch = request.headers["If-None-Match"], Response.matches(ifNoneMatch, etag) {
            response.headers["Content-Type"] = nil
            response.status = .notModified
            response.body = .empty
            return response
        }
        response.headers["Content-Encoding"] = "gzip"
        response.body = .data(compressed)
        return response
    }

    /// The body gzip-compressed, or nil when it is not worth it or cannot be: too small, a stream or a
    /// range, a file that cannot be read, or no smaller compressed.
    private func compress(_ body: ResponseBody) -> Data? {
        let plain: Data
        switch body {
        case .data(let data):
            plain = data
        case .bytes(let bytes):
            plain = bytes.data
        case .file(let path):
            // Read only once the file is known to be large enough.
            var info = stat()
            guard stat(path, &info) == 0, Int(info.st_size) >= minimumSize,
                let data = FileManager.default.contents(atPath: path)
            else { return nil }
            plain = data
        case .empty, .fileRange, .stream:
            return nil
        }
        guard plain.count >= minimumSize, let compressed = Gzip.compress(plain), compressed.count < plain.count else {
            return nil
        }
        return compressed
    }

    /// Whether the `Accept-Encoding` values give gzip (or `x-gzip`, or `*` when neither is named) a
    /// q above 0. No header at all gets the body as it is: an old client or a script may not decode.
    static func acceptsGzip(_ values: [String]) -> Bool {
        var gzip: Double?
        var any: Double?
        for value in values {
            for item in value.split(separator: ",") {
                let coding = HeaderParameters(String(item))
                // A q that is not a number is read as 0: better plain than undecodable.
                let quality = coding.parameters["q"].map { Double($0) ?? 0 } ?? 1
                switch coding.value {
                case "gzip", "x-gzip": gzip = max(gzip ?? 0, quality)
                case "*": any = quality
                default: break
                }
            }
        }
        return (gzip ?? any ?? 0) > 0
    }

    /// Text compresses; images, video, fonts and archives are compressed already.
    static func isCompressible(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = HeaderParameters(contentType).value
        return type.hasPrefix("text/") || type.hasSuffix("+json") || type.hasSuffix("+xml")
            || ["application/json", "application/javascript", "application/xml", "image/svg+xml"].contains(type)
    }

    /// `"abc"` → `"abc-gzip"`, `W/"abc"` → `W/"abc-gzip"`.
    static func compressedETag(_ etag: String) -> String {
        guard etag.hasSuffix("\"") else { return etag + etagSuffix }
        return etag.dropLast() + etagSuffix + "\""
    }

    private static func addVary(_ headers: inout HTTPHeaders) {
        guard let vary = headers["Vary"] else {
            headers["Vary"] = "Accept-Encoding"
            return
        }
        let names = vary.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }
        guard !names.contains("*"), !names.contains("accept-encoding") else { return }
        headers["Vary"] = vary + ", Accept-Encoding"
    }
}

/// The compressed copies of `.once` responses, one per key, each with the ETag it was made for.
private final class KeptCopies: Sendable {
    private struct Copy {
        let etag: String
        /// Nil when the body was not worth compressing: that is kept too.
        let data: Data?
    }

    private let copies = Mutex<[String: Copy]>([:])

    /// The copy kept for `key` at `etag`, made by `make` (outside the lock) when there is none yet or
    /// the ETag changed. Two first requests at once may both make it; the bytes are the same.
    func copy(key: String, etag: String, make: () -> Data?) -> Data? {
        if let copy = copies.withLock({ $0[key] }), copy.etag == etag { return copy.data }
        let data = make()
        copies.withLock { $0[key] = Copy(etag: etag, data: data) }
        return data
    }
}

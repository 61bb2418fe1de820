import Foundation
import HTTPClient

#if canImport(Glibc)
    import Glibc
#endif

/// The five requests a media store makes of an S3 bucket: put a file, get one into a file, ask
/// after one, delete one, list those under a prefix. Each is signed by libcurl (`CURLOPT_AWS_SIGV4`:
/// the canonical request, the string to sign and the HMAC chain are its, not ours) and runs on the
/// calling thread (`HTTPClient.perform`). Each is tried
/// up to three times while the store is unreachable or answers 5xx: every one of them may be sent
/// again (a PUT of the same bytes under the same key, a DELETE of what is gone, are no change).
public struct S3Client: Sendable {
    public let bucket: S3Bucket
    private let attempts: Int

    public init(bucket: S3Bucket, attempts: Int = 3) {
        self.bucket = bucket
        self.attempts = attempts
    }

    /// Stores the file at `path` as `key`, replacing any object there.
    public func put(file path: String, as key: String) throws(S3Error) {
        _ = try retrying { () throws(S3Error) in try send("PUT", url(key), upload: path) }
    }

    /// Writes the object `key` into a new file at `path`; false, writing nothing, when there is no
    /// such object. The file is flushed to disk before this returns.
    public func get(_ key: String, into path: String) throws(S3Error) -> Bool {
        try retrying { () throws(S3Error) in
            let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard file >= 0 else { throw .localFile(path: path, reason: String(cString: strerror(errno))) }
            var closed = false
            defer { if !closed { close(file) } }
            if try send("GET", url(key), download: file, accepting: [404]).status == 404 {
                unlink(path)
                return false
            }
            closed = true
            guard fsync(file) == 0, close(file) == 0 else {
                throw .localFile(path: path, reason: String(cString: strerror(errno)))
            }
            return true
        }
    }

    /// The object `key`, or nil when there is none.
    public func head(_ key: String) throws(S3Error) -> S3Object? {
        let answer = try retrying { () throws(S3Error) in try send("HEAD", url(key), accepting: [404]) }
        if answer.status == 404 { return nil }
        return S3Object(
            key: key, size: answer.headers["content-length"].flatMap { Int($0) } ?? 0,
            lastModified: answer.headers["last-modified"].flatMap(Self.httpDate) ?? .distantPast)
    }

    /// Deletes the object `key`; one that is not there is no error.
    public func delete(_ key: String) throws(S3Error) {
        _ = try retrying { () throws(S3Error) in try send("DELETE", url(key), accepting: [404]) }
    }

    /// Every object whose key begins with `prefix`, asked for a page of `pageSize` (at most 1,000)
    /// at a time (ListObjectsV2).
    public func list(prefix: String, pageSize: Int = 1000) throws(S3Error) -> [S3Object] {
        var objects: [S3Object] = []
        var continuation: String?
        repeat {
            var query = ["list-type": "2", "max-keys": String(pageSize), "prefix": bucket.prefix + prefix]
            if let continuation { query["continuation-token"] = continuation }
            let address = url(nil, query: query)
            let answer = try retrying { () throws(S3Error) in try send("GET", address) }
            let page = try S3ListingPage(xml: Array(answer.body))
            objects += page.objects.compactMap { object in
                guard object.key.hasPrefix(bucket.prefix) else { return nil }
                return S3Object(
                    key: String(object.key.dropFirst(bucket.prefix.count)), size: object.size, lastModified: object.lastModified)
            }
            continuation = page.nextContinuationToken
        } while continuation != nil
        return objects
    }

    /// Checks that the bucket exists and the keys may list it: for a clear error at start-up
    /// rather than at the first photo.
    public func checkAccess() throws(S3Error) {
        _ = try retrying { () throws(S3Error) in try send("GET", url(nil, query: ["list-type": "2", "max-keys": "1"])) }
    }

    // MARK: Helpers

    /// The path-style address of `key` (nil: the bucket), each path segment percent-encoded.
    ///
    /// The query is written sorted by name with every reserved character encoded: libcurl 7.88's
    /// signing takes the query as it is given for the canonical request, which S3 builds sorted and
    /// encoded, so anything else fails with SignatureDoesNotMatch.
    func url(_ key: String?, query: [String: String] = [:]) -> String {
        var path = bucket.endpoint.absoluteString
        while path.hasSuffix("/") { path.removeLast() }
        path += "/" + Self.encoded(bucket.name)
        if let key {
            path +=
                "/"
                + (bucket.prefix + key).split(separator: "/", omittingEmptySubsequences: false).map { Self.encoded(String($0)) }
                .joined(separator: "/")
        }
        guard !query.isEmpty else { return path }
        return path + "?"
            + query.sorted { $0.key < $1.key }.map { "\(Self.encoded($0.key))=\(Self.encoded($0.value))" }.joined(separator: "&")
    }

    /// `text` with everything but SigV4's unreserved characters (A–Z a–z 0–9 - . _ ~) percent-encoded.
    static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(UnicodeScalar(byte))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// The largest body kept in memory: a listing page of 1,000 keys is about 300 KB.
    static let maximumBodyBytes = 16 << 20

    /// Sends one request, with the file at `upload` as its body or a success's body written into
    /// the file descriptor `download`, and answers its answer when it is a success or one of
    /// `accepting` (a 404 where "not there" is an answer); any other status is the store's
    /// refusal, with its reason.
    private func send(
        _ method: String, _ address: String, upload: String? = nil, download: Int32? = nil, accepting: Set<Int> = []
    ) throws(S3Error) -> HTTPClientResponse {
        // S3 wants the payload's hash among the signed headers; UNSIGNED-PAYLOAD spares reading a
        // 40 MB original twice, and TLS to the store already guards the bytes.
        let request = HTTPClientRequest(
            method: method, url: address, headers: [("x-amz-content-sha256", "UNSIGNED-PAYLOAD")],
            body: upload.map { .file(path: $0) }, successBodyFile: download, maximumBodyBytes: Self.maximumBodyBytes,
            // No bound on the whole transfer (a 40 MB original on a slow link takes what it
            // takes), but one that moves nothing for 30 s has stalled.
            idleTimeout: .seconds(30),
            signature: .init(provider: "aws:amz:\(bucket.region):s3", accessKey: bucket.accessKey, secretKey: bucket.secretKey))
        let answer: HTTPClientResponse
        do {
            answer = try HTTPClient.perform(request)
        } catch {
            switch error {
            case .localFile(let path, let reason): throw .localFile(path: path, reason: reason)
            case .tooLarge: throw .unreadableAnswer("an answer larger than \(Self.maximumBodyBytes >> 20) MB")
            default: throw .connectionFailed(error.description)
            }
        }
        guard answer.isSuccess || accepting.contains(answer.status) else {
            let error = S3ErrorAnswer(xml: Array(answer.body))
            throw .refused(status: answer.status, code: error?.code, message: error?.message)
        }
        return answer
    }

    /// Runs `request` until it succeeds or fails for good, trying again after 0.1 s and 0.4 s when
    /// the store was unreachable or answered 5xx (a store restarting, a brief overload).
    private func retrying<Result>(_ request: () throws(S3Error) -> Result) throws(S3Error) -> Result {
        var attempt = 1
        while true {
            do {
                return try request()
            } catch  where error.isTransient && attempt < attempts {
                Self.pause(attempt)
                attempt += 1
            }
        }
    }

    /// An HTTP date (`Last-Modified: Wed, 21 Oct 2015 07:28:00 GMT`).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    private static func pause(_ attempt: Int) {
        usleep(useconds_t(100_000 * (1 << (2 * (attempt - 1)))))
    }
}

import CCurl
import Foundation

/// One libcurl easy handle and what every transfer on it shares, whatever it is for: loading
/// libcurl, the header list, the error buffer, running it to its end, and reading the answer's
/// status and headers. `CurlExchange` (this module) and `Outbound`'s `CurlTransfer` set their own
/// options on it.
public final class CurlEasy {
    /// nil once libcurl is loaded and set up (CCurl runs curl_global_init once), else why it could
    /// not be, as a sentence. Swift runs a global's initialiser exactly once, even under concurrent
    /// first use.
    public static let loadFailure: String? = ccurl_load().map {
        "libcurl could not be loaded (is Debian's libcurl4 installed?): \(String(cString: $0))"
    }

    /// The handle, for the caller's options and callbacks.
    public let handle: UnsafeMutableRawPointer
    private var headerList: OpaquePointer?

    /// A new handle; nil when libcurl could not make one. Only after `loadFailure` is nil.
    public init?() {
        guard let handle = ccurl_easy_init() else { return nil }
        self.handle = handle
    }

    deinit {
        ccurl_easy_cleanup(handle)
        ccurl_slist_free_all(headerList)
    }

    /// Sets `headers` ("Name: value") and an error buffer, then the caller's `options` (their result
    /// codes), and runs the transfer to its end on the calling thread. Answers libcurl's code and,
    /// when it failed, its words for why.
    public func perform(headers: [String], options: (UnsafeMutableRawPointer) -> [CCurlCode]) -> (code: CCurlCode, message: String) {
        for header in headers { headerList = ccurl_slist_append(headerList, header) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CCURL_ERROR_SIZE))
        let code = errorBuffer.withUnsafeMutableBufferPointer { errors -> CCurlCode in
            let set =
                [
                    ccurl_setopt_slist(handle, CCURL_OPT_HTTPHEADER, headerList),
                    ccurl_setopt_pointer(handle, CCURL_OPT_ERRORBUFFER, errors.baseAddress)
                ] + options(handle)
            if let failed = set.first(where: { $0 != CCURL_OK }) { return failed }
            return ccurl_easy_perform(handle)
        }
        guard code != CCURL_OK else { return (code, "") }
        let message = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (code, message.isEmpty ? String(cString: ccurl_easy_strerror(code)) : message)
    }

    /// The last answer's HTTP status; 0 before one came.
    public var status: Int {
        var status = 0
        _ = ccurl_getinfo_long(handle, CCURL_INFO_RESPONSE_CODE, &status)
        return status
    }

    /// A string about the transfer (the final URL, the content type), copied.
    public func string(_ info: CCurlInfo) -> String? {
        var value: UnsafePointer<CChar>?
        guard ccurl_getinfo_string(handle, info, &value) == CCURL_OK, let value else { return nil }
        return String(cString: value)
    }

    /// The last answer's headers (redirections' excluded), names lower-cased, a header sent several
    /// times with its values joined by ", ", as HTTP allows for lists.
    public func responseHeaders() -> [String: String] {
        var headers: [String: String] = [:]
        var header = ccurl_next_response_header(handle, nil)
        while let current = header {
            if let name = ccurl_header_name(current), let value = ccurl_header_value(current) {
                let name = String(cString: name).lowercased()
                let value = String(cString: value)
                headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            }
            header = ccurl_next_response_header(handle, current)
        }
        return headers
    }

    /// `duration` in whole milliseconds, as libcurl's `_MS` options take it.
    public static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Runs `transfer` on a thread of its own, since an easy transfer blocks until it is done, and
    /// answers its outcome.
    public static func onItsOwnThread<Answer: Sendable, Failure: Error>(
        _ transfer: @escaping @Sendable () throws(Failure) -> Answer
    ) async throws(Failure) -> Answer {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Answer, Failure>, Never>) in
            Thread.detachNewThread { continuation.resume(returning: Result { () throws(Failure) in try transfer() }) }
        }
        return try result.get()
    }
}

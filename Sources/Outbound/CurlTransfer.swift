import CCurl
import Foundation
import HTTPClient

#if canImport(Glibc)
    import Glibc
#endif

/// One GET on its own libcurl easy handle, run to the end on the calling thread.
///
/// Everything libcurl needs to enforce the outbound rules is set here: only http and https (for
/// redirects too), at most `maximumRedirects` hops, a total timeout, a size limit, no proxy from
/// the environment, and `openSocket` as the only way a socket gets made, which checks the address
/// actually connected to on every hop.
final class CurlTransfer {
    struct Limits {
        var timeout: Duration
        var maximumBytes: Int
        var maximumRedirects: Int
        var allowPrivateAddresses: Bool
        /// "address:port" pairs let through despite the rules (see `Configuration.exemptEndpoints`).
        var exemptEndpoints: Set<String>
        var userAgent: String
    }

    private let limits: Limits
    private let cancellation: OutboundCancellation?
    private var body: [UInt8] = []
    /// Set when the body passed `maximumBytes`: the write callback stopped the transfer.
    private var exceededLimit = false
    /// The last address `openSocket` refused, and why; the transfer then fails to connect.
    private var refusal: (address: String, reason: String)?

    private init(limits: Limits, cancellation: OutboundCancellation?) {
        self.limits = limits
        self.cancellation = cancellation
    }

    /// Fetches `url` with the given request headers (e.g. `Accept: text/html`); with a
    /// `cancellation`, stops soon after it is cancelled.
    static func get(
        _ url: URL, headers: [String], limits: Limits, cancellation: OutboundCancellation?
    ) throws(OutboundError) -> OutboundResponse {
        if let failure = CurlEasy.loadFailure { throw .libraryUnavailable(failure) }
        return try CurlTransfer(limits: limits, cancellation: cancellation).run(url, headers: headers)
    }

    private func run(_ url: URL, headers: [String]) throws(OutboundError) -> OutboundResponse {
        guard let easy = CurlEasy() else { throw .connectionFailed("libcurl could not start") }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let (code, message) = easy.perform(headers: headers) { handle in
            // libcurl calls the progress function between reads and about once a second while
            // waiting; only a transfer that can be cancelled needs it.
            let progress: [CCurlCode] =
                cancellation == nil
                ? []
                : [
                    ccurl_setopt_long(handle, CCURL_OPT_NOPROGRESS, 0),
                    ccurl_setopt_xferinfo_function(handle, curlProgress),
                    ccurl_setopt_pointer(handle, CCURL_OPT_XFERINFODATA, context)
                ]
            return progress + [
                ccurl_setopt_string(handle, CCURL_OPT_URL, url.absoluteString),
                ccurl_setopt_string(handle, CCURL_OPT_PROTOCOLS_STR, "http,https"),
                ccurl_setopt_string(handle, CCURL_OPT_REDIR_PROTOCOLS_STR, "http,https"),
                ccurl_setopt_long(handle, CCURL_OPT_FOLLOWLOCATION, 1),
                ccurl_setopt_long(handle, CCURL_OPT_MAXREDIRS, limits.maximumRedirects),
                ccurl_setopt_long(handle, CCURL_OPT_TIMEOUT_MS, CurlEasy.milliseconds(limits.timeout)),
                // Signals cannot time out DNS in a threaded program; libcurl then uses its resolver thread.
                ccurl_setopt_long(handle, CCURL_OPT_NOSIGNAL, 1),
                // An empty proxy turns off http_proxy & co. from the environment: through a proxy the
                // address connected to would be the proxy's, and the rules would check nothing.
                ccurl_setopt_string(handle, CCURL_OPT_PROXY, ""),
                // Refuses a body whose announced length is too large before reading it; the write
                // callback stops one that grows too large without saying so.
                ccurl_setopt_offset(handle, CCURL_OPT_MAXFILESIZE_LARGE, Int64(limits.maximumBytes)),
                // Every encoding libcurl can decode; the size limit counts decoded bytes.
                ccurl_setopt_string(handle, CCURL_OPT_ACCEPT_ENCODING, ""),
                ccurl_setopt_string(handle, CCURL_OPT_USERAGENT, limits.userAgent),
                ccurl_setopt_write_function(handle, curlWrite),
                ccurl_setopt_pointer(handle, CCURL_OPT_WRITEDATA, context),
                ccurl_setopt_opensocket_function(handle, curlOpenSocket),
                ccurl_setopt_pointer(handle, CCURL_OPT_OPENSOCKETDATA, context)
            ]
        }
        if code != CCURL_OK { throw error(for: code, message: message, url: url) }
        return OutboundResponse(
            url: easy.string(CCURL_INFO_EFFECTIVE_URL).flatMap(URL.init(string:)) ?? url,
            status: easy.status,
            contentType: easy.string(CCURL_INFO_CONTENT_TYPE),
            body: body,
            headers: easy.responseHeaders()
        )
    }

    private func error(for code: CCurlCode, message: String, url: URL) -> OutboundError {
        if code == CCURL_ABORTED_BY_CALLBACK, isCancelled { return .cancelled }
        if let refusal { return .forbiddenAddress(host: refusal.address, reason: refusal.reason) }
        if exceededLimit || code == CCURL_FILESIZE_EXCEEDED { return .tooLarge(limitBytes: limits.maximumBytes) }
        switch code {
        case CCURL_OPERATION_TIMEDOUT:
            return .timedOut(seconds: Double(limits.timeout.components.seconds) + Double(limits.timeout.components.attoseconds) / 1e18)
        case CCURL_TOO_MANY_REDIRECTS:
            return .tooManyRedirects
        case CCURL_UNSUPPORTED_PROTOCOL, CCURL_URL_MALFORMAT:
            return .unsupportedURL(url.absoluteString)
        default:
            return .connectionFailed(message.isEmpty ? String(cString: ccurl_easy_strerror(code)) : message)
        }
    }

    // MARK: - Called back by libcurl on the transfer's thread

    fileprivate var isCancelled: Bool { cancellation?.isCancelled ?? false }

    fileprivate func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= limits.maximumBytes else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// The socket for `address`, or nil when the address is refused.
    fileprivate func openSocket(_ address: UnsafeMutablePointer<ccurl_sockaddr>) -> Int32? {
        let family = address.pointee.family
        // `addr` is declared as a 16-byte sockaddr, but libcurl stores the whole address there
        // (28 bytes for IPv6): read it through a raw pointer, not the field's Swift copy.
        let raw = UnsafeRawPointer(address) + MemoryLayout<ccurl_sockaddr>.offset(of: \ccurl_sockaddr.addr)!
        let verdict: (address: String, port: UInt16, reason: String?)
        switch family {
        case AF_INET:
            let sin = raw.loadUnaligned(as: sockaddr_in.self)
            let value = UInt32(bigEndian: sin.sin_addr.s_addr)
            verdict = (Self.text(ipv4: value), UInt16(bigEndian: sin.sin_port), AddressRules.refusal(ipv4: value))
        case AF_INET6:
            let sin6 = raw.loadUnaligned(as: sockaddr_in6.self)
            let bytes = withUnsafeBytes(of: sin6.sin6_addr) { Array($0) }
            verdict = (Self.text(ipv6: bytes), UInt16(bigEndian: sin6.sin6_port), AddressRules.refusal(ipv6: bytes))
        default:
            verdict = ("address family \(family)", 0, "non-IP address")
        }
        if let reason = verdict.reason, !limits.allowPrivateAddresses,
            !limits.exemptEndpoints.contains("\(verdict.address):\(verdict.port)")
        {
            refusal = (verdict.address, reason)
            return nil
        }
        let descriptor = socket(family, address.pointee.socktype, address.pointee.protocol)
        return descriptor >= 0 ? descriptor : nil
    }

    private static func text(ipv4 value: UInt32) -> String {
        [24, 16, 8, 0].map { String(value >> UInt32($0) & 0xFF) }.joined(separator: ".")
    }

    private static func text(ipv6 bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { inet_ntop(AF_INET6, $0.baseAddress, &buffer, socklen_t(buffer.count)) != nil }
        return written ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "IPv6 address"
    }
}

// libcurl's callbacks are plain functions (a closure here could be isolated to an actor and trap
// when libcurl calls it from the transfer's thread); the transfer arrives as their context.

private func curlWrite(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    // Returning fewer bytes than given makes libcurl stop with CURLE_WRITE_ERROR.
    return transfer.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private func curlProgress(
    _ context: UnsafeMutableRawPointer?, _ downloadTotal: Int64, _ downloaded: Int64,
    _ uploadTotal: Int64, _ uploaded: Int64
) -> Int32 {
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    // Non-zero makes libcurl stop with CURLE_ABORTED_BY_CALLBACK.
    return transfer.isCancelled ? 1 : 0
}

private func curlOpenSocket(
    _ context: UnsafeMutableRawPointer?, _ purpose: Int32, _ address: UnsafeMutablePointer<ccurl_sockaddr>?
) -> Int32 {
    guard let context, let address else { return CCURL_SOCKET_BAD }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.openSocket(address) ?? CCURL_SOCKET_BAD
}

import CCurl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One `HTTPClientRequest` on its own libcurl easy handle, run to the end on the calling thread.
final class CurlExchange {
    /// Bodies larger than this wait for the server's `100 Continue` (libcurl waits up to a second
    /// for it): a server that refuses the request from its headers alone (413) answers before the
    /// body is sent, rather than cutting a connection still being written, which would reach the
    /// caller as a broken pipe instead of the refusal.
    static let continueThreshold: Int64 = 1 << 20

    private let request: HTTPClientRequest
    /// The transfer's handle, for the write callback to read the status at the body's first byte.
    private var easy: CurlEasy?
    private var body = Data()
    /// Set when the body passed `maximumBodyBytes`: the write callback stopped the exchange.
    private var exceededLimit = false
    /// Whether the answer arriving is a success, read at its first byte: only a success's body
    /// goes into `successBodyFile`.
    private var isSuccess: Bool?
    /// Why writing into `successBodyFile` failed, when it did.
    private var writeFailure: String?
    /// Why reading the body's file failed, when it did.
    private var readFailure: String?
    /// What the read callback sends: the request's bytes from `sent` on, or its file.
    private var sent = 0
    private var sourceFile: UnsafeMutablePointer<FILE>?

    init(_ request: HTTPClientRequest) {
        self.request = request
    }

    func run() throws(HTTPClientError) -> HTTPClientResponse {
        guard let scheme = request.url.split(separator: ":", maxSplits: 1).first?.lowercased(), ["http", "https"].contains(scheme)
        else { throw .invalidURL(request.url) }
        guard let easy = CurlEasy() else { throw .failed("libcurl could not start") }
        self.easy = easy
        if case .file(let path) = request.body {
            guard let opened = fopen(path, "rb") else { throw .localFile(path: path, reason: String(cString: strerror(errno))) }
            sourceFile = opened
        }
        defer { if let sourceFile { fclose(sourceFile) } }
        let length = request.bodyLength
        if case .file(let path) = request.body, length == nil {
            throw .localFile(path: path, reason: "its size could not be read")
        }

        var headers = request.headers.map { "\($0.name): \($0.value)" }
        // A signed request keeps libcurl's own `Expect`: libcurl 7.88 signs an emptied header, then
        // leaves it out, and the store refuses the signature.
        if request.signature == nil, request.body != nil {
            headers.append((length ?? 0) > Self.continueThreshold ? "Expect: 100-continue" : "Expect:")
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let (code, message) = easy.perform(headers: headers) { handle in
            var options: [CCurlCode] = [
                ccurl_setopt_string(handle, CCURL_OPT_URL, request.url),
                ccurl_setopt_string(handle, CCURL_OPT_PROTOCOLS_STR, "http,https"),
                ccurl_setopt_long(handle, CCURL_OPT_CONNECTTIMEOUT_MS, CurlEasy.milliseconds(request.connectTimeout)),
                // Less than a byte a second for the idle time is a stall.
                ccurl_setopt_long(handle, CCURL_OPT_LOW_SPEED_LIMIT, 1),
                ccurl_setopt_long(handle, CCURL_OPT_LOW_SPEED_TIME, max(1, CurlEasy.milliseconds(request.idleTimeout) / 1000)),
                // Signals cannot time out DNS in a threaded program; libcurl then uses its resolver thread.
                ccurl_setopt_long(handle, CCURL_OPT_NOSIGNAL, 1),
                // The server is where the caller said, never through a proxy from the environment.
                ccurl_setopt_string(handle, CCURL_OPT_PROXY, ""),
                ccurl_setopt_write_function(handle, exchangeWrite),
                ccurl_setopt_pointer(handle, CCURL_OPT_WRITEDATA, context)
            ]
            if let signature = request.signature {
                options += [
                    ccurl_setopt_string(handle, CCURL_OPT_AWS_SIGV4, signature.provider),
                    ccurl_setopt_string(handle, CCURL_OPT_USERNAME, signature.accessKey),
                    ccurl_setopt_string(handle, CCURL_OPT_PASSWORD, signature.secretKey)
                ]
            } else {
                // Every encoding libcurl can decode, decoded before the caller sees the body.
                options.append(ccurl_setopt_string(handle, CCURL_OPT_ACCEPT_ENCODING, ""))
            }
            switch (request.method, request.body) {
            case ("GET", nil): break
            case ("HEAD", nil): options.append(ccurl_setopt_long(handle, CCURL_OPT_NOBODY, 1))
            case (let method, nil): options.append(ccurl_setopt_string(handle, CCURL_OPT_CUSTOMREQUEST, method))
            case (let method, _?):
                // An upload is a PUT to libcurl; the method's name is the request's own.
                options += [
                    ccurl_setopt_long(handle, CCURL_OPT_UPLOAD, 1),
                    ccurl_setopt_offset(handle, CCURL_OPT_INFILESIZE_LARGE, length ?? 0),
                    ccurl_setopt_read_function(handle, exchangeRead),
                    ccurl_setopt_pointer(handle, CCURL_OPT_READDATA, context)
                ]
                if method != "PUT" { options.append(ccurl_setopt_string(handle, CCURL_OPT_CUSTOMREQUEST, method)) }
            }
            return options
        }
        if code != CCURL_OK { throw error(for: code, message: message) }
        return HTTPClientResponse(status: easy.status, headers: easy.responseHeaders(), body: body)
    }

    private func error(for code: CCurlCode, message: String) -> HTTPClientError {
        if exceededLimit { return .tooLarge(limitBytes: request.maximumBodyBytes) }
        if let writeFailure { return .localFile(path: "the answer's file", reason: writeFailure) }
        if let readFailure, case .file(let path) = request.body { return .localFile(path: path, reason: readFailure) }
        switch code {
        case CCURL_UNSUPPORTED_PROTOCOL, CCURL_URL_MALFORMAT: return .invalidURL(request.url)
        case CCURL_COULDNT_RESOLVE_HOST, CCURL_COULDNT_CONNECT: return .unreachable(message)
        case CCURL_SEND_ERROR, CCURL_RECV_ERROR, CCURL_GOT_NOTHING, CCURL_PARTIAL_FILE, CCURL_WEIRD_SERVER_REPLY:
            return .connectionLost(message)
        case CCURL_OPERATION_TIMEDOUT: return .timedOut(message)
        default: return .failed(message)
        }
    }

    // MARK: - Called back by libcurl on the exchange's thread

    /// Takes a piece of the answer's body: into the request's file when the answer is a success
    /// and it has one, else into memory. Returns false to stop the exchange.
    fileprivate func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if isSuccess == nil, let easy { isSuccess = (200..<300).contains(easy.status) }
        if let file = request.successBodyFile, isSuccess == true {
            var rest = bytes
            while !rest.isEmpty {
                let written = write(file, rest.baseAddress, rest.count)
                if written < 0 {
                    if errno == EINTR { continue }
                    writeFailure = String(cString: strerror(errno))
                    return false
                }
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
            return true
        }
        guard body.count + bytes.count <= request.maximumBodyBytes else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Fills `buffer` with the next bytes of the request's body; 0 at its end.
    fileprivate func give(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        if let sourceFile {
            let read = fread(buffer.baseAddress, 1, buffer.count, sourceFile)
            guard read == 0, ferror(sourceFile) != 0 else { return read }
            readFailure = String(cString: strerror(errno))
            return Int(CCURL_READFUNC_ABORT)
        }
        guard case .bytes(let data) = request.body, sent < data.count else { return 0 }
        let count = min(buffer.count, data.count - sent)
        data.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[sent..<(sent + count)]))
        }
        sent += count
        return count
    }
}

// libcurl's callbacks are plain functions (a closure here could be isolated to an actor and trap
// when libcurl calls it from the exchange's thread); the exchange arrives as their context.

private func exchangeWrite(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let context else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    // Returning fewer bytes than given makes libcurl stop with CURLE_WRITE_ERROR.
    return exchange.take(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private func exchangeRead(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let context, let buffer else { return Int(CCURL_READFUNC_ABORT) }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    return exchange.give(UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
}

import CCurl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One signed request to an S3 store on its own libcurl easy handle, run to the end on the calling
/// thread. libcurl signs it (`CURLOPT_AWS_SIGV4`): the canonical request, the string to sign and
/// the HMAC chain are its, not ours.
///
/// Unlike `Outbound`'s transfers, this one goes where the operator pointed it, so no address rules
/// apply: a store on loopback or the private network is the usual case.
final class S3Transfer {
    struct Answer {
        var status: Int
        /// The answer's body, unless it went into `download` (only an error's body comes here then).
        var body: [UInt8]
        /// `Last-Modified`, when the store sent one.
        var lastModified: Date?
        /// `Content-Length` of a HEAD's object; -1 when unknown.
        var contentLength: Int
    }

    /// The largest body kept in memory: a listing page of 1,000 keys is about 300 KB.
    private static let maximumBodyBytes = 16 << 20

    /// libcurl's one-time global set-up, which must precede any handle; Swift runs it once.
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    private var body: [UInt8] = []
    private var file: UnsafeMutablePointer<FILE>?
    private var handle: UnsafeMutableRawPointer?
    private var overflowed = false
    /// Whether the answer being received is a success, read at its first byte: only a success's body
    /// goes into the download file.
    private var isSuccess: Bool?

    /// Sends `method` to `url` (its query already in the canonical order: see `S3Client.url`),
    /// with the file at `upload` as the body, or the answer's body written into `download` when the
    /// answer is a success.
    static func perform(
        _ method: String, _ url: String, bucket: S3Bucket, upload: String? = nil, download: UnsafeMutablePointer<FILE>? = nil
    ) throws(S3Error) -> Answer {
        guard globalInit == CURLE_OK else { throw .connectionFailed("libcurl could not start") }
        return try S3Transfer(download: download).run(method, url, bucket: bucket, upload: upload)
    }

    private init(download: UnsafeMutablePointer<FILE>?) {
        file = download
    }

    private func run(_ method: String, _ url: String, bucket: S3Bucket, upload: String?) throws(S3Error) -> Answer {
        guard let handle = curl_easy_init() else { throw .connectionFailed("libcurl could not start") }
        self.handle = handle
        defer { curl_easy_cleanup(handle) }

        var source: UnsafeMutablePointer<FILE>?
        var uploadBytes: Int64 = 0
        if let upload {
            guard let opened = fopen(upload, "rb") else {
                throw .localFile(path: upload, reason: String(cString: strerror(errno)))
            }
            source = opened
            var info = stat()
            if fstat(fileno(opened), &info) == 0 { uploadBytes = Int64(info.st_size) }
        }
        defer { if let source { fclose(source) } }

        // S3 wants the payload's hash among the signed headers; UNSIGNED-PAYLOAD spares reading a
        // 40 MB original twice, and TLS to the store already guards the bytes. (No `Expect:` to
        // turn off `100 Continue`: libcurl 7.88 signs the emptied header, then leaves it out.)
        let headerList = curl_slist_append(nil, "x-amz-content-sha256: UNSIGNED-PAYLOAD")
        defer { curl_slist_free_all(headerList) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE))
        let context = Unmanaged.passUnretained(self).toOpaque()

        let code = errorBuffer.withUnsafeMutableBufferPointer { errors -> CURLcode in
            var options: [CURLcode] = [
                ccurl_setopt_string(handle, CURLOPT_URL, url),
                ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
                ccurl_setopt_string(handle, CURLOPT_AWS_SIGV4, "aws:amz:\(bucket.region):s3"),
                ccurl_setopt_string(handle, CURLOPT_USERNAME, bucket.accessKey),
                ccurl_setopt_string(handle, CURLOPT_PASSWORD, bucket.secretKey),
                ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, 10_000),
                // No bound on the whole transfer (a 40 MB original on a slow link takes what it
                // takes), but one that moves less than a byte a second for 30 s has stalled.
                ccurl_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1),
                ccurl_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, 30),
                // Signals cannot time out DNS in a threaded program; libcurl then uses its resolver thread.
                ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
                // The store is where the operator said, never through a proxy from the environment.
                ccurl_setopt_string(handle, CURLOPT_PROXY, ""),
                ccurl_setopt_long(handle, CURLOPT_FILETIME, 1),
                ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList),
                ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errors.baseAddress),
                ccurl_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, s3Write),
                ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
            ]
            switch method {
            case "GET": break
            case "HEAD": options.append(ccurl_setopt_long(handle, CURLOPT_NOBODY, 1))
            case "PUT":
                // libcurl's own read function fread(3)s the FILE * given as READDATA.
                options += [
                    ccurl_setopt_long(handle, CURLOPT_UPLOAD, 1),
                    ccurl_setopt_pointer(handle, CURLOPT_READDATA, UnsafeMutableRawPointer(source)),
                    ccurl_setopt_offset(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(uploadBytes))
                ]
            default: options.append(ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method))
            }
            if let failed = options.first(where: { $0 != CURLE_OK }) { return failed }
            return curl_easy_perform(handle)
        }
        if code != CURLE_OK {
            if overflowed { throw .unreadableAnswer("an answer larger than \(Self.maximumBodyBytes >> 20) MB") }
            let message = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .connectionFailed(message.isEmpty ? String(cString: curl_easy_strerror(code)) : message)
        }
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var modified: curl_off_t = -1
        _ = ccurl_getinfo_offset(handle, CURLINFO_FILETIME_T, &modified)
        var length: curl_off_t = -1
        _ = ccurl_getinfo_offset(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
        return Answer(
            status: status, body: body, lastModified: modified >= 0 ? Date(timeIntervalSince1970: TimeInterval(modified)) : nil,
            contentLength: Int(length))
    }

    // MARK: - Called back by libcurl on the transfer's thread

    /// Takes a piece of the body: into the download file when the answer is a success, else into
    /// memory (an error's XML, a listing). Returns false to stop the transfer.
    fileprivate func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if isSuccess == nil, let handle {
            var status = 0
            isSuccess = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK && (200..<300).contains(status)
        }
        if let file, isSuccess == true {
            return fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count
        }
        guard body.count + bytes.count <= Self.maximumBodyBytes else {
            overflowed = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }
}

// libcurl's callbacks are plain functions; the transfer arrives as their context.
private func s3Write(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context else { return 0 }
    let transfer = Unmanaged<S3Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    // Returning fewer bytes than given makes libcurl stop with CURLE_WRITE_ERROR.
    return transfer.take(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

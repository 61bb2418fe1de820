import Foundation

extension Response {
    /// A file answer with a strong ETag (from size, modification time and inode
    /// unless `etag` is given), `If-None-Match` → 304 and a single `Range`
    /// (`bytes=a-b`, `a-`, `-n`) → 206; an unsatisfiable range → 416. The daemon
    /// sends the bytes from the file descriptor. A missing file is a 404 error.
    public static func file(
        path: String, contentType: String, request: Request, cacheControl: String? = nil, etag: String? = nil
    ) -> Response {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return Response(error: HTTPError(.notFound, code: "not_found", message: "No such file."))
        }
        let size = Int(info.st_size)
        let tag =
            etag.map(quoted) ?? "\"\(String(size, radix: 16))-\(String(info.st_mtim.tv_sec, radix: 16))"
            + "\(String(info.st_mtim.tv_nsec, radix: 16))-\(String(info.st_ino, radix: 16))\""

        var headers = HTTPHeaders()
        headers["ETag"] = tag
        if let cacheControl { headers["Cache-Control"] = cacheControl }

        if let ifNoneMatch = request.headers["If-None-Match"], matches(ifNoneMatch, tag) {
            return Response(status: .notModified, headers: headers)
        }
        headers["Content-Type"] = contentType
        headers["Accept-Ranges"] = "bytes"

        let rangeApplies = request.method == .GET || request.method == .HEAD
        guard rangeApplies, let rangeHeader = request.headers["Range"],
            request.headers["If-Range"].map({ $0 == tag }) ?? true
        else {
            return Response(status: .ok, headers: headers, body: .file(path: path))
        }
        switch ByteRange.parse(rangeHeader, size: size) {
        case .none:
            return Response(status: .ok, headers: headers, body: .file(path: path))
        case .unsatisfiable:
            // A JSON error like every refusal, with the size a client needs to ask again.
            var refusal = Response(
                error: HTTPError(
                    .rangeNotSatisfiable, code: "range_not_satisfiable",
                    message: "The Range '\(rangeHeader)' asks for no byte of this \(size)-byte file."))
            refusal.headers["Content-Range"] = "bytes */\(size)"
            refusal.headers["ETag"] = tag
            refusal.headers["Accept-Ranges"] = "bytes"
            return refusal
        case .range(let first, let last):
            headers["Content-Range"] = "bytes \(first)-\(last)/\(size)"
            return Response(
                status: .partialContent, headers: headers,
                body: .fileRange(path: path, offset: first, length: last - first + 1))
        }
    }

    private static func quoted(_ etag: String) -> String {
        etag.hasPrefix("\"") || etag.hasPrefix("W/") ? etag : "\"\(etag)\""
    }

    /// `If-None-Match` uses the weak comparison: `W/` prefixes are ignored.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            if trimmed == "*" { return true }
            let strong = trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
            return strong == tag
        }
    }
}

import Foundation

/// A streaming `multipart/form-data` parser (RFC 7578). It reads the body in
/// fixed-size chunks from memory or from its temporary file and writes each
/// part out as it goes, so memory stays bounded whatever the upload's size.
/// File parts go to their own temporary files. Malformed input is a 400 `invalid_multipart`.
public struct MultipartParser: Sendable {
    private let delimiter: [UInt8]
    private let temporaryDirectory: String
    private let memoryThreshold: Int
    private let maxParts: Int
    private static let chunkSize = 64 << 10
    private static let maxHeaderBytes = 16 << 10

    public init(
        boundary: String, temporaryDirectory: String = NSTemporaryDirectory(),
        memoryThreshold: Int = 64 << 10, maxParts: Int = 100
    ) throws {
        // RFC 2046: 1 to 70 characters, no trailing space.
        guard (1...70).contains(boundary.utf8.count), boundary.allSatisfy({ $0.isASCII && $0 != "\r" && $0 != "\n" }),
            !boundary.hasSuffix(" ")
        else { throw Self.malformed("The multipart boundary is not valid.") }
        delimiter = Array("\r\n--\(boundary)".utf8)
        self.temporaryDirectory = temporaryDirectory
        self.memoryThreshold = memoryThreshold
        self.maxParts = maxParts
    }

    /// Parses a body; call `removeTemporaryFiles()` on the form when done with it.
    public func parse(_ body: RequestBody) throws -> MultipartForm {
        try parse(body, temporaryFiles: TemporaryFiles())
    }

    static func malformed(_ message: String) -> HTTPError {
        HTTPError(.badRequest, code: "invalid_multipart", message: message)
    }

    private enum State {
        case preamble
        case afterDelimiter
        case headers
        case body(PartHeaders, BodySink)
    }

    private struct PartHeaders {
        let name: String
        let filename: String?
        let contentType: String?
    }

    func parse(_ body: RequestBody, temporaryFiles: TemporaryFiles) throws -> MultipartForm {
        do {
            return MultipartForm(parts: try readParts(body, temporaryFiles: temporaryFiles), temporaryFiles: temporaryFiles)
        } catch {
            temporaryFiles.removeAll()
            throw error
        }
    }

    private func readParts(_ body: RequestBody, temporaryFiles: TemporaryFiles) throws -> [MultipartPart] {
        var source = try ChunkSource(body)
        // A leading CRLF makes the opening boundary look like every later delimiter.
        var buffer: [UInt8] = [13, 10]
        var parts: [MultipartPart] = []
        var state = State.preamble
        var exhausted = false

        while true {
            var progressed = true
            switch state {
            case .preamble:
                if let index = buffer.firstIndex(of: delimiter) {
                    buffer.removeSubrange(..<(index + delimiter.count))
                    state = .afterDelimiter
                } else {
                    buffer.removeFirst(max(0, buffer.count - delimiter.count))
                    progressed = false
                }
            case .afterDelimiter:
                let padding = buffer.prefix { $0 == 32 || $0 == 9 }.count
                if buffer.count >= 2, buffer[0] == 45, buffer[1] == 45 {  // "--": the closing delimiter
                    return parts
                } else if buffer.count >= padding + 2 {
                    guard buffer[padding] == 13, buffer[padding + 1] == 10 else {
                        throw Self.malformed("A multipart boundary is not followed by a line break.")
                    }
                    buffer.removeSubrange(..<(padding + 2))
                    state = .headers
                } else {
                    progressed = false
                }
            case .headers:
                if let index = buffer.firstIndex(of: [13, 10, 13, 10]) {
                    guard parts.count < maxParts else { throw Self.malformed("The form has more than \(maxParts) parts.") }
                    let headers = try Self.partHeaders(buffer[..<index])
                    buffer.removeSubrange(..<(index + 4))
                    let sink = BodySink(
                        limit: Int.max, memoryThreshold: headers.filename == nil ? memoryThreshold : 0,
                        directory: temporaryDirectory, temporaryFiles: temporaryFiles)
                    state = .body(headers, sink)
                } else {
                    guard buffer.count <= Self.maxHeaderBytes else { throw Self.malformed("A part's headers are too long.") }
                    progressed = false
                }
            case .body(let headers, let sink):
                let found = buffer.firstIndex(of: delimiter)
                let end = found ?? max(0, buffer.count - delimiter.count)
                try Self.write(buffer[..<end], to: sink)
                buffer.removeSubrange(..<(found.map { $0 + delimiter.count } ?? end))
                if found != nil {
                    parts.append(
                        MultipartPart(
                            name: headers.name, filename: headers.filename,
                            contentType: headers.contentType, body: sink.finish()))
                    state = .afterDelimiter
                } else {
                    progressed = false
                }
            }
            if progressed { continue }
            if exhausted { throw Self.malformed("The multipart body ends before its closing boundary.") }
            if let chunk = try source.next(Self.chunkSize) { buffer.append(contentsOf: chunk) } else { exhausted = true }
        }
    }

    private static func write(_ bytes: ArraySlice<UInt8>, to sink: BodySink) throws {
        let stored = bytes.withUnsafeBytes { raw in Result { () throws(BodySink.Failure) in try sink.append(raw) } }
        guard case .failure(let failure) = stored else { return }
        throw failure.isNoSpace ? ServerErrorBody.storageFull : ServerErrorBody.internalError
    }

    private static func partHeaders(_ bytes: ArraySlice<UInt8>) throws -> PartHeaders {
        var disposition: HeaderParameters?
        var contentType: String?
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { throw malformed("A part has a malformed header line.") }
            let name = line[..<colon].trimmingWhitespace()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            if HTTPHeaders.sameName(name, "Content-Disposition") {
                disposition = HeaderParameters(value)
            } else if HTTPHeaders.sameName(name, "Content-Type") {
                contentType = value
            }
        }
        guard let disposition, disposition.value == "form-data", let name = disposition.parameters["name"] else {
            throw malformed("A part has no Content-Disposition: form-data with a name.")
        }
        return PartHeaders(name: name, filename: disposition.parameters["filename"], contentType: contentType)
    }
}

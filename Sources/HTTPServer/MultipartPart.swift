/// One part of a `multipart/form-data` body: a text field or an uploaded file.
public struct MultipartPart: Sendable {
    public let name: String
    /// Present for file parts.
    public let filename: String?
    public let contentType: String?
    /// A file part is always in its own temporary file; a field is in memory unless it is large.
    public let body: RequestBody

    public var isFile: Bool { filename != nil }

    /// The body as UTF-8 text (invalid bytes are replaced).
    public func text() throws -> String {
        String(decoding: try body.data(), as: UTF8.self)
    }
}

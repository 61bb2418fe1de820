extension Request {
    /// Parses a `multipart/form-data` body; the parts' temporary files are
    /// deleted when the request completes. Another content type is a 415
    /// `unsupported_media_type`; a malformed body a 400 `invalid_multipart`.
    public func multipartForm(maxParts: Int = 100) throws -> MultipartForm {
        let contentType = HeaderParameters(headers["Content-Type"] ?? "")
        guard contentType.value == "multipart/form-data" else {
            throw HTTPError(
                .unsupportedMediaType, code: "unsupported_media_type",
                message: "The request body must be multipart/form-data.")
        }
        guard let boundary = contentType.parameters["boundary"] else {
            throw MultipartParser.malformed("The Content-Type has no boundary.")
        }
        let parser = try MultipartParser(
            boundary: boundary, temporaryDirectory: temporaryDirectory,
            memoryThreshold: memoryBodyThreshold, maxParts: maxParts)
        return try parser.parse(body, temporaryFiles: temporaryFiles)
    }
}

/// The parts of a `multipart/form-data` body in the order they were sent.
public struct MultipartForm: Sendable {
    public let parts: [MultipartPart]
    let temporaryFiles: TemporaryFiles

    /// The first text field called `name`.
    public func field(_ name: String) -> String? {
        parts.first { $0.name == name && !$0.isFile }.flatMap { try? $0.text() }
    }

    /// Every file part called `name`.
    public func files(_ name: String) -> [MultipartPart] {
        parts.filter { $0.name == name && $0.isFile }
    }

    /// Deletes the parts' temporary files. Forms read through `Request.multipartForm()`
    /// are cleaned up with their request; call this only for forms parsed by hand.
    public func removeTemporaryFiles() {
        temporaryFiles.removeAll()
    }
}

/// A domain rule broken by input: which field, a stable snake_case code, and a sentence for people.
///
/// The server answers it with 400 and `{"error": {"code", "message", "field"}}`; the CLI prints the message.
public struct ValidationError: DomainError, Equatable {
    /// The input field at fault, e.g. `name` or `tags`.
    public let field: String?
    /// A stable machine-readable code, e.g. `name_too_long`.
    public let code: String
    /// One plain sentence that says what is wrong and how to fix it.
    public let message: String

    /// A broken rule: the `field`, a code for programs and a sentence for people.
    public init(field: String, code: String, message: String) {
        self.field = field
        self.code = code
        self.message = message
    }

    public var kind: DomainErrorKind { .invalidInput }
}

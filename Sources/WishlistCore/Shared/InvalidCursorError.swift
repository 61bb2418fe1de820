/// A page cursor that this list did not hand out, for this account and these filters: damaged,
/// invented, or from another list. Answered 400 `invalid_cursor`.
public struct InvalidCursorError: DomainError, Equatable {
    /// The error for a cursor this list did not hand out.
    public init() {}

    public var kind: DomainErrorKind { .invalidInput }
    public var code: String { "invalid_cursor" }
    public var field: String? { "cursor" }
    public var message: String { "The page cursor is not valid for this list; start again from the first page." }
}

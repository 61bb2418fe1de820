import WishlistCore

/// Text with a NUL character (U+0000), which PostgreSQL's text cannot hold, met where no rule
/// refused it first (an imported file's field). Nothing was kept. A JSON body with one is refused
/// before it gets here (`Request.decode`), and SQLite's file keeps any text, so only an import
/// into PostgreSQL meets this.
public struct NULCharacterError: DomainError, Equatable {
    public init() {}

    public var kind: DomainErrorKind { .invalidInput }
    public var code: String { "invalid_text" }
    public var message: String { "Some text contains a NUL character (U+0000), which cannot be stored; nothing was saved." }
}

/// An update refused because the client edited an older version of the record (`If-Match`): the
/// server answers 412 `stale_version`, saying which version is stored now.
public struct StaleVersionError: DomainError, Equatable {
    /// The kind of record, as a person would say it: "journal entry".
    public let what: String
    public let current: Int

    /// The error for a change sent with an old version; `current` is the record's version now.
    public init(_ what: String, current: Int) {
        self.what = what
        self.current = current
    }

    public var kind: DomainErrorKind { .staleVersion }
    public var code: String { "stale_version" }
    public var message: String {
        "The \(what) was changed elsewhere (it is now version \(current)); reload it and try again."
    }
}

/// The server's disk (or the account's quota on it) has no room for what was being saved. Nothing
/// of the request was kept: the store writes files before the row that names them and removes
/// them when the row fails, and SQLite rolls the transaction back. The write may be tried again
/// as it was once space is freed; nothing needs restarting.
public struct StorageFullError: DomainError, Equatable {
    /// The one storage-full error: it says the same whatever ran out.
    public init() {}

    public var kind: DomainErrorKind { .storageFull }
    public var code: String { "storage_full" }
    public var message: String {
        "The server's disk is full, so nothing was saved. Free some space on the server and try again."
    }
}

/// The JSON shape of every error answer.
struct ServerErrorBody: Encodable {
    struct Detail: Encodable {
        let code: String
        let message: String
        let field: String?
    }

    let error: Detail

    static let internalError = HTTPError(
        .internalServerError, code: "internal_error", message: "Something went wrong on the server.")

    /// A request body that could not be stored for want of disk space; nothing of it was kept.
    static let storageFull = HTTPError(
        .insufficientStorage, code: "storage_full",
        message: "The server has no disk space left to receive this request; nothing of it was kept. Try again once space is freed.")
}

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
}

import HTTPServer

/// The API's own errors that more than one controller throws.
enum APIError {
    static let unauthenticated = HTTPError(
        .unauthorized, code: "unauthenticated", message: "Sign in first: this needs an account.")
    /// An account signed in with a temporary password may only read `/api/v1/me`, change its
    /// password and sign out.
    static let passwordChangeRequired = HTTPError(
        .forbidden, code: "password_change_required",
        message:
            "This account signed in with a temporary password: choose a new one first (PUT /api/v1/me/password; the web app asks for it).")
    /// What a route answers to an account it is not for, word for word what the router answers
    /// for a path it does not have.
    static let noSuchRoute = HTTPError(.notFound, code: "not_found", message: "Nothing here.")
}

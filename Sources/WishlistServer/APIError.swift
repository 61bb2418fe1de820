import HTTPServer

/// The API's own errors that more than one controller throws.
enum APIError {
    static let unauthenticated = HTTPError(
        .unauthorized, code: "unauthenticated", message: "Sign in first: this needs an account.")
}

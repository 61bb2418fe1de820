import Giphy
import WishlistCore

/// A GIF feature's failure as the API answers it: Giphy's errors in the product's words, and the
/// feature switched off.
struct GifError: DomainError {
    let kind: DomainErrorKind
    let code: String
    let message: String
    var field: String?
    var retryAfterSeconds: Int?

    /// No Giphy key was given to the server.
    static let notConfigured = GifError(
        kind: .unavailable, code: "gifs_not_configured",
        message: "GIF search is off on this server: its administrator must give it a Giphy API key "
            + "(wishlist serve --giphy-key KEY, or WISHLIST_GIPHY_KEY).")

    init(kind: DomainErrorKind, code: String, message: String, field: String? = nil, retryAfterSeconds: Int? = nil) {
        self.kind = kind
        self.code = code
        self.message = message
        self.field = field
        self.retryAfterSeconds = retryAfterSeconds
    }

    init(_ error: GiphyError) {
        switch error {
        case .queryTooLong(let maximum):
            self.init(
                kind: .invalidInput, code: "query_too_long", message: "A GIF search can be at most \(maximum) characters.",
                field: "q")
        case .emptyQuery:
            self.init(kind: .invalidInput, code: "invalid_query", message: "Type something to search GIFs for.", field: "q")
        case .offsetOutOfRange(let maximum):
            self.init(
                kind: .invalidInput, code: "invalid_offset",
                message: "The offset must be a whole number from 0 to \(maximum): Giphy pages no further.", field: "offset")
        case .invalidID, .notFound:
            self.init(kind: .notFound, code: "not_found", message: NotFoundError("GIF").message)
        case .keyRejected:
            self.init(
                kind: .unavailable, code: "gifs_key_rejected",
                message: "Giphy refused this server's API key (it may be wrong or revoked): its administrator must "
                    + "set a valid one with --giphy-key or WISHLIST_GIPHY_KEY.")
        case .rateLimited(let seconds):
            self.init(
                kind: .rateLimited, code: "rate_limited",
                message: "Giphy is limiting how often this server may ask. Try again in \(seconds) seconds.",
                retryAfterSeconds: seconds)
        case .upstreamFailed(let reason):
            self.init(
                kind: .upstreamFailed, code: "upstream_failed",
                message: "Giphy did not answer properly (\(reason)). Try again in a moment.")
        case .invalidConfiguration(let reason):
            self.init(kind: .unavailable, code: "gifs_not_configured", message: "GIF search is misconfigured: \(reason)")
        }
    }
}

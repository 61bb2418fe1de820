import LinkPreview
import WishlistCore

/// A link that could not be previewed or refreshed, in the API's terms.
struct LinkError: DomainError, Equatable {
    let kind: DomainErrorKind
    let code: String
    let message: String
    var field: String? { kind == .invalidInput ? "url" : nil }

    init(_ error: LinkPreviewError) {
        switch error {
        case .invalidURL:
            kind = .invalidInput
            code = "invalid_url"
            message = "Give an http or https link."
        case .forbiddenAddress(let reason):
            kind = .forbidden
            code = "forbidden_address"
            message = "This link leads to an address the server may not visit: \(reason)."
        case .unreachable(let reason):
            kind = .unprocessable
            code = "unreachable"
            message = "The page could not be fetched: \(reason)."
        case .notHTML(let contentType):
            kind = .unprocessable
            code = "not_html"
            message = "The link is not a web page or an image (\(contentType ?? "no content type"))."
        }
    }

    /// The wish has no link to refresh.
    static let noLink = LinkError(kind: .conflict, code: "no_link", message: "This wish has no link to refresh.")

    /// A link given as an image that is not one.
    static func notImage(_ contentType: String?) -> LinkError {
        LinkError(kind: .unprocessable, code: "not_image", message: "The link is not an image (\(contentType ?? "no content type")).")
    }

    private init(kind: DomainErrorKind, code: String, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }
}

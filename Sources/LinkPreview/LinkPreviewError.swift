import Foundation
import Outbound

/// Why a link has no preview.
public enum LinkPreviewError: Error, Sendable, Equatable {
    /// Not an absolute http or https URL.
    case invalidURL(String)
    /// The link leads to an address outbound requests may not reach (see `Outbound.AddressRules`).
    case forbiddenAddress(String)
    /// No usable answer: timeout, too large, connection failure or an HTTP error status; the
    /// reason is said in words.
    case unreachable(String)
    /// The answer is neither an HTML page nor an image.
    case notHTML(contentType: String?)

    /// What a failed fetch of `requestedURL` means for a person who gave that link.
    public init(_ error: OutboundError, requestedURL: URL) {
        self =
            switch error {
            case .unsupportedURL(let url) where url == requestedURL.absoluteString: .invalidURL(url)
            case .unsupportedURL: .unreachable("the page redirects to an address that is not http or https")
            case .forbiddenAddress: .forbiddenAddress(error.description)
            case .timedOut, .tooLarge, .tooManyRedirects, .connectionFailed, .throttled, .cancelled, .libraryUnavailable:
                .unreachable(error.description)
            }
    }
}

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
}

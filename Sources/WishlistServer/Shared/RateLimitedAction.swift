/// What `RateLimiter` caps, named as `wishlist serve --rate-limit` takes them.
public enum RateLimitedAction: String, CaseIterable, Sendable {
    case uploads
    case linkPreviews = "link-previews"
    case gifSearches = "gif-searches"
    case signIns = "sign-ins"
    case imports

    /// Per minute: generous for a person (ten photos picked at once, a scroll through GIFs),
    /// tight for a script.
    public var defaultLimit: Int {
        switch self {
        case .uploads: 120
        case .linkPreviews: 30
        case .gifSearches: 60
        case .signIns: 30
        // Each import may store thousands of records: a person moving in needs a few files, not more.
        case .imports: 10
        }
    }

    var refusal: String {
        switch self {
        case .uploads: "Too many photos uploaded in the last minute."
        case .linkPreviews: "Too many links looked up in the last minute."
        case .gifSearches: "Too many GIF searches in the last minute."
        case .signIns: "Too many sign-ins from this address in the last minute."
        case .imports: "Too many files imported in the last minute."
        }
    }
}

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
        // An import unpacks and checks a whole archive: a handful a minute is plenty.
        case .imports: 5
        }
    }

    var refusal: String {
        switch self {
        case .uploads: "Too many photos uploaded in the last minute."
        case .linkPreviews: "Too many links looked up in the last minute."
        case .gifSearches: "Too many GIF searches in the last minute."
        case .signIns: "Too many sign-ins from this address in the last minute."
        case .imports: "Too many imports in the last minute."
        }
    }
}

/// What `RateLimiter` caps, named as `wishlist serve --rate-limit` takes them.
public enum RateLimitedAction: String, CaseIterable, Sendable {
    case uploads
    case linkPreviews = "link-previews"
    case gifSearches = "gif-searches"
    case signIns = "sign-ins"
    case imports
    /// Reading a shared list (its page, its API), per client address: friends need a few, a
    /// script guessing tokens many.
    case sharedViews = "shared-views"
    /// Reserving, cancelling and checking reservations of shared lists, per client address.
    case reservations

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
        case .sharedViews: 120
        case .reservations: 30
        }
    }

    var refusal: String {
        switch self {
        case .uploads: "Too many photos uploaded in the last minute."
        case .linkPreviews: "Too many links looked up in the last minute."
        case .gifSearches: "Too many GIF searches in the last minute."
        case .signIns: "Too many sign-ins from this address in the last minute."
        case .imports: "Too many files imported in the last minute."
        case .sharedViews: "Too many shared lists opened from this address in the last minute."
        case .reservations: "Too many reservations from this address in the last minute."
        }
    }
}

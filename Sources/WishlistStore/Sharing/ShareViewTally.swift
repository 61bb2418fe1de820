import Foundation
import WishlistCore

/// Views of one share counted but not yet written: how many, and when the last one was.
public struct ShareViewTally: Sendable, Equatable {
    /// The share's id (not its token: a rotated link's views are the same share's).
    public let share: UUID
    public var views: Int
    public var lastViewedAt: Date

    /// A tally of `views` views of `share`, the last at `lastViewedAt`.
    public init(share: UUID, views: Int, lastViewedAt: Date) {
        self.share = share
        self.views = views
        self.lastViewedAt = lastViewedAt
    }

    /// This tally and `other`'s (of the same share) together.
    public func adding(_ other: ShareViewTally) -> ShareViewTally {
        ShareViewTally(share: share, views: views + other.views, lastViewedAt: max(lastViewedAt, other.lastViewedAt))
    }

    /// The share as its owner should see it: the views written so far and these.
    public func added(to share: Share) -> Share {
        var share = share
        share.views += views
        share.lastViewedAt = max(share.lastViewedAt ?? lastViewedAt, lastViewedAt)
        return share
    }
}

import Foundation
import WishlistCore

/// A live share found by its token: not revoked, not rotated away, not expired, its owner's
/// account enabled. What the friend's routes act through.
public struct OpenShare: Sendable, Equatable {
    let rowID: Int64
    /// The share's id: what its views are counted under (`SharedListRepository.addViews`), the same
    /// before and after its link is rotated.
    public let id: UUID
    /// The share's owner; the server compares it with the viewer's account (the owner sees no reservations).
    public let owner: UserKey
    public let ownerUsername: String
    public let title: String
    /// The tag's key, nil for every wish.
    let tagKey: String?
    /// The tag as the owner spelled it.
    let tag: String?
    public let showMemos: Bool
    public let showPrices: Bool
    public let showPlaces: Bool
    public let allowReservations: Bool
}

import Foundation
import WishlistCore

/// A page of a shared list as the store reads it: the wishes, and their reservations unless the
/// owner is looking (then nil: not even an empty map is read).
public struct SharedPage: Sendable {
    /// How many wishes the whole share holds.
    public let total: Int
    public let wishes: [Wish]
    public let reservations: [UUID: ReservationState]?
    public let nextCursor: String?
}

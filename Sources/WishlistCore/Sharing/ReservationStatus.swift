import Foundation

/// The answer to a `ReservationCheck`: each key given is either held, for a wish still in the
/// list, or gone (the wish was deleted or left the list, or the key is unknown), so the page can
/// say "reserved by you" or "a gift you reserved was removed from the list".
public struct ReservationStatus: Codable, Sendable, Hashable {
    /// A reservation that still stands.
    public struct Held: Codable, Sendable, Hashable {
        public var key: String
        @LowercaseUUID public var wishId: UUID

        /// The key of a reservation of `wishId`.
        public init(key: String, wishId: UUID) {
            self.key = key
            self.wishId = wishId
        }
    }

    public var held: [Held]
    public var gone: [String]

    /// Held and gone keys, each in the order they were asked about.
    public init(held: [Held], gone: [String]) {
        self.held = held
        self.gone = gone
    }
}

/// The body of `POST /api/v1/shared/{token}/reservations/check`: the reservation keys a friend's
/// browser keeps for this list, so that it learns which of its reservations still stand.
public struct ReservationCheck: Codable, Sendable, Hashable {
    /// At most `maximumKeys`.
    public var keys: [String]

    /// The keys to check.
    public init(keys: [String]) { self.keys = keys }

    /// A browser keeps one key per gift it reserved; more than this is not a person's.
    public static let maximumKeys = 200
}

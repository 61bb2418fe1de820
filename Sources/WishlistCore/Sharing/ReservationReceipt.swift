/// The answer to a reservation: the key that alone can cancel it (`X-Reservation-Key`) and lets
/// its holder see "reserved by you". The server keeps only its digest.
public struct ReservationReceipt: Codable, Sendable, Hashable {
    public var reservationKey: String

    /// A receipt carrying `reservationKey`.
    public init(reservationKey: String) { self.reservationKey = reservationKey }
}

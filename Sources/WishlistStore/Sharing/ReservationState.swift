/// Whether a wish is reserved, as friends may see it: by whom only when the reserver allowed it.
public enum ReservationState: Sendable, Equatable {
    case open
    case reserved(by: String?)
}

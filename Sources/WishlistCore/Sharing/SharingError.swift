/// Why a shared list or a reservation refused a request.
public enum SharingError: DomainError, Equatable {
    /// A wrong, revoked, rotated-away or expired link, or a wish not in it: all the same 404, so
    /// that a link's holder cannot tell a dead link from one that never was.
    case shareNotFound
    /// Another friend reserved the wish already.
    case alreadyReserved
    /// The owner does not let friends reserve through this link.
    case reservationsOff
    /// The reservation key given is not the one of the wish's reservation.
    case notYourReservation

    public var kind: DomainErrorKind {
        switch self {
        case .shareNotFound: .notFound
        case .alreadyReserved: .conflict
        case .reservationsOff, .notYourReservation: .forbidden
        }
    }

    public var code: String {
        switch self {
        case .shareNotFound: "share_not_found"
        case .alreadyReserved: "already_reserved"
        case .reservationsOff: "reservations_off"
        case .notYourReservation: "not_your_reservation"
        }
    }

    public var message: String {
        switch self {
        case .shareNotFound: "This shared list does not exist or is no longer shared."
        case .alreadyReserved: "Someone already said they will get this gift."
        case .reservationsOff: "This list does not take reservations."
        case .notYourReservation: "This reservation was made with another key; only its maker can cancel it."
        }
    }
}

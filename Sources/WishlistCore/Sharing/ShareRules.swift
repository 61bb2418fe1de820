import Foundation

/// The rules of a share's fields and of a reservation's, each a pure function that returns the
/// value to store or throws the first rule it breaks. Lengths count characters as people see them.
public enum ShareRules {
    public static let titleLimit = Limits.standard.shareTitle
    public static let reserverNameLimit = Limits.standard.reserverName
    public static let reservationNoteLimit = Limits.standard.reservationNote

    /// The title trimmed; 1–100 characters.
    public static func title(_ raw: String) throws(ValidationError) -> String {
        let title = raw.trimmingWhitespace()
        guard !title.isEmpty else {
            throw ValidationError(field: "title", code: "title_required", message: "A shared list needs a title.")
        }
        guard title.count <= titleLimit else {
            throw ValidationError(
                field: "title", code: "title_too_long", message: "A title can be at most \(titleLimit) characters long.")
        }
        return title
    }

    /// A tag by the rules of a wish's tags.
    public static func tag(_ raw: String) throws(ValidationError) -> String {
        try Tag.validated([raw])[0]
    }

    /// An expiry, to the millisecond the store keeps. One already past is allowed: it stops the
    /// link at once, as a pause the owner can lift by changing it again.
    public static func expiry(_ date: Date) -> Date {
        date.inWholeMilliseconds
    }

    /// The name a friend gives with a reservation, trimmed; nil when empty.
    public static func reserverName(_ raw: String?) throws(ValidationError) -> String? {
        guard let name = raw?.trimmingWhitespace(), !name.isEmpty else { return nil }
        guard name.count <= reserverNameLimit else {
            throw ValidationError(
                field: "name", code: "reserver_name_too_long",
                message: "A name can be at most \(reserverNameLimit) characters long.")
        }
        return name
    }

    /// The note a friend leaves with a reservation, as written; nil when only white space.
    public static func reservationNote(_ raw: String?) throws(ValidationError) -> String? {
        guard let raw, !raw.trimmingWhitespace().isEmpty else { return nil }
        guard raw.count <= reservationNoteLimit else {
            throw ValidationError(
                field: "note", code: "reservation_note_too_long",
                message: "A note can be at most \(reservationNoteLimit) characters long.")
        }
        return raw
    }
}

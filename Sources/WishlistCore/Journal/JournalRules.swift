import Foundation

/// The limits of a journal entry's fields, each a pure function that returns the
/// value to store or throws the first rule it breaks. Lengths count characters as people see them.
public enum JournalRules {
    public static let titleLimit = Limits.standard.journalTitle
    public static let contentsLimit = Limits.standard.journalContents
    public static let photoLimit = Limits.standard.journalPhotos
    /// How many of the author's wishes one entry may mention.
    public static let mentionLimit = 50

    /// The title trimmed; 1–200 characters.
    public static func title(_ raw: String) throws(ValidationError) -> String {
        let title = raw.trimmingWhitespace()
        guard !title.isEmpty else {
            throw ValidationError(field: "title", code: "title_required", message: "A journal entry needs a title.")
        }
        guard title.count <= titleLimit else {
            throw ValidationError(
                field: "title", code: "title_too_long",
                message: "A title can be at most \(titleLimit) characters long.")
        }
        return title
    }

    /// The contents as written (line breaks and indentation are the writer's), or empty when they
    /// are only white space; at most 50 000 characters.
    public static func contents(_ raw: String?) throws(ValidationError) -> String {
        guard let raw, !raw.trimmingWhitespace().isEmpty else { return "" }
        guard raw.count <= contentsLimit else {
            throw ValidationError(
                field: "contents", code: "contents_too_long",
                message: "The contents can be at most \(contentsLimit) characters long.")
        }
        return raw
    }

    /// A calendar day written `YYYY-MM-DD` that exists (2024-02-29 does, 2025-02-29 does not).
    /// Kept as text: in this spelling text order is date order, which the list sorts by.
    public static func date(_ raw: String) throws(ValidationError) -> String {
        let parts = numbers(raw, widths: [4, 2, 2], separator: "-")
        guard let parts, parts[0] >= 1, (1...12).contains(parts[1]),
            (1...daysIn(month: parts[1], year: parts[0])).contains(parts[2])
        else {
            throw ValidationError(
                field: "date", code: "invalid_date", message: "The date must be a calendar day like 2026-12-01.")
        }
        return raw
    }

    /// A time of day written `HH:MM` (24-hour), or nil when absent or empty.
    public static func time(_ raw: String?) throws(ValidationError) -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        guard let parts = numbers(raw, widths: [2, 2], separator: ":"), parts[0] < 24, parts[1] < 60 else {
            throw ValidationError(
                field: "time", code: "invalid_time", message: "The time must be a time of day like 09:30 or 21:05.")
        }
        return raw
    }

    /// The photo ids without repeats, in order; at most 10.
    public static func photoIDs(_ raw: [UUID]) throws(ValidationError) -> [UUID] {
        let ids = raw.withoutRepeats()
        guard ids.count <= photoLimit else {
            throw ValidationError(
                field: "photoIds", code: "too_many_photos",
                message: "A journal entry can have at most \(photoLimit) photos.")
        }
        return ids
    }

    /// The mentioned wishes without repeats, in order; at most 50. Whether they are the author's
    /// own is the store's to check.
    public static func wishIDs(_ raw: [UUID]) throws(ValidationError) -> [UUID] {
        let ids = raw.withoutRepeats()
        guard ids.count <= mentionLimit else {
            throw ValidationError(
                field: "wishIds", code: "too_many_mentions",
                message: "A journal entry can mention at most \(mentionLimit) wishes.")
        }
        return ids
    }

    /// The numbers of `text` when it is exactly ASCII digit groups of these widths between separators.
    private static func numbers(_ text: String, widths: [Int], separator: Character) -> [Int]? {
        let groups = text.split(separator: separator, omittingEmptySubsequences: false)
        guard groups.count == widths.count else { return nil }
        var numbers: [Int] = []
        for (group, width) in zip(groups, widths) {
            guard group.count == width, group.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(group) else {
                return nil
            }
            numbers.append(number)
        }
        return numbers
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

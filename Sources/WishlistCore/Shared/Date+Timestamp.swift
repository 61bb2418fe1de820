import Foundation

/// How Wishlist writes instants: whole milliseconds since 1970 in the database, and ISO 8601 in UTC
/// with a `Z` and three fraction digits in JSON.
extension Date {
    /// Whole milliseconds since 1970, rounded to the nearest, as the database stores them.
    public var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }

    /// The instant `milliseconds` after 1970-01-01T00:00:00Z.
    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// This instant rounded to whole milliseconds, so that it survives a trip through the database
    /// and JSON unchanged.
    public var inWholeMilliseconds: Date {
        Date(millisecondsSince1970: millisecondsSince1970)
    }

    /// The current time in whole milliseconds.
    public static func nowInMilliseconds() -> Date {
        Date().inWholeMilliseconds
    }

    /// `2026-11-29T13:37:15.123Z`. Formatted from the integer milliseconds by hand: a formatter
    /// style costs microseconds a date, and a page of wishes writes a hundred of them (and the
    /// floating-point formatter can print `.122` for a value stored as `.123`).
    public var iso8601String: String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(24)
        appendISO8601(to: &utf8)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends the UTF-8 of ``iso8601String`` to `bytes`, which is how `JSONWriter` writes dates.
    func appendISO8601(to bytes: inout [UInt8]) {
        let (seconds, milliseconds) = millisecondsSince1970.floorDivided(by: 1000)
        let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
        // Civil date from days since 1970-01-01 (the proleptic Gregorian calendar, as ISO 8601 has it).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        bytes.appendDecimal(year, minimumDigits: 4)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendDecimal(month, minimumDigits: 2)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendDecimal(day, minimumDigits: 2)
        bytes.append(UInt8(ascii: "T"))
        bytes.appendDecimal(secondOfDay / 3600, minimumDigits: 2)
        bytes.append(UInt8(ascii: ":"))
        bytes.appendDecimal(secondOfDay / 60 % 60, minimumDigits: 2)
        bytes.append(UInt8(ascii: ":"))
        bytes.appendDecimal(secondOfDay % 60, minimumDigits: 2)
        bytes.append(UInt8(ascii: "."))
        bytes.appendDecimal(milliseconds, minimumDigits: 3)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Reads ISO 8601 with or without a fraction, with `Z` or an offset; `nil` when it is not one.
    public init?(iso8601String text: String) {
        guard let parsed = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) else {
            return nil
        }
        self = parsed.inWholeMilliseconds
    }
}

extension Int64 {
    /// Quotient rounded down and a remainder that is never negative (for instants before 1970).
    fileprivate func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}

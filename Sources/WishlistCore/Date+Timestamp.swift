import Foundation

/// How Wishlist writes instants: whole milliseconds since 1970 in the database, and ISO 8601 in UTC
/// with a `Z` and three fraction digits in JSON.
extension Date {
    /// Whole milliseconds since 1970, rounded to the nearest, as the database stores them.
    public var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }

    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The current time cut to whole milliseconds, so a value survives a trip through the database
    /// and JSON unchanged.
    public static func nowInMilliseconds() -> Date {
        Date(millisecondsSince1970: Date().millisecondsSince1970)
    }

    /// `2026-11-29T13:37:15.123Z`. Formatted from the integer milliseconds because the floating-point
    /// formatter can print `.122` for a value stored as `.123`.
    public var iso8601String: String {
        let milliseconds = millisecondsSince1970
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let wholeSeconds = fraction < 0 ? seconds - 1 : seconds
        let fractionDigits = fraction < 0 ? fraction + 1000 : fraction
        let base = Date(timeIntervalSince1970: Double(wholeSeconds)).formatted(Date.ISO8601FormatStyle())
        let padded = String(fractionDigits + 1000).dropFirst()
        return base.dropLast() + "." + padded + "Z"
    }

    /// Reads ISO 8601 with or without a fraction, with `Z` or an offset; `nil` when it is not one.
    public init?(iso8601String text: String) {
        guard let parsed = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) else {
            return nil
        }
        self.init(millisecondsSince1970: parsed.millisecondsSince1970)
    }
}

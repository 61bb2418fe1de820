import Foundation

/// How a price is written where a person types it (a CSV's `price` column): a decimal with a dot,
/// thousands optionally grouped with commas, and optionally a currency before or after it — an
/// ISO 4217 code or one of the symbols `$`, `€`, `£`, `₩`, `¥`:
/// `12.99`, `89,000`, `89000 KRW`, `USD 12.99`, `₩89,000`, `€12.50`.
public enum PriceRules {
    /// The symbols read as a currency, each the one currency it most often means.
    static let symbols: [Character: String] = ["$": "USD", "€": "EUR", "£": "GBP", "₩": "KRW", "¥": "JPY"]

    /// The amount and currency of `raw`; nil when it is empty or only white space.
    public static func price(_ raw: String?) throws(ValidationError) -> (amount: Decimal, currency: String?)? {
        guard let text = raw?.trimmingWhitespace(), !text.isEmpty else { return nil }
        guard
            let match = text.wholeMatch(
                of: #/([A-Za-z]{3}|[$€£₩¥])?\s*((?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?)\s*([A-Za-z]{3}|[$€£₩¥])?/#),
            currency(match.output.1) == nil || currency(match.output.3) == nil,
            // Beyond this no price is real, and the exact decimal would lose digits.
            match.output.2.count <= 24
        else {
            throw ValidationError(
                field: "price", code: "price_invalid",
                message: "The price \"\(text.prefix(40))\" is not a number like 12.99, 89,000 or 89000 KRW.")
        }
        let digits = match.output.2.replacingOccurrences(of: ",", with: "")
        guard let amount = Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX")) else {
            throw ValidationError(field: "price", code: "price_invalid", message: "The price \"\(text.prefix(40))\" is not a number.")
        }
        return (amount, currency(match.output.1) ?? currency(match.output.3))
    }

    /// The ISO code of a code or symbol written beside the amount.
    private static func currency(_ text: Substring?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        if text.count == 1, let symbol = text.first { return symbols[symbol] }
        return text.uppercased()
    }
}

import Foundation

/// Reads an amount and a currency out of the ways shops write prices: `89000`, `"89,000"`,
/// `₩89,000`, `$1,299.00`, `1.299,99 €`, `12,50`.
enum PriceText {
    /// The amount in `text`; nil when there are no digits or they cannot be a price.
    ///
    /// The decimal separator is decided from the text itself: with both `.` and `,` the last one
    /// is decimal; a lone separator followed by exactly three digits groups thousands (`89,000`,
    /// `1.299`) unless it is a `.` in a currency that has cents; otherwise it is decimal (`12,50`).
    static func amount(_ text: String, currency: String?) -> Decimal? {
        let kept = text.filter { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        let trimmed = kept.drop { !$0.isNumber }.reversed().drop { !$0.isNumber }.reversed()
        let digitsOnly = String(trimmed)
        guard digitsOnly.contains(where: \.isNumber) else { return nil }
        let lastDot = digitsOnly.lastIndex(of: ".")
        let lastComma = digitsOnly.lastIndex(of: ",")
        let decimalSeparator: Character?
        switch (lastDot, lastComma) {
        case (nil, nil):
            decimalSeparator = nil
        case (let dot?, let comma?):
            decimalSeparator = dot > comma ? "." : ","
        case (_?, nil):
            decimalSeparator = groupsThousands(digitsOnly, ".", currency: currency) ? nil : "."
        case (nil, _?):
            decimalSeparator = groupsThousands(digitsOnly, ",", currency: currency) ? nil : ","
        }
        var normalized = ""
        var seenDecimal = false
        for character in digitsOnly.reversed() {
            if character.isNumber {
                normalized.append(character)
            } else if character == decimalSeparator, !seenDecimal {
                normalized.append(".")
                seenDecimal = true
            }
        }
        return Decimal(string: String(normalized.reversed()), locale: Locale(identifier: "en_US_POSIX"))
    }

    private static func groupsThousands(_ text: String, _ separator: Character, currency: String?) -> Bool {
        let groups = text.split(separator: separator, omittingEmptySubsequences: false)
        if groups.count > 2 { return true }
        guard groups.count == 2, groups[1].count == 3 else { return false }
        return separator == "," || zeroDecimalCurrencies.contains(currency ?? "")
    }

    /// Currencies without minor units, where `1.000` can only mean a thousand.
    static let zeroDecimalCurrencies: Set<String> = ["KRW", "JPY", "VND", "CLP", "ISK", "HUF", "IDR", "TWD", "PYG", "UGX"]

    /// The ISO code for a currency shown as a symbol or word in `text`; nil when none is recognised.
    static func currency(in text: String) -> String? {
        if let code = text.firstMatch(of: #/\b([A-Z]{3})\b/#)?.output.1, knownCodes.contains(String(code)) {
            return String(code)
        }
        for (symbol, code) in symbols where text.contains(symbol) { return code }
        return nil
    }

    /// An ISO 4217-shaped code, upper-cased; nil for anything else.
    static func code(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines).uppercased(),
            text.count == 3, text.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return text.flatMap(currency(in:)) }
        return text
    }

    private static let knownCodes: Set<String> = [
        "KRW", "USD", "EUR", "JPY", "GBP", "CNY", "CHF", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD", "SEK", "NOK", "DKK",
        "PLN", "CZK", "HUF", "INR", "BRL", "MXN", "RUB", "TRY", "THB", "VND", "IDR", "PHP", "MYR", "ZAR"
    ]

    /// Longest first, so that `US$` is not read as `$` and `₩` is not missed behind `원`.
    private static let symbols: [(String, String)] = [
        ("US$", "USD"), ("C$", "CAD"), ("A$", "AUD"), ("HK$", "HKD"), ("NT$", "TWD"), ("R$", "BRL"),
        ("₩", "KRW"), ("원", "KRW"), ("€", "EUR"), ("£", "GBP"), ("¥", "JPY"), ("円", "JPY"), ("元", "CNY"),
        ("₹", "INR"), ("₽", "RUB"), ("₺", "TRY"), ("฿", "THB"), ("₫", "VND"), ("$", "USD")
    ]
}

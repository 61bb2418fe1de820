import Foundation

/// A price read from a page: an amount and, when the page says or shows it, an ISO 4217 currency.
public struct PreviewPrice: Sendable, Equatable, Codable {
    public var amount: Decimal
    /// Upper-case ISO 4217 code such as `KRW`; nil when the page gave no currency.
    public var currency: String?

    public init(amount: Decimal, currency: String?) {
        self.amount = amount
        self.currency = currency
    }
}

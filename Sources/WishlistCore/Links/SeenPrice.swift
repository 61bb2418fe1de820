import Foundation

/// A price seen on a wish's link, and when (X10): one point of the wish's price history.
public struct SeenPrice: Codable, Sendable, Hashable {
    /// Exact decimal, as the page wrote it (`89000`, `12.99`).
    public var amount: Decimal
    /// ISO 4217 code, e.g. `KRW`; nil when the page named none.
    public var currency: String?
    /// When this price was first seen; a refresh that finds the same price adds no point.
    public var seenAt: Date

    /// A price as a page showed it at `seenAt`.
    public init(amount: Decimal, currency: String?, seenAt: Date) {
        self.amount = amount
        self.currency = currency
        self.seenAt = seenAt
    }

    /// How many points a wish shows, newest first.
    public static let historyLimit = 50

    /// Whether `other` is the same price (when seen aside).
    public func isSamePrice(as other: SeenPrice) -> Bool {
        amount == other.amount && currency == other.currency
    }

    private enum CodingKeys: String, CodingKey {
        case amount, currency, seenAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        amount = try container.decode(Decimal.self, forKey: .amount)
        currency = try container.decodeIfPresent(String.self, forKey: .currency)
        seenAt = try container.decodeTimestamp(forKey: .seenAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount, forKey: .amount)
        try container.encode(currency, forKey: .currency)
        try container.encode(seenAt.iso8601String, forKey: .seenAt)
    }
}

extension SeenPrice: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("amount", amount)
            try json.field("currency", currency)
            try json.field("seenAt", seenAt)
        }
    }
}

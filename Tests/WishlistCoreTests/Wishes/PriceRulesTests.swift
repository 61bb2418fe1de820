import Foundation
import Testing

@testable import WishlistCore

@Suite struct PriceRulesTests {
    @Test(
        arguments: [
            ("12.99", "12.99", nil), ("89,000", "89000", nil), ("89000 KRW", "89000", "KRW"), ("usd 12.99", "12.99", "USD"),
            ("₩89,000", "89000", "KRW"), ("€12.50", "12.5", "EUR"), ("1,234,567.5 jpy", "1234567.5", "JPY"), (" 0 ", "0", nil)
        ] as [(String, String, String?)])
    func pricesAsPeopleTypeThem(text: String, amount: String, currency: String?) throws {
        let price = try #require(try PriceRules.price(text))
        #expect(price.amount == Decimal(string: amount))
        #expect(price.currency == currency)
    }

    @Test func emptyIsNoPrice() throws {
        #expect(try PriceRules.price(nil) == nil)
        #expect(try PriceRules.price("  ") == nil)
    }

    @Test(arguments: ["cheap", "-5", "12,50", "1.2.3", "USD 5 EUR", "$", "12.99 dollars", "1,2345", String(repeating: "9", count: 30)])
    func otherTextIsRefused(text: String) {
        let error = #expect(throws: ValidationError.self) { try PriceRules.price(text) }
        #expect(error?.code == "price_invalid")
    }
}

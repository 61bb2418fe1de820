import Testing
import WishlistCore

/// The rules take their numbers from `Limits.standard`, the table the server publishes to the web
/// app: what the page says is what is enforced.
@Suite struct LimitsTests {
    let limits = Limits.standard

    @Test func wishAndJournalLengths() throws {
        #expect(throws: ValidationError.self) { try WishRules.name(String(repeating: "a", count: limits.wishName + 1)) }
        #expect(try WishRules.name(String(repeating: "a", count: limits.wishName)).count == limits.wishName)
        #expect(throws: ValidationError.self) { try WishRules.memo(String(repeating: "m", count: limits.wishMemo + 1)) }
        #expect(throws: ValidationError.self) { try JournalRules.title(String(repeating: "a", count: limits.journalTitle + 1)) }
        #expect(try JournalRules.title(String(repeating: "a", count: limits.journalTitle)).count == limits.journalTitle)
    }

    @Test func tags() throws {
        #expect(throws: ValidationError.self) { try Tag.validated([String(repeating: "t", count: limits.tagLength + 1)]) }
        #expect(throws: ValidationError.self) { try Tag.validated((0...limits.tagCount).map { "tag\($0)" }) }
        #expect(try Tag.validated((1...limits.tagCount).map { "tag\($0)" }).count == limits.tagCount)
    }

    @Test func accounts() throws {
        #expect(throws: ValidationError.self) {
            try AccountRules.validatePassword(String(repeating: "p", count: limits.passwordMinimum - 1))
        }
        try AccountRules.validatePassword(String(repeating: "p", count: limits.passwordMinimum))
        #expect(throws: ValidationError.self) {
            try AccountRules.normalizedUsername(String(repeating: "u", count: limits.usernameMaximum + 1))
        }
        #expect(try AccountRules.normalizedUsername(String(repeating: "u", count: limits.usernameMinimum)).count == 3)
    }
}

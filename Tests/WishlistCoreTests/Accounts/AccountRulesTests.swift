import Testing
import WishlistCore

/// The limits the API document gives for usernames, passwords and token names, at their edges.
@Suite struct AccountRulesTests {
    @Test func usernameIsFoldedToLowerCase() throws {
        #expect(try AccountRules.normalizedUsername("Alice.B_01-x") == "alice.b_01-x")
        #expect(try AccountRules.normalizedUsername("abc") == "abc")
        #expect(try AccountRules.normalizedUsername(String(repeating: "z", count: 32)).count == 32)
    }

    @Test(arguments: ["ab", String(repeating: "z", count: 33), "al ice", "ålice", "alice!", "앨리스", ""])
    func usernameOutsideTheRulesIsRefused(_ username: String) {
        let error = #expect(throws: ValidationError.self) { try AccountRules.normalizedUsername(username) }
        #expect(error?.code == "invalid_username")
        #expect(error?.field == "username")
    }

    /// Lengths count characters as people see them, so ten Hangul syllables are enough.
    @Test func passwordLengthsAtTheirEdges() throws {
        try AccountRules.validatePassword(String(repeating: "a", count: 10))
        try AccountRules.validatePassword(String(repeating: "가", count: 10))
        try AccountRules.validatePassword(String(repeating: "a", count: 1024))
        #expect(
            (#expect(throws: ValidationError.self) {
                try AccountRules.validatePassword(String(repeating: "a", count: 9))
            })?.code == "password_too_short")
        #expect(
            (#expect(throws: ValidationError.self) {
                try AccountRules.validatePassword(String(repeating: "a", count: 1025))
            })?.code == "password_too_long")
        #expect(
            (#expect(throws: ValidationError.self) {
                try AccountRules.validatePassword("long enough\u{0}but has a NUL")
            })?.code == "invalid_password")
    }

    @Test func tokenNameIsTrimmedAndBounded() throws {
        #expect(try APIToken.validatedName("  laptop\n") == "laptop")
        #expect(try APIToken.validatedName(String(repeating: "n", count: 100)).count == 100)
        for bad in ["", " \t\n", String(repeating: "n", count: 101)] {
            #expect((#expect(throws: ValidationError.self) { try APIToken.validatedName(bad) })?.code == "invalid_token_name")
        }
    }
}

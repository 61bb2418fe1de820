import Crypto
import Testing

@Suite struct PasswordHasherTests {
    let hasher = PasswordHasher(cost: .minimum)

    @Test func hashesWithArgon2idAndVerifies() throws {
        let hash = try hasher.hash("correct horse battery")
        #expect(hash.hasPrefix("$argon2id$"))
        #expect(hasher.verify("correct horse battery", against: hash))
        #expect(!hasher.verify("correct horse batterY", against: hash))
        #expect(!hasher.verify("", against: hash))
    }

    @Test func sameInputGetsAFreshSaltEachTime() throws {
        let first = try hasher.hash("비밀번호는열글자이상")
        let second = try hasher.hash("비밀번호는열글자이상")
        #expect(first != second)
        #expect(hasher.verify("비밀번호는열글자이상", against: first))
        #expect(hasher.verify("비밀번호는열글자이상", against: second))
    }

    /// A NUL does not end the password: what follows it counts too.
    @Test func everyByteOfThePasswordCounts() throws {
        let hash = try hasher.hash("secret\u{0}tail")
        #expect(hasher.verify("secret\u{0}tail", against: hash))
        #expect(!hasher.verify("secret", against: hash))
        #expect(!hasher.verify("secret\u{0}other", against: hash))
        #expect(!hasher.verify("secret\u{0}tail", against: try hasher.hash("secret")))
    }

    @Test func malformedHashNeverVerifies() {
        #expect(!hasher.verify("anything", against: ""))
        #expect(!hasher.verify("anything", against: "$argon2id$v=19$garbage"))
    }

    @Test func knowsWhenAHashNeedsRedoing() throws {
        let cheap = try hasher.hash("long enough password")
        #expect(!hasher.needsRehash(cheap))
        #expect(PasswordHasher(cost: .interactive).needsRehash(cheap))
    }
}

import Crypto
import Foundation
import Testing

@Suite struct DigestAndRandomTests {
    @Test func sha256MatchesKnownVectors() {
        #expect(
            SHA256.hex(SHA256.digest(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(SHA256.digest([UInt8]()))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func sha256FedInPiecesEqualsOneCall() {
        let bytes = (0..<10_000).map { UInt8($0 % 251) }
        var hasher = SHA256()
        for chunk in stride(from: 0, to: bytes.count, by: 777) {
            bytes[chunk..<min(chunk + 777, bytes.count)].withUnsafeBytes { hasher.update($0) }
        }
        #expect(hasher.finalize() == SHA256.digest(bytes))
    }

    @Test func tokensAreURLSafeAndUnique() {
        let tokens = (0..<200).map { _ in SecureRandom.token() }
        #expect(Set(tokens).count == tokens.count)
        for token in tokens {
            #expect(token.count == 43)
            #expect(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        }
    }

    /// Every character of the alphabet is drawn, and nothing else: 3,000 draws from 3 leave
    /// any one out with a chance of about 3 × (2/3)^3000, never in practice.
    @Test func stringsAreDrawnFromTheWholeAlphabetOnly() {
        let alphabet: [Character] = ["a", "7", "z"]
        let drawn = SecureRandom.string(length: 3000, alphabet: alphabet)
        #expect(drawn.count == 3000)
        #expect(Set(drawn) == Set(alphabet))
        #expect(SecureRandom.string(length: 0, alphabet: alphabet).isEmpty)
        #expect(SecureRandom.string(length: 30, alphabet: alphabet) != SecureRandom.string(length: 30, alphabet: alphabet))
    }

    @Test func base64URLOfKnownBytes() {
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(Base64URL.encode(Array("hello".utf8)) == "aGVsbG8")
    }

    @Test func base64URLDecodesWhatItEncodes() {
        #expect(Base64URL.decode("-_8") == [0xfb, 0xff])
        #expect(Base64URL.decode("") == [])
        for count in 0..<40 {
            let bytes = SecureRandom.bytes(count)
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
    }

    @Test func base64URLRefusesOtherAlphabetsAndPadding() {
        #expect(Base64URL.decode("+/8") == nil)
        #expect(Base64URL.decode("aGVsbG8=") == nil)
        #expect(Base64URL.decode("aGVs bG8") == nil)
        #expect(Base64URL.decode("a") == nil)
    }

    @Test func uuidsAreVersion4OfTheRFCVariantAndUnique() {
        let ids = (0..<1_000).map { _ in SecureRandom.uuid() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            // xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx, as Foundation's own and every parser reads them.
            let text = id.uuidString.lowercased()
            #expect(Array(text)[14] == "4", "\(text)")
            #expect("89ab".contains(Array(text)[19]), "\(text)")
            #expect(UUID(uuidString: text) == id)
        }
        // The other bits vary: every hex digit shows up in every free place over a thousand ids.
        let places = Array(ids[0].uuidString).indices.filter { ![8, 13, 14, 18, 19, 23].contains($0) }
        for place in places {
            #expect(Set(ids.map { Array($0.uuidString)[place] }).count == 16, "place \(place)")
        }
    }
}

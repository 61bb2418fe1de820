import Testing
import WishlistCore

@Suite struct ArrayDecimalTests {
    @Test(arguments: [
        (Int64(0), 1, "0"), (7, 1, "7"), (-5, 1, "-5"), (10, 1, "10"), (1_234_567_890_123, 1, "1234567890123"),
        (7, 3, "007"), (-7, 3, "-007"), (2026, 4, "2026"), (123_456, 2, "123456"),
        (.max, 1, "9223372036854775807"), (.min, 1, "-9223372036854775808")
    ])
    func appendsTheDigitsAfterWhatIsThere(value: Int64, minimumDigits: Int, expected: String) {
        var bytes = Array("x=".utf8)
        bytes.appendDecimal(value, minimumDigits: minimumDigits)
        #expect(String(decoding: bytes, as: UTF8.self) == "x=" + expected)
    }

    @Test func writesWhatStringWritesForEveryMagnitude() {
        for exponent in 0...18 {
            var power: Int64 = 1
            for _ in 0..<exponent { power *= 10 }
            for value in [power - 1, power, power + 1, -power] {
                var bytes: [UInt8] = []
                bytes.appendDecimal(value)
                #expect(String(decoding: bytes, as: UTF8.self) == String(value))
            }
        }
    }
}

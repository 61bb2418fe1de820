extension [UInt8] {
    /// Appends `value` in decimal ASCII digits, with zeros in front up to `minimumDigits` and a minus
    /// sign before them when negative: for the JSON writer, timestamps and SQL id lists, which
    /// write many numbers and would otherwise make a `String` of each.
    public mutating func appendDecimal(_ value: Int64, minimumDigits: Int = 1) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // The digits, last first, from the end of a buffer on the stack; then appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            let count = digits.count - start
            if minimumDigits > count { append(contentsOf: repeatElement(UInt8(ascii: "0"), count: minimumDigits - count)) }
            append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[start...]))
        }
    }
}

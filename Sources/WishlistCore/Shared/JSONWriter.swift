import Foundation

/// Writes the API's JSON straight into bytes, for the answers that carry many wishes (a search, a
/// page of the list). Foundation's encoder builds a tree of boxed values and then sorts the keys of
/// every object; for the 50 wishes of a search at a million wishes that was a third of the request.
///
/// The bytes are exactly those of `JSONCoding.encoder()` (tests compare the two): no white space,
/// object keys in UTF-8 order — each `JSONWritable` type writes its own keys in that order — `"`,
/// `\` and control characters escaped as Foundation escapes them and `/` left alone, numbers as
/// Swift prints them without a trailing `.0`, dates as `Date.iso8601String`, ids in lower case.
public struct JSONWriter {
    /// A number JSON cannot hold (NaN or an infinity), which the encoder refuses too.
    public struct NonFiniteNumber: Error, Equatable {
        public let value: Double
    }

    public private(set) var bytes: [UInt8] = []
    /// Whether a value was just completed, so the next key or array element needs a comma.
    private var needsComma = false

    /// An empty writer.
    public init() {}

    /// The JSON of one value.
    public static func bytes(of value: some JSONWritable) throws -> [UInt8] {
        var writer = JSONWriter()
        try writer.write(value)
        return writer.bytes
    }

    // MARK: Containers

    /// `{…}`: `body` writes the members with ``field(_:_:)``, in the UTF-8 order of their keys.
    public mutating func object(_ body: (inout JSONWriter) throws -> Void) rethrows {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        try body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// One member of an object; `key` must need no escaping (the API's keys are plain camelCase).
    public mutating func field(_ key: StaticString, _ value: some JSONWritable) throws {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: "\":".utf8)
        needsComma = false
        try value.write(to: &self)
    }

    /// `[…]` of `elements` in order.
    public mutating func array(_ elements: some Sequence<some JSONWritable>) throws {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for element in elements {
            try write(element)
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    // MARK: Values

    /// One value of any writable type: an array element, or a whole document.
    public mutating func write(_ value: some JSONWritable) throws {
        try value.write(to: &self)
    }

    /// Writes `null`.
    public mutating func null() {
        scalar("null".utf8)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        scalar(value ? "true".utf8 : "false".utf8)
    }

    /// Writes a whole number.
    public mutating func int(_ value: Int) {
        beginValue()
        bytes.appendDecimal(Int64(value))
        needsComma = true
    }

    /// Swift's shortest round-tripping digits, without the `.0` of a whole number, as the encoder
    /// writes them (`37.5`, `127`, `1e-05`).
    public mutating func double(_ value: Double) throws(NonFiniteNumber) {
        guard value.isFinite else { throw NonFiniteNumber(value: value) }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        scalar(text.utf8)
    }

    /// An exact decimal as its plain digits (`89000`, `12.99`), as the encoder writes it.
    public mutating func decimal(_ value: Decimal) {
        scalar(value.description.utf8)
    }

    /// A JSON string: `"` and `\` escaped, `\b \f \n \r \t` for those controls and `\u00xx` for the
    /// others, everything else (`/`, non-ASCII) as its UTF-8.
    public mutating func string(_ text: String) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: utf8[runStart..<index])
                appendEscape(of: byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: utf8[runStart...])
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// `Date.iso8601String` in quotes, written without making the string.
    public mutating func date(_ date: Date) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        date.appendISO8601(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// The lower-case text of a UUID in quotes, written without making the string.
    public mutating func uuid(_ id: UUID) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: id.uuid) { octets in
            for (index, octet) in octets.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(Self.hexDigits[Int(octet >> 4)])
                bytes.append(Self.hexDigits[Int(octet & 0x0F)])
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    // MARK: Internals

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func beginValue() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func scalar(_ text: some Collection<UInt8>) {
        beginValue()
        bytes.append(contentsOf: text)
        needsComma = true
    }

    private mutating func appendEscape(of byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(contentsOf: "u00".utf8)
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }
}

import Foundation

/// The items of a list the API answered — the array under `"items"` in its JSON object — each as
/// the exact bytes the server wrote, found by scanning rather than decoding, so `--json` can print
/// them one a line without changing a byte.
struct JSONListItems {
    private let bytes: [UInt8]
    private var index = 0

    /// The items of `json`, an answer such as `{"items":[…],"nextCursor":…}`.
    static func items(in json: Data) throws -> [Data] {
        var scanner = JSONListItems(bytes: Array(json))
        return try scanner.itemsOfObject()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static let notAList = CommandFailure("The server's answer was not a list of items.")

    private mutating func itemsOfObject() throws -> [Data] {
        skipWhitespace()
        try expect(UInt8(ascii: "{"))
        while true {
            skipWhitespace()
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            if key.elementsEqual("\"items\"".utf8) { return try elementsOfArray() }
            try skipValue()
            skipWhitespace()
            try expect(UInt8(ascii: ","))
        }
    }

    private mutating func elementsOfArray() throws -> [Data] {
        try expect(UInt8(ascii: "["))
        var elements: [Data] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { return elements }
        while true {
            skipWhitespace()
            let start = index
            try skipValue()
            elements.append(Data(bytes[start..<index]))
            skipWhitespace()
            if peek() == UInt8(ascii: "]") { return elements }
            try expect(UInt8(ascii: ","))
        }
    }

    /// Moves past one value: a string, an object or array (however nested), or a number, `true`,
    /// `false` or `null`.
    private mutating func skipValue() throws {
        switch peek() {
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            repeat {
                switch peek() {
                case nil: throw Self.notAList
                case UInt8(ascii: "\""):
                    _ = try string()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                index += 1
            } while depth > 0
        case nil:
            throw Self.notAList
        default:
            let end: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
            while let byte = peek(), !end.contains(byte) { index += 1 }
        }
    }

    /// A string with its quotes, as written.
    private mutating func string() throws -> ArraySlice<UInt8> {
        let start = index
        try expect(UInt8(ascii: "\""))
        while let byte = peek() {
            index += byte == UInt8(ascii: "\\") ? 2 : 1
            if byte == UInt8(ascii: "\"") { return bytes[start..<index] }
        }
        throw Self.notAList
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard peek() == byte else { throw Self.notAList }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
    }
}

import Foundation
import WishlistCore

extension UUID {
    /// The store's spelling of a public id.
    var lowercasedString: String { uuidString.lowercased() }

    /// A UUID read from a column that the store itself wrote: 36 characters, hex digits in either
    /// case and four hyphens. Read by hand because `UUID(uuidString:)` goes through `sscanf`, which
    /// took a fifth of the time of reading a wish's row.
    init(storedText: String) throws {
        var text = storedText
        guard let uuid = text.withUTF8(Self.uuid(hyphenatedHex:)) else { throw StoreError.corruptValue(storedText) }
        self = uuid
    }

    private static func uuid(hyphenatedHex utf8: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard utf8.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let isValid = withUnsafeMutableBytes(of: &uuid) { octets in
            var index = 0
            for octet in octets.indices {
                if octet == 4 || octet == 6 || octet == 8 || octet == 10 {
                    guard utf8[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = hexValue(utf8[index]), let low = hexValue(utf8[index + 1]) else { return false }
                octets[octet] = high << 4 | low
                index += 2
            }
            return true
        }
        return isValid ? UUID(uuid: uuid) : nil
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Sequence<Int64> {
    /// Row ids as one JSON array, bound as a single parameter and read with `json_each`: one
    /// statement text for any number of ids, so it is prepared once and cached.
    /// (A search passes a thousand; made a `String` each and joined, they were a tenth of its time.)
    var jsonArray: String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(underestimatedCount * 8 + 2)
        for (offset, id) in enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.appendDecimal(id)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Sequence<UUID> {
    /// Ids as one JSON array of their stored text, bound as a single parameter and read with
    /// `SQLDialect.members(ofJSONArray:as: .text)` (an id's text needs no escaping).
    var jsonArray: String {
        "[" + map { "\"\($0.lowercasedString)\"" }.joined(separator: ",") + "]"
    }
}

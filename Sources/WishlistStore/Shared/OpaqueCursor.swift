import Crypto
import Foundation
import WishlistCore

/// Turns where a page ended into the opaque text a client hands back, and back again.
///
/// Base64url of JSON followed by a 64-bit FNV-1a checksum of the owner and the JSON. The checksum is
/// not a secret signature: it tells a damaged, invented or other account's cursor from a good one,
/// so such a cursor is refused plainly. It cannot leak data either way: every page query is also
/// restricted to its owner.
enum OpaqueCursor {
    static func encode<Position: Encodable>(_ position: Position, owner: UserKey) throws -> String {
        let json: [UInt8]
        if let writable = position as? any JSONWritable {
            // A position every page of a list hands out writes itself: JSONEncoder cost a tenth
            // of a page of wishes.
            json = try JSONWriter.bytes(of: writable)
        } else {
            // Sorted keys: the same position gives the same text in every process (the encoder's
            // key order otherwise follows a hash seeded per process), so a page's bytes survive a
            // restart.
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            json = Array(try encoder.encode(position))
        }
        return Base64URL.encode(json + checksum(json, owner: owner))
    }

    /// The position in `text` when it was made by `encode` for this owner; nil otherwise.
    static func decode<Position: Decodable>(_ text: String, as type: Position.Type, owner: UserKey) -> Position? {
        guard text.utf8.count <= 2048, let data = Base64URL.decode(text), data.count > 8 else { return nil }
        let json = data.prefix(data.count - 8)
        guard Array(data.suffix(8)) == checksum(json, owner: owner) else { return nil }
        return try? JSONDecoder().decode(Position.self, from: Data(json))
    }

    private static func checksum(_ bytes: some Collection<UInt8>, owner: UserKey) -> [UInt8] {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in withUnsafeBytes(of: owner.rawValue.littleEndian, Array.init) + Array(bytes) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return withUnsafeBytes(of: hash.littleEndian, Array.init)
    }
}

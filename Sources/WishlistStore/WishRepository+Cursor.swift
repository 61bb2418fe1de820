import Foundation
import WishlistCore

extension WishRepository {
    /// Where a page of a wish list ended: the sort key of its last wish, plus the list it belongs to.
    ///
    /// Handed out as base64url of JSON followed by a 64-bit FNV-1a checksum of the owner and the
    /// JSON. The checksum is not a secret signature: it tells a cursor damaged, invented or issued
    /// to another account from a good one, so that such a cursor is refused plainly. It cannot leak
    /// data either way, because every page query is also restricted to its owner.
    struct Cursor: Codable, Equatable {
        var sort: WishSort
        var favorite: Bool?
        var tag: String?
        var createdAt: Int64?
        var nameKey: String?
        var rowID: Int64

        /// The cursor after the wish in `row`, for the list described by `query`.
        init(after rowID: Int64, createdAt: Int64, nameKey: String, query: WishListQuery) {
            sort = query.sort
            favorite = query.favorite
            tag = query.tag.map(Tag.key)
            self.createdAt = query.sort == .name ? nil : createdAt
            self.nameKey = query.sort == .name ? nameKey : nil
            self.rowID = rowID
        }

        func encoded(owner: UserKey) throws -> String {
            let json = try JSONEncoder().encode(self)
            let bytes = Array(json) + Self.checksum(json, owner: owner)
            return Data(bytes).base64EncodedString()
                .replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
        }

        /// The cursor in `text`, when it was made by ``encoded(owner:)`` for this owner and this list.
        init(decoding text: String, owner: UserKey, query: WishListQuery) throws(WishRepositoryError) {
            var base64 = text.replacing("-", with: "+").replacing("_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            guard text.count <= 2048, let data = Data(base64Encoded: base64), data.count > 8 else {
                throw .invalidCursor
            }
            let json = data.prefix(data.count - 8)
            guard Array(data.suffix(8)) == Self.checksum(json, owner: owner),
                  let cursor = try? JSONDecoder().decode(Cursor.self, from: json),
                  cursor.sort == query.sort, cursor.favorite == query.favorite, cursor.tag == query.tag.map(Tag.key),
                  (query.sort == .name) == (cursor.nameKey != nil), (query.sort == .name) == (cursor.createdAt == nil)
            else { throw .invalidCursor }
            self = cursor
        }

        private static func checksum(_ bytes: some Collection<UInt8>, owner: UserKey) -> [UInt8] {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in withUnsafeBytes(of: owner.rawValue.littleEndian, Array.init) + Array(bytes) {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return withUnsafeBytes(of: hash.littleEndian, Array.init)
        }
    }
}

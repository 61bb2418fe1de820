import Foundation
import WishlistCore

extension WishRepository {
    /// Where a page of a wish list ended: the sort key of its last wish, plus the list it belongs to.
    struct Cursor: ListCursor, Equatable, JSONWritable {
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

        /// The members in key order, absent ones as null (which decoding reads as absent).
        func write(to json: inout JSONWriter) throws {
            try json.object { json in
                try json.field("createdAt", createdAt.map(Int.init))
                try json.field("favorite", favorite)
                try json.field("nameKey", nameKey)
                try json.field("rowID", Int(rowID))
                try json.field("sort", sort.rawValue)
                try json.field("tag", tag)
            }
        }

        func belongs(to query: WishListQuery) -> Bool {
            sort == query.sort && favorite == query.favorite && tag == query.tag.map(Tag.key)
                && (query.sort == .name) == (nameKey != nil) && (query.sort == .name) == (createdAt == nil)
        }
    }
}

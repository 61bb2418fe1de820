/// A tag with the number of the owner's wishes that carry it, as `GET /api/v1/tags` lists them.
public struct TagCount: Codable, Sendable, Hashable {
    public var name: String
    public var count: Int

    /// A tag and how many wishes have it.
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// The API's shape for a list that is not paged: `{"items": [...]}`.
public struct ItemList<Item: Codable & Sendable>: Codable, Sendable {
    public let items: [Item]

    /// A list answered whole.
    public init(_ items: [Item]) {
        self.items = items
    }
}

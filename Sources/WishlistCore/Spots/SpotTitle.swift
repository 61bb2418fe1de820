/// A work or an artist of the spots (`GET /api/v1/spots/titles`, K1): its title as the data set
/// spells it, the other names people search it by, and how many spots it has.
public struct SpotTitle: Codable, Sendable, Hashable {
    public var title: String
    public var type: SpotType
    public var aliases: [String]
    public var spotCount: Int

    /// A work or artist with its other names and how many spots it has.
    public init(title: String, type: SpotType, aliases: [String], spotCount: Int) {
        self.title = title
        self.type = type
        self.aliases = aliases
        self.spotCount = spotCount
    }
}

extension SpotTitle: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("aliases", aliases)
            try json.field("spotCount", spotCount)
            try json.field("title", title)
            try json.field("type", type)
        }
    }
}

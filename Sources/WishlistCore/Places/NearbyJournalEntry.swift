/// A journal entry with how far its place is from where the person stands
/// (`GET /api/v1/journal/near`, K4).
public struct NearbyJournalEntry: Codable, Sendable, Equatable {
    public let entry: JournalEntry
    public let distanceMeters: Double

    /// An entry and how far it is from the point asked about, in metres.
    public init(entry: JournalEntry, distanceMeters: Double) {
        self.entry = entry
        self.distanceMeters = distanceMeters
    }
}

/// The JSON of the synthesized `encode(to:)`, written by `JSONWriter` with the keys in sorted order.
extension NearbyJournalEntry: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("distanceMeters", distanceMeters)
            try json.field("entry", entry)
        }
    }
}

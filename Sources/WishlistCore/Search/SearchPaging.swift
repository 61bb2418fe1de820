/// The `paging` member of `GET /api/v1/search`'s all-groups answer: for each paged group that was
/// asked for, its total and the cursor of its next page (`group=` with `cursor=`); `null` for a
/// group that was not asked for (`groups=`).
public struct SearchPaging: Codable, Sendable, Hashable {
    public var byName: SearchGroupSummary?
    public var byTag: SearchGroupSummary?
    public var byText: SearchGroupSummary?
    public var journal: SearchGroupSummary?
    public var spots: SearchGroupSummary?

    /// The paging of the groups that were asked for; nil for the others.
    public init(
        byName: SearchGroupSummary? = nil, byTag: SearchGroupSummary? = nil, byText: SearchGroupSummary? = nil,
        journal: SearchGroupSummary? = nil, spots: SearchGroupSummary? = nil
    ) {
        self.byName = byName
        self.byTag = byTag
        self.byText = byText
        self.journal = journal
        self.spots = spots
    }

    private enum CodingKeys: String, CodingKey { case byName, byTag, byText, journal, spots }

    /// Writes `null` for a group that was not asked for rather than leaving its key out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(byName, forKey: .byName)
        try container.encode(byTag, forKey: .byTag)
        try container.encode(byText, forKey: .byText)
        try container.encode(journal, forKey: .journal)
        try container.encode(spots, forKey: .spots)
    }
}

extension SearchPaging: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("byName", byName)
            try json.field("byTag", byTag)
            try json.field("byText", byText)
            try json.field("journal", journal)
            try json.field("spots", spots)
        }
    }
}

import WishlistCore

/// What `GET /api/v1/search` answers: every group asked for (``all``), or one page of one group.
/// Its JSON is the JSON of the value it holds.
public enum SearchAnswer: Sendable, Equatable {
    case all(WishSearchResult)
    case wishes(SearchPage<Wish>)
    case journal(SearchPage<JournalEntry>)
    case spots(SearchPage<Spot>)
}

extension SearchAnswer: Encodable, JSONWritable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .all(let result): try container.encode(result)
        case .wishes(let page): try container.encode(page)
        case .journal(let page): try container.encode(page)
        case .spots(let page): try container.encode(page)
        }
    }

    public func write(to json: inout JSONWriter) throws {
        switch self {
        case .all(let result): try result.write(to: &json)
        case .wishes(let page): try page.write(to: &json)
        case .journal(let page): try page.write(to: &json)
        case .spots(let page): try page.write(to: &json)
        }
    }
}

/// What `GET /api/v1/search` was asked: `q`, and either `group` (one group's page, with `cursor`)
/// or `groups` (which groups the all-groups answer computes; all of them when absent), and `limit`.
public struct SearchQuery: Sendable, Hashable {
    /// The all-groups answer's size of each group when no `limit` is given: what it always was.
    public static let defaultLimit = WishSearchResult.groupLimit

    public var text: String
    /// One group to page; nil for the all-groups answer.
    public var group: SearchGroup?
    /// The groups the all-groups answer computes.
    public var groups: Set<SearchGroup>
    public var cursor: String?
    public var limit: Int

    /// A search for `text`: the all-groups answer of `groups`, or one page of `group` after
    /// `cursor`; `limit` items a group. Throws for an empty or overlong text, a group that does not
    /// page, or a cursor without its group.
    public init(
        text: String, group: SearchGroup? = nil, groups: Set<SearchGroup> = Set(SearchGroup.allCases),
        cursor: String? = nil, limit: Int = defaultLimit
    ) throws(ValidationError) {
        self.text = try WishSearchResult.normalizedQuery(text)
        self.limit = try WishListQuery.checkedLimit(limit)
        self.cursor = cursor.flatMap { $0.isEmpty ? nil : $0 }
        if let group, !SearchGroup.paged.contains(group) {
            throw ValidationError(
                field: "group", code: "invalid_group",
                message: "group names a group that pages: \(SearchGroup.paged.map(\.rawValue).joined(separator: ", ")).")
        }
        if group == nil, self.cursor != nil {
            throw ValidationError(field: "cursor", code: "cursor_needs_group", message: "A cursor pages one group: give group too.")
        }
        self.group = group
        self.groups = groups
    }

    /// Reads the query parameters as they came in the URL.
    public init(parameters: [String: String]) throws(ValidationError) {
        let group = try parameters["group"].map { (name) throws(ValidationError) in try SearchGroup(parameter: name, field: "group") }
        var groups = Set(SearchGroup.allCases)
        if let list = parameters["groups"] {
            guard group == nil else {
                throw ValidationError(field: "groups", code: "invalid_groups", message: "Give either group or groups, not both.")
            }
            groups = []
            for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                groups.insert(try SearchGroup(parameter: String(name), field: "groups"))
            }
        }
        let limit = parameters["limit"] == nil ? Self.defaultLimit : try WishListQuery.limit(parameter: parameters["limit"])
        try self.init(
            text: parameters["q"] ?? "", group: group, groups: groups, cursor: parameters["cursor"], limit: limit)
    }
}

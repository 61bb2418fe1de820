/// A group of `GET /api/v1/search`'s answer: what was matched, and how.
///
/// The wish groups are ranked in this order (a wish may be in more than one): its name, a tag,
/// then its memo or its link's site (`byText`).
public enum SearchGroup: String, CaseIterable, Sendable, Hashable, Codable {
    case byName, byTag, byText, journal, spots, places

    /// The groups that page with a cursor (`group=`); places are the gazetteer's best few.
    public static let paged: [SearchGroup] = [.byName, .byTag, .byText, .journal, .spots]

    /// The group named by a `group` or `groups` parameter; `field` names the parameter in the error.
    public init(parameter: String, field: String) throws(ValidationError) {
        guard let group = SearchGroup(rawValue: parameter) else {
            throw ValidationError(
                field: field, code: "invalid_group",
                message: "\(field) names search groups: \(Self.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        self = group
    }
}

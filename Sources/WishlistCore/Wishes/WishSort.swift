/// The orders a wish list can be in: `newest` (the default), `oldest`, or by `name`.
public enum WishSort: String, Codable, Sendable, CaseIterable {
    case newest, oldest, name

    /// Reads the `sort` query parameter; absent means newest.
    public init(parameter: String?) throws(ValidationError) {
        guard let parameter else {
            self = .newest
            return
        }
        guard let sort = WishSort(rawValue: parameter) else {
            throw ValidationError(
                field: "sort", code: "invalid_sort",
                message: "Sort must be one of newest, oldest or name; \"\(parameter.prefix(40))\" is not one of them.")
        }
        self = sort
    }
}

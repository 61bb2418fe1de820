/// What one read of a search index found: the row ids a search ranks, as a JSON array for
/// `json_each`, and how many rows matched, counted up to one past `SearchPage.totalBound`.
struct IndexMatches {
    let candidates: String
    let counted: Int
}

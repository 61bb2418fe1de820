import WishlistCore

/// The query of a list that pages: the same query at another cursor asks for another page.
protocol PagedQuery {
    var cursor: String? { get set }
}

extension PagedQuery {
    /// This query for the page after `cursor` (nil: the first page).
    func page(after cursor: String?) -> Self {
        var query = self
        query.cursor = cursor
        return query
    }
}

extension WishListQuery: PagedQuery {}
extension JournalListQuery: PagedQuery {}
extension NearQuery: PagedQuery {}
extension SpotQuery: PagedQuery {}

import SQLite

/// One kind of record on the map and in "near me" (wishes, journal entries), named by its three
/// tables: the records with their `place_*` columns, an R*Tree of their points with the owner as
/// a first dimension, and the grid of per-account cell counts that `Schema.createPlaceIndex`
/// keeps in step with the records by triggers. The map and near-me queries are the same for
/// every layer; only these names differ, and they are fixed text, never input.
struct PlaceLayer: Sendable {
    let records: String
    let points: String
    let cells: String

    static let wishes = PlaceLayer(records: "wishes", points: "wish_places", cells: "place_cells")
    static let journal = PlaceLayer(records: "journal_entries", points: "journal_places", cells: "journal_place_cells")
}

/// The kinds of record a photo can be on, each by its own column of `photos` (a photo is on at
/// most one record): what `PhotoRepository` needs to attach, read and release any record's photos
/// the same way.
package enum PhotoRecord: CaseIterable, Sendable {
    case wish
    case journalEntry

    /// The column of `photos` holding the row id of the record a photo is on.
    var column: String {
        switch self {
        case .wish: "wish_id"
        case .journalEntry: "entry_id"
        }
    }

    /// The table of the records, whose `version` an edit of one of their photos bumps.
    var table: String {
        switch self {
        case .wish: "wishes"
        case .journalEntry: "journal_entries"
        }
    }
}

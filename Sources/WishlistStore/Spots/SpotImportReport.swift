/// What an import of the K-culture spots did, for the log and the `spots import` command.
public struct SpotImportReport: Sendable, Hashable, CustomStringConvertible {
    /// Data rows in the file (the header not counted).
    public var rowsRead = 0
    /// Rows without the eight columns, a known type, a title, a place or numeric coordinates.
    public var malformedRows = 0
    /// Rows whose coordinates lie outside the province or city their address names, or whose
    /// address names none: dropped.
    public var misplacedRows = 0
    /// Rows repeating the type, title, place and address of an earlier row: merged into it.
    public var duplicateRows = 0
    /// Spots and titles stored.
    public var spots = 0
    public var titles = 0
    /// Whether the file was the one already imported, so nothing changed.
    public var unchanged = false

    init(rowsRead: Int = 0, unchanged: Bool = false) {
        self.rowsRead = rowsRead
        self.unchanged = unchanged
    }

    public var description: String {
        if unchanged { return "K-culture spots: the data is already imported; nothing changed." }
        return "K-culture spots: \(rowsRead) rows read, \(malformedRows) malformed and \(misplacedRows) "
            + "with coordinates outside the region their address names dropped, \(duplicateRows) duplicates "
            + "merged: \(spots) spots of \(titles) works and artists."
    }
}

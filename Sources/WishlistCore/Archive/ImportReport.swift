/// What an import did (X6, and moving in, X11): how many records of each kind were stored, how many
/// were left out because the account already had them, and every item refused with the reason.
/// The answer of every import route — the account archive, bookmark files and CSV — in one shape:
///
///     {"imported": {"wishes": 12}, "skipped": {"wishes": 3},
///      "refused": [{"item": "Line 7: Desk lamp", "reason": "A name can be at most 200 characters long."}]}
///
/// The kinds are named as the API names records, in the plural: `wishes`, `photos`, `journalEntries`.
public struct ImportReport: Codable, Sendable, Hashable {
    /// Records stored, by kind.
    public var imported: [String: Int]
    /// Records not stored because the account already had them (duplicates), by kind.
    public var skipped: [String: Int]
    /// Items not stored because they break a rule, in the order of the file.
    public var refused: [Refusal]

    /// One item left out, named so a person can find it in their file.
    public struct Refusal: Codable, Sendable, Hashable {
        /// Where and what the item is, e.g. `Line 7: Desk lamp` or a bookmark's title.
        public var item: String
        /// One sentence: which rule it broke.
        public var reason: String
        /// The broken rule's error code (`name_required`…), so an app can say `reason` in its own
        /// language; nil when the refusal has none.
        public var code: String?
        /// The item's row in the file (a CSV row, counted from the header as row 1), when it has one.
        public var row: Int?
        /// The item's own name without its position (`Desk lamp`, a column's name), when it has one.
        public var name: String?

        /// A refusal of `item`, saying why; `code`, `row` and `name` say the same for an app to word.
        public init(item: String, reason: String, code: String? = nil, row: Int? = nil, name: String? = nil) {
            self.item = item
            self.reason = reason
            self.code = code
            self.row = row
            self.name = name
        }
    }

    /// A report with these counts and refusals.
    public init(imported: [String: Int] = [:], skipped: [String: Int] = [:], refused: [Refusal] = []) {
        self.imported = imported
        self.skipped = skipped
        self.refused = refused
    }

    /// Counts one more record of `kind` stored.
    public mutating func countImported(_ kind: String) {
        imported[kind, default: 0] += 1
    }

    /// Counts one more record of `kind` left out as already there.
    public mutating func countSkipped(_ kind: String) {
        skipped[kind, default: 0] += 1
    }

    /// Lists `item` as refused for `reason`.
    public mutating func refuse(_ item: String, reason: String) {
        refused.append(Refusal(item: item, reason: reason))
    }

    /// Lists `item` as refused for breaking the rule of `error`, with its code, row and name.
    public mutating func refuse(_ item: ImportedWish, for error: ValidationError) {
        refused.append(Refusal(item: item.item, reason: error.message, code: error.code, row: item.row, name: item.name))
    }
}

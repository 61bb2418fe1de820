/// What an import did: how many records of each kind were added, how many were there already
/// (skipped, unchanged), and which were refused and why. Kinds are named as the export's files
/// name them: `wishes`, `journalEntries`, `photos`, `gifFavorites`, `recentSearches`.
public struct ImportReport: Codable, Sendable, Equatable {
    /// One record that was not imported.
    public struct Refusal: Codable, Sendable, Equatable {
        /// The record, e.g. `wish 5f0c…`.
        public var item: String
        public var reason: String

        /// A refusal of `item`, saying why.
        public init(item: String, reason: String) {
            self.item = item
            self.reason = reason
        }
    }

    /// Records added, by kind.
    public var imported: [String: Int]
    /// Records the account had already, by kind: left as they were.
    public var skipped: [String: Int]
    public var refused: [Refusal]

    /// A report with these counts and refusals.
    public init(imported: [String: Int] = [:], skipped: [String: Int] = [:], refused: [Refusal] = []) {
        self.imported = imported
        self.skipped = skipped
        self.refused = refused
    }
}

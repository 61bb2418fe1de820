/// What a reader accepts of an archive. Sizes are counted as the entries are inflated, never
/// taken from what the archive's headers claim.
public struct ArchiveLimits: Sendable, Equatable {
    public var maximumEntries: Int
    public var maximumEntryBytes: Int
    public var maximumTotalBytes: Int
    /// The most the inflated bytes read so far may be, as a multiple of the archive's bytes read so
    /// far (checked once more than `ratioGraceBytes` have been inflated: small files compress well too).
    public var maximumCompressionRatio: Int
    public var ratioGraceBytes: Int

    public init(
        maximumEntries: Int, maximumEntryBytes: Int, maximumTotalBytes: Int, maximumCompressionRatio: Int = 200,
        ratioGraceBytes: Int = 1 << 20
    ) {
        self.maximumEntries = maximumEntries
        self.maximumEntryBytes = maximumEntryBytes
        self.maximumTotalBytes = maximumTotalBytes
        self.maximumCompressionRatio = maximumCompressionRatio
        self.ratioGraceBytes = ratioGraceBytes
    }
}

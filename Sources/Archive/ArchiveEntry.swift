/// A file in an archive as a reader hands it out: its checked, normalised path (relative, `/`
/// between components, no `.` or `..`) and the size its header claims, which is not trusted.
public struct ArchiveEntry: Sendable, Equatable {
    public let path: String
    public let claimedSize: Int?
}

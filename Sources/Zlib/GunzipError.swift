/// Why a gzip file could not be read.
public enum GunzipError: Error, Sendable, Equatable {
    /// Not a complete gzip stream: damaged or cut short.
    case corrupt
    /// It decompresses to more than the caller allowed.
    case tooLarge(limit: Int)
}

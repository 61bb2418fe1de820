import Foundation

/// One object as a listing or a HEAD describes it.
public struct S3Object: Sendable, Equatable {
    /// The key, without the store's prefix.
    public let key: String
    public let size: Int
    /// When the object was last written, by the store's clock, to the second.
    public let lastModified: Date
}

import Foundation
import WishlistCore

/// What `WishRepository.importWishes` did: the report for the person, and the new wishes that
/// have a link, whose previews the server fetches afterwards.
public struct WishImport: Sendable, Hashable {
    public var report: ImportReport
    public var linkedWishIDs: [UUID]
}

import Foundation
import Imaging

@testable import WishlistStore

/// Where the files of a library kept in a folder (`MediaFolder`, as `TestStore`'s is) are, for
/// the tests that look at the folder itself.
extension PhotoFiles {
    var root: URL { (media as! MediaFolder).root }

    func originalPath(_ sha256: String) -> String {
        root.appendingPathComponent(Self.originalName(sha256)).path
    }

    func renditionPath(_ id: UUID, revision: Int, size: RenditionSize) -> String {
        root.appendingPathComponent(Self.renditionName(id, revision: revision, size: size)).path
    }

    func renditionsFolder(_ id: UUID) -> URL {
        root.appendingPathComponent(Self.renditionsFolderName(id.lowercasedString))
    }
}

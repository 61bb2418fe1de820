import Foundation
import WishlistCore
import WishlistStore

extension PhotoLibrary {
    /// Puts `count` photos on the account's newest wishes, one a wish, for benchmarks (the export's
    /// memory check): each from one of `files` in turn, made a distinct original by a counter after
    /// the image's end (a JPEG's decoders stop at its end marker), filed and rendered as an upload is.
    package func generateBenchmarkPhotos(owner: UserKey, count: Int, from files: [String], on wishes: WishRepository) throws {
        let images = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        for (index, wishID) in try wishes.newestIDs(owner: owner, count: count).enumerated() {
            let photo = try add([.bytes(images[index % images.count] + Data("benchmark photo \(index)".utf8))], owner: owner)[0]
            try wishes.attachGeneratedPhotos([photo.id], toWish: wishID, owner: owner)
        }
    }
}

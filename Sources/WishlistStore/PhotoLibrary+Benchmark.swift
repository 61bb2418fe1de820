import Foundation
import WishlistCore

extension PhotoLibrary {
    /// Puts `count` photos on the account's newest wishes, one a wish, for benchmarks (the export's
    /// memory check): each from one of `files` in turn, made a distinct original by a counter after
    /// the image's end (a JPEG's decoders stop at its end marker), filed and rendered as an upload is.
    public func generateBenchmarkPhotos(owner: UserKey, count: Int, from files: [String]) throws {
        let images = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let wishRows: [Int64] = try store.pool.read { db in
            try db.query(
                "SELECT id FROM wishes WHERE owner_id = ? ORDER BY created_at DESC, id DESC LIMIT ?", [owner.rawValue, count]
            ).map { try $0["id"] }
        }
        for (index, rowID) in wishRows.enumerated() {
            let photo = try add([.bytes(images[index % images.count] + Data("benchmark photo \(index)".utf8))], owner: owner)[0]
            _ = try store.pool.write { db in
                try PhotoRepository.attach([photo.id], to: .wish, rowID: rowID, owner: owner, db)
            }
        }
    }
}

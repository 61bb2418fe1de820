import Foundation
import Giphy
import WishlistCore
import WishlistStore

/// The GIF features (G1–G10) on Giphy: pages of results, favorites, and wishes made from GIFs.
///
/// A GIF's details — its urls above all — only ever come from Giphy, through `giphy`'s cache or a
/// lookup by id; nothing a client sends about a GIF but its id is used.
struct GifService: Sendable {
    /// nil when the server has no Giphy key: everything that needs Giphy answers 503.
    let giphy: GiphyClient?
    let favorites: GifFavoriteRepository
    let wishes: WishRepository
    let photos: PhotoLibrary

    func search(_ query: String, offset: Int, language: String?) throws -> GifPage {
        GifPage(try ask { giphy throws(GiphyError) in try await giphy.search(query, offset: offset, language: language) })
    }

    func trending(offset: Int) throws -> GifPage {
        GifPage(try ask { giphy throws(GiphyError) in try await giphy.trending(offset: offset) })
    }

    /// Keeps the GIF among the account's favorites, as Giphy describes it.
    /// - Throws: `GifFavoriteError.full` for the 21st; the GIF's `GifError`s.
    func favorite(_ id: String, owner: UserKey, now: Date) throws -> FavoriteGif {
        let gif = Gif(try ask { giphy throws(GiphyError) in try await giphy.gif(id: id) })
        return try favorites.add(gif, owner: owner, now: now)
    }

    /// A new wish named after the GIF, linking to its Giphy page, with the GIF as its photo: the
    /// animation is the photo's original (libvips keeps every frame) and its renditions show the
    /// first frame.
    func saveAsWish(_ id: String, owner: UserKey, now: Date) throws -> Wish {
        let (gif, animation) = try ask { giphy throws(GiphyError) in
            let gif = try await giphy.gif(id: id)
            return (gif, try await giphy.animationData(of: gif))
        }
        let added = try photos.add([.bytes(Data(animation))], owner: owner, now: now)
        do {
            return try wishes.create(
                WishDraft(name: Gif(gif).wishName, link: gif.pageURL.absoluteString, photoIDs: added.map(\.id)),
                owner: owner, now: now)
        } catch {
            try? photos.release(added.map(\.id), owner: owner)
            throw error
        }
    }

    /// Runs `work` on the Giphy client, waiting for it on this worker thread, with Giphy's errors
    /// turned into the API's.
    private func ask<Value: Sendable>(
        _ work: @escaping @Sendable (GiphyClient) async throws(GiphyError) -> Value
    ) throws -> Value {
        guard let giphy else { throw GifError.notConfigured }
        let result = blocking { () -> Result<Value, GiphyError> in
            do throws(GiphyError) { return .success(try await work(giphy)) } catch { return .failure(error) }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw GifError(error)
        }
    }
}

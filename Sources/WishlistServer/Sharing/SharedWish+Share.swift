import Foundation
import WishlistCore
import WishlistStore

extension SharedWish {
    /// `wish` as `share` shows it through `token`: hidden fields left out, photos served through
    /// the share, and the reservation only when one is given (never for the owner).
    init(_ wish: Wish, share: OpenShare, token: String, reservation: ReservationState?) throws {
        self.init(
            id: wish.id, name: wish.name, memo: share.showMemos ? wish.memo : nil, link: wish.link,
            price: share.showPrices ? wish.price : nil, tags: wish.tags,
            photos: try wish.photos.map { try Self.photo($0, token: token) }, place: share.showPlaces ? wish.place : nil)
        switch reservation {
        case nil: break
        case .open: reserved = false
        case .reserved(let name):
            reserved = true
            reservedBy = name
        }
    }

    /// The photo with its renditions' paths through the share, versioned as the owner's are.
    private static func photo(_ photo: Photo, token: String) throws -> SharedPhoto {
        let version = URLComponents(string: photo.urls.thumb)?.queryItems?.first { $0.name == "v" }?.value
        func path(_ size: Photo.Size) throws -> String {
            try APIRoute.Sharing.media.path(
                ["token": token, "photoId": photo.id.uuidString.lowercased(), "size": size.rawValue],
                query: version.map { [URLQueryItem(name: "v", value: $0)] } ?? [])
        }
        return SharedPhoto(
            id: photo.id, width: photo.width, height: photo.height,
            urls: .init(thumb: try path(.thumb), medium: try path(.medium), large: try path(.large)))
    }
}

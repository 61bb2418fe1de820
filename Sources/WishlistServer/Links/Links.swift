import Foundation
import LinkPreview
import Outbound
import WishlistCore
import WishlistStore

/// The product's use of links (X4, X10, W7): previews, prices recorded on wishes, and a
/// preview's image kept as a wish's photo. Every fetch goes through one `OutboundClient`.
struct Links: Sendable {
    let previewer: LinkPreviewer
    let client: OutboundClient
    let wishes: WishRepository
    let photos: PhotoLibrary
    let clock: @Sendable () -> Date

    init(client: OutboundClient, wishes: WishRepository, photos: PhotoLibrary, clock: @escaping @Sendable () -> Date) {
        self.client = client
        previewer = LinkPreviewer(client: client)
        self.wishes = wishes
        self.photos = photos
        self.clock = clock
    }

    /// The preview of `text` (an http or https URL); waits for the fetch on this worker thread.
    /// - Parameter refetch: fetch the page even when a preview of it is cached.
    func preview(_ text: String, refetch: Bool = false, cancellation: OutboundCancellation? = nil) throws -> PagePreview {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw LinkError(.invalidURL(text))
        }
        let previewer = self.previewer
        return try blocking { () -> Result<PagePreview, LinkPreviewError> in
            do throws(LinkPreviewError) {
                return .success(try await previewer.preview(of: url, refetch: refetch, cancellation: cancellation))
            } catch { return .failure(error) }
        }.mapError(LinkError.init).get()
    }

    /// Fetches the wish's link again and records its price if it changed; answers the wish.
    /// - Parameter addPhoto: also put the page's image on a wish that has no photo (the CLI's
    ///   `wish add --link`); never for the daily refresh, since a person may have removed it.
    /// - Parameter cancellation: gives up the page and the image fetched for it.
    func refresh(_ id: UUID, owner: UserKey, addPhoto: Bool = false, cancellation: OutboundCancellation? = nil) throws -> Wish {
        guard var wish = try wishes.get(id, owner: owner) else { throw NotFoundError("wish") }
        guard let link = wish.link, !link.isEmpty else { throw LinkError.noLink }
        let preview = try preview(link, refetch: true, cancellation: cancellation)
        if addPhoto, wish.photos.isEmpty, let photo = photo(of: preview, owner: owner, cancellation: cancellation) {
            wish = try photos.update(\.wishes, id, owner: owner, with: WishPatch(photoIDs: [photo.id]), now: clock().inWholeMilliseconds)
        }
        return try record(preview.price, on: wish, owner: owner)
    }

    /// Stores `price` on the wish when there is one; answers the wish as it now is.
    func record(_ price: PreviewPrice?, on wish: Wish, owner: UserKey) throws -> Wish {
        guard let price else { return wish }
        return try wishes.recordPrice(price.amount, currency: price.currency, on: wish.id, owner: owner, now: clock().inWholeMilliseconds)
    }

    /// A new wish from what was shared (W7): named as the person set it on the share screen, else
    /// from the page's title, else the shared title, else the link's host; with the link, the page's price, and the shared images or else
    /// the page's image as photos. A page that cannot be fetched, or an image that cannot be read,
    /// costs only what it would have added: everything shared is kept, text that is more than the
    /// link goes to the memo.
    func wish(from shared: SharedItem, owner: UserKey) throws -> Wish {
        let preview = shared.link.flatMap { try? self.preview($0) }
        let host = shared.link.flatMap { URLComponents(string: $0)?.host }
        let name =
            [shared.name, preview?.title, shared.title, host].compactMap { $0 }.first
            ?? "Shared \(shared.files.isEmpty ? "link" : "photo")"
        let memo = shared.text.flatMap { text -> String? in
            let rest = shared.link.map { text.replacingOccurrences(of: $0, with: "") } ?? text
            return rest.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
        }
        let now = clock().inWholeMilliseconds
        let photoIDs =
            shared.files.isEmpty
            ? [preview.flatMap { photo(of: $0, owner: owner) }].compactMap { $0?.id }
            : shared.files.compactMap { try? photos.add([.bytes($0)], owner: owner, now: now).first?.id }
        let draft = WishDraft(
            name: String(name.prefix(WishRules.nameLimit)), memo: memo.map { String($0.prefix(WishRules.memoLimit)) },
            link: shared.link.map { String($0.prefix(WishRules.linkLimit)) }, photoIDs: Array(photoIDs.prefix(WishRules.photoLimit)))
        return try record(preview?.price, on: try wishes.create(draft, owner: owner, now: now), owner: owner)
    }

    /// The preview's image as a new photo of `owner` (not yet on a wish); nil when there is none
    /// or it cannot be fetched or read, since a wish is worth making without it.
    func photo(of preview: PagePreview, owner: UserKey, cancellation: OutboundCancellation? = nil) -> Photo? {
        preview.image.flatMap { try? photo(at: $0.absoluteString, owner: owner, cancellation: cancellation) }
    }

    /// The image at `text` fetched (under the same address rules as pages) into a new photo of
    /// `owner`, on no record yet: what the editor's "use this image" keeps.
    func photo(at text: String, owner: UserKey, cancellation: OutboundCancellation? = nil) throws -> Photo {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            ["http", "https"].contains(url.scheme?.lowercased()), url.host?.isEmpty == false
        else { throw LinkError(.invalidURL(text)) }
        let client = self.client
        let response = try blocking { () -> Result<OutboundResponse, LinkPreviewError> in
            do throws(OutboundError) {
                return .success(try await client.get(url, accept: "image/*", cancellation: cancellation))
            } catch { return .failure(LinkPreviewError(error, requestedURL: url)) }
        }.mapError(LinkError.init).get()
        guard (200..<300).contains(response.status) else {
            throw LinkError(.unreachable("the image answered HTTP \(response.status)"))
        }
        guard response.mediaType?.hasPrefix("image/") == true else { throw LinkError.notImage(response.mediaType) }
        guard let photo = try photos.add([.bytes(Data(response.body))], owner: owner, now: clock().inWholeMilliseconds).first
        else { throw LinkError.notImage(response.mediaType) }
        return photo
    }
}

extension LinkPreviewResult {
    init(_ preview: PagePreview) {
        self.init(
            url: preview.url.absoluteString, canonicalUrl: preview.canonicalURL.absoluteString, title: preview.title,
            description: preview.description, image: preview.image?.absoluteString, siteName: preview.siteName,
            favicon: preview.favicon?.absoluteString, price: preview.price.map { Price(amount: $0.amount, currency: $0.currency) },
            lang: preview.language)
    }
}

import Foundation
import HTTPServer
import LinkPreview
import WishlistCore
import WishlistStore

/// Moving in from other apps (X11): a browser's bookmark file or a CSV of wishes, each item
/// a new wish; the answer is the `ImportReport`. Links are previewed afterwards, in the background.
struct ImportsController: Sendable {
    /// Browsers' bookmark files carry an icon per link; ten thousand links fit in this.
    static let maximumFileBytes = 16 << 20

    let wishes: WishRepository
    let linkPreviews: ImportedLinkPreviews
    let authenticator: Authenticator
    let limits: RateLimiter
    let clock: @Sendable () -> Date

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.add(APIRoute.Archive.importBookmarks, bodyLimit: Self.maximumFileBytes, limits.limited(.imports, bookmarks))
            routes.add(APIRoute.Archive.importCSV, bodyLimit: Self.maximumFileBytes, limits.limited(.imports, csv))
        }
    }

    func bookmarks(_ request: Request, _ account: Account) throws -> Response {
        let data = try Self.file(of: request, mediaType: "text/html", named: "A bookmark file")
        let bookmarks: [Bookmark]
        do {
            bookmarks = try BookmarkFile.bookmarks(in: [UInt8](data), limit: ImportedWish.limit)
        } catch {
            throw ImportFileError(error)
        }
        return .api(try store(bookmarks.map(ImportedWish.init), refused: [], owner: account.key))
    }

    func csv(_ request: Request, _ account: Account) throws -> Response {
        let file = try WishCSV.read(try Self.file(of: request, mediaType: "text/csv", named: "A CSV file"))
        return .api(try store(file.items, refused: file.refused, owner: account.key))
    }

    /// The items stored, what the file reader left out listed first, and the new links queued
    /// for their previews.
    private func store(_ items: [ImportedWish], refused: [ImportReport.Refusal], owner: UserKey) throws -> ImportReport {
        let result = try wishes.importWishes(items, owner: owner, now: clock().inWholeMilliseconds)
        linkPreviews.enqueue(result.linkedWishIDs, owner: owner)
        var report = result.report
        report.refused = refused + report.refused
        return report
    }

    /// The body, when it has the media type the route takes.
    private static func file(of request: Request, mediaType: String, named what: String) throws -> Data {
        guard request.mediaType == mediaType else {
            throw HTTPError(
                .unsupportedMediaType, code: "unsupported_media_type",
                message: "\(what) is sent as \(mediaType) (Content-Type: \(mediaType)).")
        }
        return try request.body.data()
    }
}

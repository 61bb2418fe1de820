import Foundation
import Geocoding
import HTTPServer
import WishlistCore
import WishlistStore

/// Uploading photos, editing them without touching the original, and serving their files
/// (W2, W8, W12, W14).
struct PhotosController: Sendable {
    /// One request may carry this many photos, as a wish may hold.
    static let maximumFiles = 20
    static let maximumRequestBytes = 200 << 20

    let library: PhotoLibrary
    let places: PlaceSearch
    let authenticator: Authenticator
    let limits: RateLimiter
    let clock: @Sendable () -> Date

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.add(APIRoute.Photos.upload, bodyLimit: Self.maximumRequestBytes, limits.limited(.uploads, upload))
            routes.add(APIRoute.Photos.show, show)
            routes.add(APIRoute.Photos.delete, delete)
            routes.add(APIRoute.Photos.edit) { request, account in
                try setEdit(request.apiBody(PhotoEditRequest.self), request, account)
            }
            routes.add(APIRoute.Photos.resetEdit) { request, account in try setEdit(nil, request, account) }
            routes.add(APIRoute.Photos.media, file)
        }
    }

    struct Uploaded: Encodable {
        let items: [Photo]
        let suggestedPlace: Place?

        private enum CodingKeys: String, CodingKey { case items, suggestedPlace }

        /// `suggestedPlace` is always there, null when no photo had a place.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(items, forKey: .items)
            try container.encode(suggestedPlace, forKey: .suggestedPlace)
        }
    }

    /// Every file is checked before any is kept, so a bad file among good ones keeps nothing.
    func upload(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        let form = try request.multipartForm(maxParts: Self.maximumFiles + 5)
        defer { form.removeTemporaryFiles() }
        let files = form.parts.filter(\.isFile)
        guard !files.isEmpty else {
            throw ValidationError(field: "file", code: "no_photos", message: "Send one or more photos as 'file' parts.")
        }
        guard files.count <= Self.maximumFiles else {
            throw ValidationError(
                field: "file", code: "too_many_photos", message: "At most \(Self.maximumFiles) photos can be sent at once.")
        }
        let photos = try library.add(files.map(Self.source), owner: owner, now: clock().inWholeMilliseconds)
        let suggested = photos.lazy.compactMap(\.gps).first.flatMap(suggestedPlace)
        return .api(Uploaded(items: photos, suggestedPlace: suggested), status: .created)
    }

    /// A part spooled to disk is read from there; a small one was kept in memory.
    private static func source(_ part: MultipartPart) -> PhotoSource {
        switch part.body {
        case .file(let path, _): .file(path: path)
        case .memory(let data): .bytes(data)
        case .empty: .bytes(Data())
        }
    }

    func show(_ request: Request, _ account: Account) throws -> Response {
        .api(try library.photo(try Self.id(request), owner: account.key))
    }

    /// Deletes a photo that is on no wish or entry (e.g. uploaded, then dropped before saving the wish).
    func delete(_ request: Request, _ account: Account) throws -> Response {
        try library.delete(try Self.id(request), owner: account.key)
        return Response(status: .noContent)
    }

    /// Applies an edit to the original (nil: none) as a new revision; the original never changes.
    func setEdit(_ edit: PhotoEditRequest?, _ request: Request, _ account: Account) throws -> Response {
        .api(try library.edit(try Self.id(request), edit, owner: account.key))
    }

    /// `/media/{id}/{size}`: only the owner may read; a path naming the current revision (or the
    /// original's digest) is cached forever, any other is revalidated.
    func file(_ request: Request, _ account: Account) throws -> Response {
        guard let size = request.parameters["size"].flatMap(Photo.Size.init(rawValue:)) else {
            throw HTTPError(
                .notFound, code: "not_found", message: "There is no such photo size: use thumb, medium, large, full or original.")
        }
        let id = try Self.id(request)
        let file = try library.media(id, size: size, owner: account.key)
        let current = request.query["v"] == file.version
        var response = Response.file(
            path: file.path, contentType: file.contentType, request: request,
            cacheControl: current ? "private, max-age=31536000, immutable" : "private, no-cache",
            etag: "\(id.uuidString.lowercased())-\(size.rawValue)-\(file.version)")
        Self.confine(&response, file, size: size)
        return response
    }

    /// Raster formats a browser shows as a picture and can never run: what the upload accepts (each
    /// file sniffed and decoded, never named by the client) and what renditions are made in.
    static let rasterTypes: Set = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/heic"]

    /// Makes a media answer safe to open on its own, whatever bytes it holds: no policy lets it run
    /// or load anything (`sandbox` also gives it an origin of its own), a raster image is shown with
    /// a name of our making, and anything else is only ever downloaded.
    static func confine(_ response: inout Response, _ file: MediaFile, size: Photo.Size) {
        response.headers["Content-Security-Policy"] = "default-src 'none'; sandbox"
        let filename = file.filename ?? "photo-\(size.rawValue).jpg"
        let disposition = rasterTypes.contains(file.contentType) ? "inline" : "attachment"
        response.headers["Content-Disposition"] = "\(disposition); filename=\"\(filename)\""
    }

    // MARK: Helpers

    /// The `{id}` of the path; a malformed id is "not found", like any id this account does not have.
    private static func id(_ request: Request) throws -> UUID {
        guard let id = request.idParameter else { throw NotFoundError("photo") }
        return id
    }

    /// A photo's GPS as a place named by the nearest known city.
    private func suggestedPlace(_ gps: Photo.GPS) -> Place? {
        guard let nearest = try? places.offline.reverse(latitude: gps.latitude, longitude: gps.longitude) else {
            return nil
        }
        // Named by the city, but where the photo was taken.
        var place = Place(nearest.place, source: .photo)
        (place.latitude, place.longitude) = (gps.latitude, gps.longitude)
        return place
    }
}

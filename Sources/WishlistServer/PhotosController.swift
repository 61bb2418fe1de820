import Foundation
import Geocoding
import HTTPServer
import Imaging
import WishlistCore
import WishlistStore

/// Uploading photos, editing them without touching the original, and serving their files
/// (SPEC W2, W8, W12, W14).
struct PhotosController: Sendable {
    /// One request may carry this many photos, as a wish may hold.
    static let maximumFiles = 20
    static let maximumRequestBytes = 200 << 20

    let photos: PhotoRepository
    let media: MediaStore
    let places: PlaceSearch
    let authenticator: Authenticator
    let clock: @Sendable () -> Date

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.post("/api/v1/photos", bodyLimit: Self.maximumRequestBytes, upload)
            routes.get("/api/v1/photos/{id}", show)
            routes.delete("/api/v1/photos/{id}", delete)
            routes.put("/api/v1/photos/{id}/edit") { request, account in
                try setEdit(request.apiBody(PhotoEditRequest.self), request, account)
            }
            routes.delete("/api/v1/photos/{id}/edit") { request, account in try setEdit(nil, request, account) }
            routes.get("/media/{id}/{size}", file)
        }
    }

    struct Uploaded: Encodable {
        let items: [Photo]
        let suggestedPlace: Place?
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
        var checked: [MediaStore.CheckedUpload] = []
        defer { for upload in checked where upload.isCopy { try? FileManager.default.removeItem(atPath: upload.path) } }
        for file in files { checked.append(try media.check(file)) }

        var stored: [StoredPhoto] = []
        do {
            for upload in checked {
                stored.append(try photos.create(try media.add(upload), owner: owner, now: clock().inWholeMilliseconds))
            }
        } catch {
            try? media.remove(try photos.delete(stored.map(\.photo.id), owner: owner), store: photos)
            throw error
        }
        let suggested = stored.lazy.compactMap(\.photo.gps).first.flatMap(suggestedPlace)
        return .api(Uploaded(items: stored.map(\.photo), suggestedPlace: suggested), status: .created)
    }

    func show(_ request: Request, _ account: Account) throws -> Response {
        .api(try stored(request, account).photo)
    }

    /// Deletes a photo that is on no wish (e.g. uploaded, then dropped before saving the wish).
    func delete(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        let photo = try stored(request, account)
        guard !photo.isAttached else {
            throw HTTPError(
                .conflict, code: "photo_in_use",
                message: "This photo is on a wish; take it off the wish (photoIds) to delete it.")
        }
        try media.remove(try photos.delete([photo.photo.id], owner: owner), store: photos)
        return Response(status: .noContent)
    }

    /// Applies an edit to the original (nil: none) as a new revision; the original never changes.
    func setEdit(_ edit: PhotoEditRequest?, _ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        let current = try stored(request, account)
        let validated = try edit?.validated(originalWidth: current.originalWidth, originalHeight: current.originalHeight)
        let id = current.photo.id
        try media.render(id, revision: current.revision + 1, sha256: current.sha256, edit: validated)
        let width = validated?.crop?.width ?? current.originalWidth
        let height = validated?.crop?.height ?? current.originalHeight
        let turned = (validated?.rotate ?? 0) % 180 != 0
        let updated = try photos.setEdit(
            validated, width: turned ? height : width, height: turned ? width : height, of: id, owner: owner)
        media.removeRenditions(of: id, keeping: updated.revision)
        return .api(updated.photo)
    }

    /// `/media/{id}/{size}`: only the owner may read; a path naming the current revision (or the
    /// original's digest) is cached forever, any other is revalidated.
    func file(_ request: Request, _ account: Account) throws -> Response {
        let photo = try stored(request, account)
        guard let size = request.parameters["size"].flatMap(Photo.Size.init(rawValue:)) else {
            throw HTTPError(
                .notFound, code: "not_found", message: "There is no such photo size: use thumb, medium, large or original.")
        }
        let path: String, contentType: String, version: String
        if let rendition = RenditionSize(rawValue: size.rawValue) {
            path = media.renditionPath(photo.photo.id, revision: photo.revision, size: rendition)
            contentType = "image/jpeg"
            version = String(photo.revision)
        } else {
            path = media.originalPath(photo.sha256)
            contentType = ImageFormat(rawValue: photo.format)?.mimeType ?? "application/octet-stream"
            version = String(photo.sha256.prefix(16))
        }
        let current = request.query["v"] == version
        var response = Response.file(
            path: path, contentType: contentType, request: request,
            cacheControl: current ? "private, max-age=31536000, immutable" : "private, no-cache",
            etag: "\(photo.photo.id.uuidString.lowercased())-\(size.rawValue)-\(version)")
        if size == .original {
            response.headers["Content-Disposition"] = "inline; filename=\"photo.\(ImageFormat(rawValue: photo.format)?.fileExtension ?? "bin")\""
        }
        return response
    }

    // MARK: Helpers

    private func stored(_ request: Request, _ account: Account) throws -> StoredPhoto {
        guard let id = request.idParameter,
            let photo = try photos.get(id, owner: account.key)
        else { throw NotFoundError("photo") }
        return photo
    }

    /// A photo's GPS as a place named by the nearest known city.
    private func suggestedPlace(_ gps: Photo.GPS) -> Place? {
        guard let nearest = try? places.offline.reverse(latitude: gps.latitude, longitude: gps.longitude) else {
            return nil
        }
        // Named by the city, but where the photo was taken.
        var place = PlacesController.wishPlace(nearest.place, source: .photo)
        (place.latitude, place.longitude) = (gps.latitude, gps.longitude)
        return place
    }
}

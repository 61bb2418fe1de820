import Foundation
import WishlistCore

extension WishlistClient {
    /// A file to upload: its name (the server decides the type from the bytes) and its contents.
    public struct PhotoFile: Sendable {
        /// The file's name, shown nowhere but kept with the original.
        public let filename: String
        /// The file's bytes.
        public let data: Data

        /// A file named `filename` holding `data`.
        public init(filename: String, data: Data) {
            self.filename = filename
            self.data = data
        }
    }

    /// The answer to an upload: the photos, and a place suggested by the first photo's GPS.
    public struct UploadedPhotos: Decodable, Sendable {
        /// The new photos, in the order the files were given.
        public let items: [Photo]
        /// Where the first photo was taken, when it says so (GPS in its EXIF).
        public let suggestedPlace: Place?
    }

    /// Uploads photos in one request (JPEG, PNG, WebP, GIF or HEIC); put their ids on a wish
    /// with `createWish` or `updateWish`.
    public func uploadPhotos(_ files: [PhotoFile]) async throws -> UploadedPhotos {
        let boundary = "wishlist-\(UUID().uuidString)"
        var body = Data()
        for file in files {
            let name = file.filename.replacingOccurrences(of: "\"", with: "_")
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n".utf8))
            body.append(Data("Content-Type: application/octet-stream\r\n\r\n".utf8))
            body.append(file.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        let route = APIRoute.Photos.upload
        let answer = try await send(route, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
        return try Self.decoded(answer, to: route.method.rawValue, route.template)
    }

    /// One photo: its size, edit and image paths.
    public func photo(_ id: UUID) async throws -> Photo {
        try await request(APIRoute.Photos.show, Self.id(id))
    }

    /// Crops (in the upright original's pixels) then rotates; the original is kept.
    public func editPhoto(_ id: UUID, _ edit: PhotoEditRequest) async throws -> Photo {
        try await request(APIRoute.Photos.edit, Self.id(id), json: edit)
    }

    /// Undoes every edit.
    public func resetPhoto(_ id: UUID) async throws -> Photo {
        try await request(APIRoute.Photos.resetEdit, Self.id(id))
    }

    /// One of a photo's images as the server serves it (`/media/{id}/{size}`): the original byte
    /// for byte, or a rendition; its `content-type` header says the format.
    public func photoFile(_ id: UUID, size: Photo.Size) async throws -> HTTPAnswer {
        let answer = try await send(
            APIRoute.Photos.media, ["id": id.uuidString.lowercased(), "size": size.rawValue], contentType: nil)
        try Self.check(answer)
        return answer
    }

    /// Deletes a photo that is on no wish.
    public func deletePhoto(_ id: UUID) async throws {
        try await requestWithoutAnswer(APIRoute.Photos.delete, Self.id(id))
    }
}

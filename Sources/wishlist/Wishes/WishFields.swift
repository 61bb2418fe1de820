import Foundation
import WishlistClient
import WishlistCore

/// What `wish add` and `wish edit` both set — the memo, the link, new photos from files and the
/// place — declared and read once, and turned into what the API takes: uploaded photo ids and a
/// place found by name or at a point.
struct WishFields {
    static let memoOption = Option("--memo", "TEXT", help: "A note.")
    static let linkOption = Option("--link", "URL", help: "An http(s) address.")
    static let photoOption = Option(
        "--photo", "FILE", help: "A photo to add (JPEG, PNG, WebP, GIF or HEIC); repeat for more.", repeatable: true)
    static let placeOption = Option(
        "--place", "NAME", help: "A place: the best match of the server's place search, or the name of the point given.")
    static let latitudeOption = Option("--place-lat", "LAT", help: "The place's latitude, -90 to 90.", format: .latitude)
    static let longitudeOption = Option("--place-lng", "LNG", help: "The place's longitude, -180 to 180.", format: .longitude)

    static let arguments: [any ArgumentDeclaration] = [
        memoOption, linkOption, photoOption, placeOption, latitudeOption, longitudeOption
    ]

    /// The API's fields these set, where the option is spelled otherwise.
    static let apiFields: [String: any ArgumentDeclaration] = [
        "place.name": placeOption, "place.latitude": latitudeOption, "place.longitude": longitudeOption
    ]

    var memo: String?
    var link: String?
    var photoFiles: [String]
    private var placeName: String?
    private var point: (latitude: Double, longitude: Double)?

    init(_ arguments: inout Arguments) throws {
        memo = try arguments.option(Self.memoOption)
        link = try arguments.option(Self.linkOption)
        photoFiles = try arguments.options(Self.photoOption)
        placeName = try arguments.option(Self.placeOption)
        switch (try arguments.option(Self.latitudeOption), try arguments.option(Self.longitudeOption)) {
        case (nil, nil): point = nil
        case (let latitude?, let longitude?): point = (latitude, longitude)
        default: throw UsageError("Give --place-lat and --place-lng together.")
        }
    }

    /// Whether a place was asked for.
    var hasPlace: Bool { placeName != nil || point != nil }

    /// Uploads the photo files one at a time (one in memory at a time, and progress to show on a
    /// terminal) and returns their ids, in the order given. When one fails, the ones already
    /// uploaded are deleted again: they are on no wish yet.
    func uploadPhotos(_ client: WishlistClient) async throws -> [UUID] {
        guard !photoFiles.isEmpty else { return [] }
        // Every file is checked before anything is sent.
        let sizes = try photoFiles.map { path in
            guard FileManager.default.isReadableFile(atPath: path),
                let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
            else { throw Self.unreadable(path) }
            return size
        }
        let progress = ProgressBar(title: "Uploading photos", total: sizes.reduce(0, +))
        defer { progress.finish() }
        var ids: [UUID] = []
        do {
            for (index, path) in photoFiles.enumerated() {
                progress.show(sizes[..<index].reduce(0, +), label: "\(index)/\(photoFiles.count)")
                guard let data = FileManager.default.contents(atPath: path) else { throw Self.unreadable(path) }
                let file = WishlistClient.PhotoFile(filename: (path as NSString).lastPathComponent, data: data)
                ids += try await client.uploadPhotos([file]).items.map(\.id)
            }
        } catch {
            for id in ids { try? await client.deletePhoto(id) }
            throw error
        }
        progress.show(progress.total, label: "\(ids.count)/\(photoFiles.count)")
        return ids
    }

    private static func unreadable(_ path: String) -> CommandFailure {
        CommandFailure("Cannot read the photo '\(path)'.")
    }

    /// The place asked for: the point given (named by `--place`, else by the nearest known place),
    /// or the best match of the place search, said on `output` so the person sees what was chosen.
    func place(_ client: WishlistClient, output: Output) async throws -> Place? {
        if let point {
            let name: String
            if let placeName {
                name = placeName
            } else {
                name = try await client.reversePlace(latitude: point.latitude, longitude: point.longitude).name
            }
            return Place(name: name, latitude: point.latitude, longitude: point.longitude, source: .manual)
        }
        guard let placeName else { return nil }
        guard let found = try await client.searchPlaces(placeName, limit: 1).first else {
            throw CommandFailure("No place called '\(placeName)' was found; give --place-lat and --place-lng.")
        }
        output.note("Place: \(PlacesSearchCommand.describe(found))")
        return Place(
            name: found.name, address: [found.admin, found.country].compactMap { $0 }.joined(separator: ", "),
            latitude: found.latitude, longitude: found.longitude, source: .search)
    }
}

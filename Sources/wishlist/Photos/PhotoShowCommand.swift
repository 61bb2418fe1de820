import Foundation
import WishlistClient
import WishlistCore

/// `wishlist photo show ID`.
struct PhotoShowCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "show", abstract: "Show a photo's size, edit, date and where it was taken.",
            arguments: RecordRequest.arguments(PhotoCommand.idArgument))
    }

    let request: RecordRequest

    init(parsing arguments: inout Arguments) throws {
        request = try RecordRequest(&arguments, id: PhotoCommand.idArgument)
    }

    func run() async throws {
        try await request.send({ try await $0.photo($1) }, describe: Self.details)
    }

    /// Everything on a photo, one field a line.
    static func details(_ photo: Photo) -> String {
        var lines = [
            "id:       \(photo.id.uuidString.lowercased())",
            "size:     \(photo.width)×\(photo.height) (original \(photo.originalWidth)×\(photo.originalHeight))"
        ]
        if let edit = photo.edit {
            let crop = edit.crop.map { " cropped to \($0.width)×\($0.height) at \($0.x),\($0.y)," } ?? ""
            lines.append("edit:    \(crop) turned \(edit.rotate)°")
        }
        if photo.animated { lines.append("animated: yes (its original is an animation; `wishlist photo download ID` saves it)") }
        if let takenAt = photo.takenAt { lines.append("taken:    \(takenAt.iso8601String)") }
        if let gps = photo.gps { lines.append("gps:      \(gps.latitude), \(gps.longitude)") }
        return lines.joined(separator: "\n")
    }
}

import WishlistCore

/// `wishlist photo crop ID X,Y,WIDTH,HEIGHT`: keeps a rectangle of the upright original, the turn kept.
struct PhotoCropCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "crop", abstract: "Crop a photo to a rectangle of its upright original; the original is kept.",
            arguments: PhotoEditing.arguments + [rectangleArgument])
    }

    static let rectangleArgument = Positional<Photo.Crop>(
        "X,Y,WIDTH,HEIGHT", help: "The rectangle to keep, in pixels of the upright original ('photo show' gives its size).",
        format: ValueFormat(expected: "four whole numbers, X,Y,WIDTH,HEIGHT") { text in
            let numbers = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { Int($0) }
            guard numbers.count == 4 else { return nil }
            return Photo.Crop(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        })

    let editing: PhotoEditing
    let crop: Photo.Crop

    init(parsing arguments: inout Arguments) throws {
        editing = try PhotoEditing(&arguments)
        crop = try arguments.positional(Self.rectangleArgument)
    }

    func run() async throws {
        try await editing.run { edit in
            var edit = edit
            edit.crop = crop
            return edit
        }
    }
}

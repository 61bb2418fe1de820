/// `wishlist photo rotate ID [--by 90|180|270]`: a quarter turn (or more) clockwise, the crop kept.
struct PhotoRotateCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "rotate", abstract: "Turn a photo clockwise; the original is kept.",
            arguments: PhotoEditing.arguments + [byOption])
    }

    static let byOption = Option<Int>(
        "--by", "DEGREES", help: "How far to turn it clockwise: 90 (default), 180 or 270.",
        format: ValueFormat(expected: "90, 180 or 270") { [90, 180, 270].contains(Int($0) ?? 0) ? Int($0) : nil })

    let editing: PhotoEditing
    let degrees: Int

    init(parsing arguments: inout Arguments) throws {
        editing = try PhotoEditing(&arguments)
        degrees = try arguments.option(Self.byOption) ?? 90
    }

    func run() async throws {
        try await editing.run { edit in
            var edit = edit
            edit.rotate = (edit.rotate + degrees) % 360
            return edit
        }
    }
}

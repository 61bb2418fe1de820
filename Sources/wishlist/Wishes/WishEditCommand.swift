import Foundation
import WishlistClient
import WishlistCore

/// `wishlist wish edit ID [--name NAME] [--memo TEXT|--no-memo] [--link URL|--no-link] [--tag TAG]…|--no-tags
/// [--photo FILE]… [--remove-photo ID]… [--place NAME|--clear-place] [--favorite|--no-favorite]`.
struct WishEditCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "edit",
            abstract: "Change fields of a wish; the others stay as they are.",
            arguments: [WishID.argument, nameOption] + WishFields.arguments + [
                noMemoFlag, noLinkFlag, tagOption, noTagsFlag, removePhotoOption, clearPlaceFlag, favoriteFlag,
                noFavoriteFlag, Output.jsonFlag, RemoteServer.serverOption
            ],
            apiFields: WishFields.apiFields.merging(["tags": tagOption]) { $1 })
    }

    static let nameOption = Option("--name", "NAME", help: "A new name.")
    static let noMemoFlag = Flag("--no-memo", help: "Remove the note.")
    static let noLinkFlag = Flag("--no-link", help: "Remove the address.")
    static let tagOption = Option("--tag", "TAG", help: "Replace the tags; repeat for more.", repeatable: true)
    static let noTagsFlag = Flag("--no-tags", help: "Remove every tag.")
    static let removePhotoOption = Option(
        "--remove-photo", "ID", help: "Take a photo off the wish; repeat for more.", repeatable: true,
        format: .id(.photo))
    static let clearPlaceFlag = Flag("--clear-place", help: "Remove the place.")
    static let favoriteFlag = Flag("--favorite", help: "Star it.")
    static let noFavoriteFlag = Flag("--no-favorite", help: "Unstar it.")

    let remote: RemoteServer
    let output: Output
    let id: ShortID
    let fields: WishFields
    let removedPhotos: [ShortID]
    let patch: WishPatch

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        fields = try WishFields(&arguments)
        var patch = WishPatch(name: try arguments.option(Self.nameOption))
        patch.memo = try Self.change(fields.memo, clear: arguments.flag(Self.noMemoFlag), "--memo or --no-memo")
        patch.link = try Self.change(fields.link, clear: arguments.flag(Self.noLinkFlag), "--link or --no-link")
        let tags = try arguments.options(Self.tagOption)
        if arguments.flag(Self.noTagsFlag) { patch.tags = [] } else if !tags.isEmpty { patch.tags = tags }
        if arguments.flag(Self.clearPlaceFlag) { patch.place = .clear }
        switch (arguments.flag(Self.favoriteFlag), arguments.flag(Self.noFavoriteFlag)) {
        case (true, true): throw UsageError("Use --favorite or --no-favorite, not both.")
        case (let favorite, let unfavorite): if favorite || unfavorite { patch.favorite = favorite }
        }
        removedPhotos = try arguments.options(Self.removePhotoOption)
        id = try arguments.positional(WishID.argument)
        guard patch != WishPatch() || fields.hasPlace || !fields.photoFiles.isEmpty || !removedPhotos.isEmpty else {
            throw UsageError("Say what to change, e.g. --name.")
        }
        guard !(fields.hasPlace && patch.place == .clear) else {
            throw UsageError("Use --place or --clear-place, not both.")
        }
        self.patch = patch
    }

    /// A field set by `value`, or cleared; both at once is a usage error that names the `choice`.
    private static func change(_ value: String?, clear: Bool, _ choice: String) throws -> WishPatch.Change<String> {
        switch (value, clear) {
        case (_?, true): throw UsageError("Use \(choice), not both.")
        case (let value?, false): .set(value)
        case (nil, true): .clear
        case (nil, false): .keep
        }
    }

    func run() async throws {
        let client = try remote.client()
        let id = try await id.resolve(client)
        let removedPhotos = try await removedPhotos.resolve(client)
        var patch = patch
        var expectedVersion: Int?
        if let place = try await fields.place(client, output: output) { patch.place = .set(place) }
        if !fields.photoFiles.isEmpty || !removedPhotos.isEmpty {
            // The photo list is replaced as a whole, so it is changed from the version read here.
            let wish = try await client.wish(id)
            let kept = wish.photos.map(\.id).filter { !removedPhotos.contains($0) }
            patch.photoIDs = kept + (try await fields.uploadPhotos(client))
            expectedVersion = wish.version
        }
        try await output.print(client, { try await $0.updateWish(id, patch, expectedVersion: expectedVersion) }) {
            "Changed \(Output.line($0))"
        }
    }
}

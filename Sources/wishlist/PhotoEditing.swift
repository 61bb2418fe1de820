import Foundation
import WishlistClient
import WishlistCore

/// What `photo rotate`, `crop` and `reset` share: read the id, change the photo's edit from the
/// one it has, print the photo.
struct PhotoEditing {
    let remote: RemoteServer
    let output: Output
    let id: UUID

    static let arguments: [any ArgumentDeclaration] = [PhotoCommand.idArgument, Output.jsonFlag, RemoteServer.serverOption]

    init(_ arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        id = try arguments.positional(PhotoCommand.idArgument)
    }

    /// Applies the edit `change` makes of the current one (nil: none at all) and prints the photo.
    func run(_ change: (PhotoEditRequest) -> PhotoEditRequest?) async throws {
        let client = try remote.client()
        let current = try await client.photo(id).edit
        let photo: Photo
        if let edit = change(PhotoEditRequest(crop: current?.crop, rotate: current?.rotate ?? 0)) {
            photo = try await client.editPhoto(id, edit)
        } else {
            photo = try await client.resetPhoto(id)
        }
        try output.print(photo, describe: PhotoShowCommand.details)
    }
}

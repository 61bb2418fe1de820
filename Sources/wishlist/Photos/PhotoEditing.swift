import Foundation
import WishlistClient
import WishlistCore

/// What `photo rotate`, `crop` and `reset` share: read the id, change the photo's edit from the
/// one it has, print the photo.
struct PhotoEditing {
    let request: RecordRequest

    static let arguments = RecordRequest.arguments(PhotoCommand.idArgument)

    init(_ arguments: inout Arguments) throws {
        request = try RecordRequest(&arguments, id: PhotoCommand.idArgument)
    }

    /// Applies the edit `change` makes of the current one (nil: none at all) and prints the photo.
    func run(_ change: (PhotoEditRequest) -> PhotoEditRequest?) async throws {
        try await request.send(
            { client, id in
                let current = try await client.photo(id).edit
                guard let edit = change(PhotoEditRequest(crop: current?.crop, rotate: current?.rotate ?? 0)) else {
                    return try await client.resetPhoto(id)
                }
                return try await client.editPhoto(id, edit)
            }, describe: PhotoShowCommand.details)
    }
}

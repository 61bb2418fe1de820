import Foundation
import Testing
import WishlistCore
@testable import WishlistStore

@Suite struct PhotoRepositoryTests {
    /// A photo that is not there (deleted meanwhile, or another account's) is no *wish* that is missing.
    @Test func editingAnUnknownPhotoIsStoreNotFound() throws {
        let fixture = try TestStore()
        let alice = try fixture.addUser("alice")
        #expect(throws: StoreError.notFound("photo with this id")) {
            try fixture.store.photos.setEdit(nil, width: 10, height: 10, of: UUID(), owner: alice)
        }
    }
}

import Foundation
import Testing
import WishlistClient

/// libvips and the hundred libraries it needs (about 10 MB resident) are loaded by the first
/// photo, not at start-up: an idle server must stay small.
@Suite final class LazyImagingTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-lazy-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    /// A small real camera JPEG from `../shared/testdata`.
    static let photo = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/testdata/photos/camera/canon-40d.jpg").standardizedFileURL

    static func mapsLibvips(_ server: ServerProcess) -> Bool {
        server.mappedFiles().contains { ($0 as NSString).lastPathComponent.hasPrefix("libvips.so") }
    }

    @Test func libvipsIsLoadedByTheFirstPhotoNotAtStartUp() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        // Signing in has already run a request through every layer but Imaging.
        #expect(!Self.mapsLibvips(server), "an idle server has libvips mapped")

        let uploaded = try await server.client.uploadPhotos(
            [WishlistClient.PhotoFile(filename: "canon-40d.jpg", data: try Data(contentsOf: Self.photo))])
        #expect(uploaded.items.count == 1)
        #expect(Self.mapsLibvips(server), "libvips is not mapped after a photo was rendered")
    }
}

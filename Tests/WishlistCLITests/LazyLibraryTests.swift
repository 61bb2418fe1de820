import Foundation
import OutboundTesting
import Testing
import WishlistClient

/// libvips with the hundred libraries it needs (about 10 MB resident) and libxml2 with ICU (about
/// 1 MB) are loaded by the first photo and the first page parsed, not at start-up: an idle server
/// must stay small.
@Suite final class LazyLibraryTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-lazy-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    /// A small real camera JPEG from `../shared/testdata`.
    static let photo = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/testdata/photos/camera/canon-40d.jpg").standardizedFileURL

    static func maps(_ server: ServerProcess, _ library: String) -> Bool {
        server.mappedFiles().contains { ($0 as NSString).lastPathComponent.hasPrefix(library) }
    }

    @Test func libvipsIsLoadedByTheFirstPhotoNotAtStartUp() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        // Signing in has already run a request through every layer but Imaging.
        #expect(!Self.maps(server, "libvips.so"), "an idle server has libvips mapped")

        let uploaded = try await server.client.uploadPhotos(
            [WishlistClient.PhotoFile(filename: "canon-40d.jpg", data: try Data(contentsOf: Self.photo))])
        #expect(uploaded.items.count == 1)
        #expect(Self.maps(server, "libvips.so"), "libvips is not mapped after a photo was rendered")
    }

    @Test func libxml2IsLoadedByTheFirstLinkPreviewNotAtStartUp() async throws {
        let shop = try LoopbackHTTPServer { _ in .html("<html><head><title>Brass lamp</title></head></html>") }
        defer { shop.stop() }
        let server = try await ServerProcess(home: home, options: ["--allow-private-addresses"])
        defer { server.stop() }
        #expect(!Self.maps(server, "libxml2.so"), "an idle server has libxml2 mapped")

        let preview = try await server.client.linkPreview(shop.url("/lamp").absoluteString)
        #expect(preview.title == "Brass lamp")
        #expect(Self.maps(server, "libxml2.so"), "libxml2 is not mapped after a page was parsed")
    }
}

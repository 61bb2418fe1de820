import Foundation
import Testing
import WishlistClient

/// A 41 MB upload is refused with 413 by a real `wishlist serve` process that never holds it in memory.
@Suite final class UploadMemoryTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-upload-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    @Test func aBigUploadIsRefusedWithoutHoldingItInMemory() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let client = server.client
        let baseline = try #require(ServerProcess.residentMB(server.pid))

        // Sample the server's memory while the upload streams in.
        let pid = server.pid
        let sampling = Task.detached { () -> Double in
            var peak = 0.0
            while !Task.isCancelled {
                peak = max(peak, ServerProcess.residentMB(pid) ?? 0)
                try? await Task.sleep(for: .milliseconds(5))
            }
            return peak
        }
        var big = Data([0xFF, 0xD8, 0xFF, 0xE0])
        big.append(Data(count: 41 << 20))
        await #expect(throws: WishlistClientError.self) {
            _ = try await client.uploadPhotos([WishlistClient.PhotoFile(filename: "big.jpg", data: big)])
        }
        let answer = try await client.send(
            "POST", "/api/v1/photos",
            body: Data("--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x.jpg\"\r\n\r\n".utf8) + big
                + Data("\r\n--b--\r\n".utf8),
            contentType: "multipart/form-data; boundary=b")
        sampling.cancel()
        let peak = await sampling.value
        #expect(answer.status == 413)
        #expect(peak - baseline < 20, "the server grew from \(baseline) MB to \(peak) MB while receiving 41 MB")
        #expect(try await client.isHealthy())
    }
}

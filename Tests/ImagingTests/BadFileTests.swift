import Foundation
import Testing

@testable import Imaging

@Suite struct BadFileTests {
    let processor = ImageProcessor()

    private func renderingError(_ file: String) -> ImagingError? {
        do {
            _ = try processor.renditions(of: TestPhotos.source("bad/\(file)"))
            return nil
        } catch {
            return error
        }
    }

    @Test func everyBadFileIsCovered() throws {
        // A file added to bad/ must get its own expectation below.
        #expect(
            try TestPhotos.files(in: "bad") == [
                "bomb-30000x30000.png", "corrupted.jpg", "image00971.jpg", "image01088.jpg",
                "text-named.jpg", "truncated.jpg"
            ])
    }

    @Test func textNamedJPEGIsUnsupported() {
        #expect(renderingError("text-named.jpg") == .unsupportedFormat)
    }

    @Test func bombIsRefusedByThePixelLimit() {
        #expect(renderingError("bomb-30000x30000.png") == .tooManyPixels(width: 30000, height: 30000, limit: 100_000_000))
    }

    @Test(arguments: ["corrupted.jpg", "truncated.jpg"])
    func damagedJPEGIsUnreadableWithACleanReason(file: String) throws {
        let error = try #require(renderingError(file))
        guard case .unreadable(let reason) = error else {
            Issue.record("expected unreadable, got \(error)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(reason.count <= 300)
        #expect(!reason.contains(TestPhotos.directory.path), "paths must not leak: \(reason)")
        #expect(!reason.contains("\n"))
    }

    @Test(arguments: ["image00971.jpg", "image01088.jpg"])
    func invalidEXIFStillRenders(file: String) throws {
        let info = try processor.inspect(TestPhotos.source("bad/\(file)"))
        let renditions = try processor.renditions(of: TestPhotos.source("bad/\(file)"))
        #expect(renditions.map(\.size) == RenditionSize.allCases)
        let medium = try #require(renditions.first { $0.size == .medium })
        // Smaller than 1024 on the long side: kept at its size.
        #expect((medium.width, medium.height) == (info.uprightWidth, info.uprightHeight))
        let decoded = try TestPhotos.decode(medium.data)
        #expect((decoded.width, decoded.height) == (info.uprightWidth, info.uprightHeight))
    }

    @Test func bytesInMemoryFailTheSameWay() throws {
        let truncated = try Data(contentsOf: URL(fileURLWithPath: TestPhotos.path("bad/truncated.jpg")))
        #expect(throws: ImagingError.self) { try processor.renditions(of: .data(truncated)) }
        #expect(throws: ImagingError.unsupportedFormat) { try processor.renditions(of: .data(Data())) }
        #expect(throws: ImagingError.unsupportedFormat) { try processor.inspect(.data(Data("<svg/>".utf8))) }
    }
}

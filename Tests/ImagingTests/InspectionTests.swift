import Foundation
import TestSupport
import Testing

@testable import Imaging

@Suite struct InspectionTests {
    let processor = ImageProcessor()

    @Test func readsGPSAsDecimalDegrees() throws {
        let info = try processor.inspect(TestPhotos.source("gps/DSCN0010.jpg"))
        let location = try #require(info.location)
        #expect(abs(location.latitude - 43.46745) < 0.0001)
        #expect(abs(location.longitude - 11.88513) < 0.0001)
    }

    @Test func readsCaptureTimeOfCanon40D() throws {
        let info = try processor.inspect(TestPhotos.source("camera/canon-40d.jpg"))
        // DateTimeOriginal 2008:05:30 15:56:01, no offset recorded: read as UTC.
        #expect(info.capturedAt == Date(timeIntervalSince1970: 1_212_162_961))
        #expect(info.format == .jpeg)
        #expect((info.width, info.height) == (100, 68))
        #expect(info.location == nil)
    }

    @Test func readsIPhoneHEIC() throws {
        let info = try processor.inspect(TestPhotos.source("camera/iphone.heic"))
        #expect(info.format == .heif)
        #expect((info.uprightWidth, info.uprightHeight) == (2566, 3313))
        #expect(info.frameCount == 1)
        // 2021:04:11 15:47:53.054 at -05:00 is 20:47:53.054 UTC.
        let captured = try #require(info.capturedAt)
        #expect(abs(captured.timeIntervalSince1970 - 1_618_174_073.054) < 0.001)
    }

    @Test func readsOrientationAndUprightSize() throws {
        for number in 1...8 {
            let info = try processor.inspect(TestPhotos.source("orientation/landscape_\(number).jpg"))
            #expect(info.orientation == number)
            #expect((info.uprightWidth, info.uprightHeight) == (600, 450), "landscape_\(number)")
            let swapped = number >= 5
            #expect((info.width, info.height) == (swapped ? (450, 600) : (600, 450)))
        }
    }

    @Test(arguments: [(Animations.gif, ImageFormat.gif), (Animations.webp, .webp)])
    func countsFramesOfAnimations(base64: String, format: ImageFormat) throws {
        let animation = try #require(Data(base64Encoded: base64))
        let info = try processor.inspect(.data(animation))
        #expect(info.format == format)
        #expect(info.frameCount == 2)
        #expect((info.width, info.height) == (12, 8))
    }

    @Test func stillImagesHaveOneFrame() throws {
        #expect(try processor.inspect(TestPhotos.source("gps/DSCN0010.jpg")).frameCount == 1)
        let stillGIF = try #require(Data(base64Encoded: Animations.stillGIF))
        #expect(try processor.inspect(.data(stillGIF)).frameCount == 1, "a GIF of one frame, with a looping extension")
    }

    @Test func inspectsInMemoryBytesLikeTheFile() throws {
        let path = TestPhotos.path("gps/DSCN0010.jpg")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try processor.inspect(.data(data)) == processor.inspect(.file(path: path)))
    }

    @Test func refusesBombFromItsHeader() throws {
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: ImagingError.tooManyPixels(width: 30000, height: 30000, limit: 100_000_000)) {
            try processor.inspect(TestPhotos.source("bad/bomb-30000x30000.png"))
        }
        // Decoding 900 megapixels takes many seconds; the header takes milliseconds.
        #expect(clock.now - start < .seconds(5))
    }

    @Test func pixelLimitIsConfigurable() throws {
        let strict = ImageProcessor(maxPixels: 600 * 450 - 1)
        #expect(throws: ImagingError.tooManyPixels(width: 600, height: 450, limit: 600 * 450 - 1)) {
            try strict.inspect(TestPhotos.source("orientation/landscape_1.jpg"))
        }
        #expect(try ImageProcessor(maxPixels: 600 * 450).inspect(TestPhotos.source("orientation/landscape_1.jpg")).width == 600)
    }

    @Test func missingFileIsUnavailable() {
        #expect(throws: ImagingError.fileUnavailable(path: "/nonexistent/photo.jpg")) {
            try processor.inspect(.file(path: "/nonexistent/photo.jpg"))
        }
    }
}

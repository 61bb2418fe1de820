import Foundation
import TestSupport
import Testing

@testable import Imaging

@Suite struct RenditionTests {
    let processor = ImageProcessor()

    private func sizes(_ renditions: [Rendition]) -> [RenditionSize: [Int]] {
        Dictionary(uniqueKeysWithValues: renditions.map { ($0.size, [$0.width, $0.height]) })
    }

    @Test func makesAllThreeSizesOfAPhoneJPEG() throws {
        let renditions = try processor.renditions(of: TestPhotos.source("camera/iphone.jpg"))
        #expect(renditions.map(\.size) == [.thumb, .medium, .large])
        #expect(sizes(renditions) == [.thumb: [320, 320], .medium: [1024, 768], .large: [2048, 1536]])
        for rendition in renditions {
            let decoded = try TestPhotos.decode(rendition.data)
            #expect(decoded.width == rendition.width && decoded.height == rendition.height)
            #expect(rendition.data.starts(with: [0xFF, 0xD8, 0xFF]))
        }
    }

    @Test func rendersIPhoneHEIC() throws {
        let renditions = try processor.renditions(of: TestPhotos.source("camera/iphone.heic"))
        // 2566×3313 portrait: long side 3313.
        #expect(sizes(renditions) == [.thumb: [320, 320], .medium: [793, 1024], .large: [1586, 2048]])
        let medium = try TestPhotos.decode(try #require(renditions.first { $0.size == .medium }).data)
        // A real picture, not a blank or failed decode.
        let mean = Double(medium.pixels.reduce(0) { $0 + Int($1) }) / Double(medium.pixels.count)
        #expect((20.0...235.0).contains(mean))
    }

    @Test func neverEnlargesSmallOriginals() throws {
        let renditions = try processor.renditions(of: TestPhotos.source("camera/canon-40d.jpg"))
        #expect(sizes(renditions) == [.thumb: [68, 68], .medium: [100, 68], .large: [100, 68]])
    }

    @Test(arguments: ["gps/DSCN0010.jpg", "camera/canon-40d.jpg", "camera/iphone.heic"])
    func outputsCarryNoMetadata(file: String) throws {
        #expect(try processor.inspect(TestPhotos.source(file)).capturedAt != nil)
        for encoding in [RenditionEncoding.jpeg, .webp] {
            for rendition in try processor.renditions(of: TestPhotos.source(file), encoding: encoding) {
                let fields = try TestPhotos.metadataFields(of: rendition.data)
                #expect(fields.isEmpty, "\(file) \(encoding.format) \(rendition.size): \(fields)")
                let info = try processor.inspect(.data(rendition.data))
                #expect(info.location == nil)
                #expect(info.capturedAt == nil)
            }
        }
    }

    @Test func encodesWebP() throws {
        let renditions = try processor.renditions(of: TestPhotos.source("gps/DSCN0010.jpg"), sizes: [.medium], encoding: .webp)
        let medium = try #require(renditions.first)
        #expect(medium.format == .webp)
        #expect(ImageFormat(sniffing: medium.data) == .webp)
        #expect(medium.width == 640 && medium.height == 480)
    }

    @Test func cropThenRotate() throws {
        // landscape_6 is stored 450×600 and upright 600×450; the crop is in
        // upright pixels, so only an auto-oriented crop fits.
        let edit = PhotoEdit(crop: CropRect(x: 100, y: 50, width: 400, height: 300), rotation: .quarter)
        let renditions = try processor.renditions(of: TestPhotos.source("orientation/landscape_6.jpg"), edit: edit)
        #expect(sizes(renditions) == [.thumb: [300, 300], .medium: [300, 400], .large: [300, 400]])

        let unrotated = try processor.renditions(
            of: TestPhotos.source("orientation/landscape_6.jpg"),
            edit: PhotoEdit(crop: edit.crop), sizes: [.large])
        #expect(sizes(unrotated) == [.large: [400, 300]])
    }

    @Test func cropOfALargeOriginalShrinksOnLoadAndKeepsItsShape() throws {
        // A 3000×1000 crop of the 3264×2448 phone photo: long side 3000 → 2048.
        let edit = PhotoEdit(crop: CropRect(x: 200, y: 1000, width: 3000, height: 1000), rotation: .threeQuarters)
        let renditions = try processor.renditions(of: TestPhotos.source("camera/iphone.jpg"), edit: edit)
        let large = try #require(renditions.first { $0.size == .large })
        #expect(large.height == 2048)
        #expect(abs(large.width - 683) <= 1)
        let medium = try #require(renditions.first { $0.size == .medium })
        #expect(medium.height == 1024)
        #expect(abs(medium.width - 341) <= 1)
    }

    @Test(arguments: [
        CropRect(x: 0, y: 0, width: 601, height: 10),
        CropRect(x: 500, y: 0, width: 101, height: 10),
        CropRect(x: -1, y: 0, width: 10, height: 10),
        CropRect(x: 0, y: 0, width: 0, height: 10),
        CropRect(x: Int.max, y: 0, width: Int.max, height: 10),
        // Fits the stored 450×600 landscape_6 but not its upright 600×450.
        CropRect(x: 0, y: 0, width: 450, height: 600)
    ])
    func refusesCropOutsideTheUprightImage(crop: CropRect) {
        #expect {
            try processor.renditions(of: TestPhotos.source("orientation/landscape_6.jpg"), edit: PhotoEdit(crop: crop))
        } throws: { error in
            if case ImagingError.invalidEdit = error { true } else { false }
        }
    }

    @Test func rotationAcceptsAnyQuarterTurn() {
        #expect(Rotation(degrees: -90) == .threeQuarters)
        #expect(Rotation(degrees: 450) == .quarter)
        #expect(Rotation(degrees: 0) == Rotation.none)
        #expect(Rotation(degrees: 45) == nil)
    }

    @Test(arguments: [Animations.gif, Animations.webp])
    func animationGivesStillsOfItsFirstFrame(base64: String) throws {
        let animation = try #require(Data(base64Encoded: base64))
        let renditions = try processor.renditions(of: .data(animation))
        #expect(sizes(renditions) == [.thumb: [8, 8], .medium: [12, 8], .large: [12, 8]])
        for rendition in renditions {
            let decoded = try TestPhotos.decode(rendition.data)
            #expect(decoded.height == 8, "one frame, not a strip of frames")
            let centre = decoded.pixel(x: decoded.width / 2, y: decoded.height / 2)
            // The first frame is red; JPEG leaves it near (255, 0, 0).
            #expect(centre[centre.startIndex] > 200 && centre[centre.startIndex + 2] < 60, "\(Array(centre))")
        }
    }

    @Test func transparencyBecomesWhiteInJPEGAndStaysInWebP() throws {
        let png = try #require(Data(base64Encoded: TransparentPNG.base64))
        #expect(try processor.inspect(.data(png)).format == .png)
        let jpeg = try TestPhotos.decode(try #require(processor.renditions(of: .data(png), sizes: [.medium]).first).data)
        #expect(jpeg.bands == 3)
        #expect(jpeg.pixels.allSatisfy { $0 > 250 })
        let webp = try TestPhotos.decode(try #require(processor.renditions(of: .data(png), sizes: [.medium], encoding: .webp).first).data)
        #expect(webp.bands == 4)
        #expect(webp.pixel(x: 3, y: 3).last == 0)
    }

    @Test func cmykBecomesSRGBAndGreyStaysGrey() throws {
        func medium(_ base64: String) throws -> DecodedImage {
            let data = try #require(Data(base64Encoded: base64))
            return try TestPhotos.decode(try #require(processor.renditions(of: .data(data), sizes: [.medium]).first).data)
        }
        let cmyk = try medium(PrintJPEGs.cmyk)
        let grey = try medium(PrintJPEGs.grey)
        #expect(cmyk.bands == 3)
        #expect(grey.bands == 1)
        func mean(_ image: DecodedImage) -> Double {
            Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count)
        }
        // Same scene: converted CMYK is as bright as the grey version
        // (measured 124 against 134); CMYK ink values read as RGB are not.
        #expect(abs(mean(cmyk) - mean(grey)) < 20, "\(mean(cmyk)) vs \(mean(grey))")
    }

    @Test func noSizesDecodeNothingButStillCheckTheEdit() throws {
        #expect(try processor.renditions(of: TestPhotos.source("camera/iphone.jpg"), sizes: []).isEmpty)
        #expect(throws: ImagingError.self) {
            try processor.renditions(
                of: TestPhotos.source("camera/iphone.jpg"),
                edit: PhotoEdit(crop: CropRect(x: 0, y: 0, width: 4000, height: 10)), sizes: [])
        }
    }

    @Test func bytesInMemoryRenderLikeTheFile() throws {
        let path = TestPhotos.path("gps/DSCN0012.jpg")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try processor.renditions(of: .data(data)) == processor.renditions(of: .file(path: path)))
    }

    @Test func concurrentJobsAgreeWithSerialOnes() async throws {
        let files = ["orientation/portrait_6.jpg", "gps/DSCN0021.jpg", "camera/iphone.heic", "orientation/landscape_3.jpg"]
        let processor = processor
        let serial = try files.map { try processor.renditions(of: TestPhotos.source($0)) }
        let parallel = try await withThrowingTaskGroup(of: (Int, [Rendition]).self) { group in
            for round in 0..<3 {
                for (index, file) in files.enumerated() {
                    group.addTask { (index + round * files.count, try processor.renditions(of: TestPhotos.source(file))) }
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for (key, renditions) in parallel {
            #expect(renditions == serial[key % files.count], "\(files[key % files.count])")
        }
        #expect(parallel.count == files.count * 3)
    }
}

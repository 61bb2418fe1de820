import Foundation
import Testing

@testable import Imaging

@Suite struct ExifReaderTests {
    private func reader(_ fields: [String: String]) -> ExifReader {
        ExifReader(field: { fields[$0] })
    }

    @Test func readsWallClockAsUTCWithoutOffset() throws {
        let exif = reader(["exif-ifd2-DateTimeOriginal": "2008:05:30 15:56:01 (2008:05:30 15:56:01, ASCII, 20 components, 20 bytes)"])
        let date = try #require(exif.captureDate)
        #expect(date == Date(timeIntervalSince1970: 1_212_162_961))
    }

    @Test func appliesOffsetAndSubseconds() throws {
        let exif = reader([
            "exif-ifd2-DateTimeOriginal": "2021:04:11 15:47:53 (2021:04:11 15:47:53, ASCII, 20 components, 20 bytes)",
            "exif-ifd2-OffsetTimeOriginal": "+09:30 (+09:30, ASCII, 7 components, 7 bytes)",
            "exif-ifd2-SubSecTimeOriginal": "5 (5, ASCII, 2 components, 2 bytes)"
        ])
        let date = try #require(exif.captureDate)
        // 15:47:53.5 at +09:30 is 06:17:53.5 UTC.
        #expect(abs(date.timeIntervalSince1970 - 1_618_121_873.5) < 0.001)
    }

    @Test(arguments: ["0000:00:00 00:00:00", "2021:02:31 10:00:00", "2021:13:01 10:00:00", "garbage", ""])
    func refusesInvalidTimestamps(text: String) {
        #expect(reader(["exif-ifd2-DateTimeOriginal": text]).captureDate == nil)
    }

    @Test func readsSouthWestAsNegative() throws {
        let exif = reader([
            "exif-ifd3-GPSLatitude": "33/1 51/1 3144/100 (33, 51, 31.44, Rational, 3 components, 24 bytes)",
            "exif-ifd3-GPSLatitudeRef": "S (S, ASCII, 2 components, 2 bytes)",
            "exif-ifd3-GPSLongitude": "151/1 12/1 3000/100",
            "exif-ifd3-GPSLongitudeRef": "W"
        ])
        let location = try #require(exif.location)
        #expect(abs(location.latitude - -33.8587333) < 1e-6)
        #expect(abs(location.longitude - -151.2083333) < 1e-6)
    }

    @Test(arguments: ["1/0 2/1 3/1", "91/1 0/1 0/1", "", "a/b", "1/1 2/1 3/1 4/1", "-5/1"])
    func refusesInvalidLatitudes(text: String) {
        let exif = reader(["exif-ifd3-GPSLatitude": text, "exif-ifd3-GPSLongitude": "11/1"])
        #expect(exif.location == nil)
    }

    @Test func needsBothCoordinates() {
        #expect(reader(["exif-ifd3-GPSLatitude": "43/1 28/1 0/1"]).location == nil)
    }
}

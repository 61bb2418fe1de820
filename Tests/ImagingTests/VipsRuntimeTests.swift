import CVips
import Foundation
import Testing

@testable import Imaging

@Suite struct VipsRuntimeTests {
    /// Loaders other than the five accepted formats are blocked, so that
    /// even a file that slipped past sniffing reaches no other decoder.
    @Test func otherLoadersAreBlocked() throws {
        try VipsRuntime.start()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imaging-\(UUID()).ppm").path
        try "P3\n1 1\n255\n0 0 0\n".write(toFile: path, atomically: true, encoding: .ascii)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let image = cvips_open_file(path, CVIPS_FAIL_ON_NONE)
        if let image { cvips_release_image(image) }
        #expect(image == nil)
        let message = VipsRuntime.takeErrorMessage(hiding: path)
        #expect(!message.contains(path))
    }

    @Test func errorMessagesAreShortAndHidePaths() {
        let raw = """
            VipsForeignLoad: "/srv/data/originals/a.jpg" is not a known file format
            /srv/data/originals/b.heic: bad seek to 833292
            VipsJpeg: Premature end of JPEG file
            VipsJpeg: Premature end of JPEG file
            read gave 100 warnings
            one line too many

            """
        #expect(
            VipsRuntime.cleanedMessage(raw, hiding: nil)
                == "image is not a known file format; bad seek to 833292; Premature end of JPEG file")
        #expect(VipsRuntime.cleanedMessage("cannot read /tmp/x/y.png here", hiding: "/tmp/x/y.png") == "cannot read image here")
        #expect(VipsRuntime.cleanedMessage(String(repeating: "x", count: 1000), hiding: nil).count == 300)
        #expect(VipsRuntime.cleanedMessage("\n \n", hiding: nil) == "unknown libvips error")
    }
}

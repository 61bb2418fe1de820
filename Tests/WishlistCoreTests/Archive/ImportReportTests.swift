import Foundation
import Testing

@testable import WishlistCore

@Suite struct ImportReportTests {
    @Test func countsAndRefusalsEncodeInTheSharedShape() throws {
        var report = ImportReport()
        report.countImported("wishes")
        report.countImported("wishes")
        report.countSkipped("wishes")
        report.refuse("Line 3: 램프", reason: "A link must start with http:// or https://.")
        let json = String(decoding: try JSONCoding.encoder().encode(report), as: UTF8.self)
        #expect(
            json
                == #"{"imported":{"wishes":2},"refused":[{"item":"Line 3: 램프","reason":"A link must start with http:// or https://."}],"skipped":{"wishes":1}}"#
        )
        #expect(try JSONCoding.decoder().decode(ImportReport.self, from: Data(json.utf8)) == report)
    }

    @Test func anEmptyReportStillHasEveryField() throws {
        let json = String(decoding: try JSONCoding.encoder().encode(ImportReport()), as: UTF8.self)
        #expect(json == #"{"imported":{},"refused":[],"skipped":{}}"#)
    }
}

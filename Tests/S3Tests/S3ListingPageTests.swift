import Foundation
import Testing

@testable import S3

/// The reading of S3's answers, from the XML as stores send it.
struct S3ListingPageTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aPageNamesItsObjectsAndTheNextPage() throws {
        let page = try S3ListingPage(
            xml: Self.bytes(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><IsTruncated>true</IsTruncated>\
                <NextContinuationToken>1/abc+=</NextContinuationToken>\
                <Contents><Key>a&amp;b/&#34;c&#34;</Key><Size>12</Size><LastModified>2026-12-05T03:11:05Z</LastModified></Contents>\
                <Contents><Key>d</Key><Size>0</Size><LastModified>2026-12-05T03:11:05.123Z</LastModified></Contents>\
                </ListBucketResult>
                """))
        #expect(page.objects.map(\.key) == ["a&b/\"c\"", "d"])
        #expect(page.objects.map(\.size) == [12, 0])
        #expect(page.objects[0].lastModified == Date(timeIntervalSince1970: 1_796_440_265))
        #expect(page.nextContinuationToken == "1/abc+=")
    }

    @Test func theLastPageHasNoNextOne() throws {
        let page = try S3ListingPage(
            xml: Self.bytes("<ListBucketResult><IsTruncated>false</IsTruncated><KeyCount>0</KeyCount></ListBucketResult>"))
        #expect(page.objects.isEmpty && page.nextContinuationToken == nil)
    }

    @Test(arguments: [
        "", "not xml", "<ListBucketResult><Contents><Key>a</Key></Contents>",
        "<ListBucketResult><Contents><Key>a</Key></Contents></ListBucketResult>",
        "<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>",
        "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><ListBucketResult><Contents><Key>&e;</Key></Contents></ListBucketResult>"
    ])
    func anAnswerThatIsNotAListingIsRefused(xml: String) {
        #expect(throws: S3Error.self) { try S3ListingPage(xml: Self.bytes(xml)) }
    }

    @Test func anErrorAnswerGivesItsCodeAndMessage() {
        let answer = S3ErrorAnswer(
            xml: Self.bytes("<Error><Code>NoSuchBucket</Code><Message>The bucket &lt;b&gt; is not there</Message></Error>"))
        #expect(answer?.code == "NoSuchBucket")
        #expect(answer?.message == "The bucket <b> is not there")
        #expect(S3ErrorAnswer(xml: Self.bytes("<html>502 Bad Gateway")) == nil)
    }
}

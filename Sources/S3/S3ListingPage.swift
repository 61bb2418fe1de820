import Foundation

/// One page of a ListObjectsV2 answer: its objects, and the token of the next page when there is one.
struct S3ListingPage {
    private(set) var objects: [S3Object] = []
    private(set) var nextContinuationToken: String?

    init(xml: [UInt8]) throws(S3Error) {
        guard let elements = S3XMLReader.read(xml) else { throw .unreadableAnswer("a listing that is not XML") }
        for contents in elements where contents.name == "Contents" {
            guard let key = contents.fields["Key"], let modified = contents.fields["LastModified"].flatMap(Self.date) else {
                throw .unreadableAnswer("an object without a key or a date")
            }
            objects.append(S3Object(key: key, size: contents.fields["Size"].flatMap { Int($0) } ?? 0, lastModified: modified))
        }
        let result = elements.first { $0.name == "ListBucketResult" }
        if result?.fields["IsTruncated"] == "true" {
            guard let token = result?.fields["NextContinuationToken"], !token.isEmpty else {
                throw .unreadableAnswer("a truncated listing without a continuation token")
            }
            nextContinuationToken = token
        }
    }

    /// S3's dates are ISO 8601, with or without fractions of a second.
    private static func date(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return plain.date(from: text) ?? fractional.date(from: text)
    }
}

/// An S3 error answer's code and message (`<Error><Code>…</Code><Message>…</Message></Error>`).
struct S3ErrorAnswer {
    let code: String?
    let message: String?

    init?(xml: [UInt8]) {
        guard !xml.isEmpty, let error = S3XMLReader.read(xml)?.first(where: { $0.name == "Error" }) else { return nil }
        code = error.fields["Code"]
        message = error.fields["Message"]
    }
}

import Foundation
import S3
import TestSupport
import Testing

/// The client against a real S3 store (SeaweedFS, `S3TestServer`), each test in a prefix of its own
/// and with a folder of its own for the files it puts and gets, deleted after it.
final class S3ClientTests {
    let client: S3Client
    let folder: String

    init() throws {
        let server = try S3TestServer.shared()
        client = S3Client(bucket: try S3Bucket(location: server.location(), environment: S3TestServer.environment))
        folder = NSTemporaryDirectory() + "s3-client-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func file(_ bytes: [UInt8]) throws -> String {
        let path = folder + "/" + UUID().uuidString
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFilePutComesBackByteForByte() throws {
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try client.put(file: try file(bytes), as: "originals/ab/abc")
        let copy = folder + "/copy"
        #expect(try client.get("originals/ab/abc", into: copy))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(bytes))
        let head = try #require(try client.head("originals/ab/abc"))
        #expect(head.size == bytes.count)
        #expect(abs(head.lastModified.timeIntervalSinceNow) < 120)
    }

    @Test func anEmptyFileIsAnObjectToo() throws {
        try client.put(file: try file([]), as: "empty")
        #expect(try client.head("empty")?.size == 0)
    }

    @Test func whatIsNotThereIsNilNotAnError() throws {
        let copy = folder + "/missing"
        #expect(try !client.get("no/such/key", into: copy))
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(try client.head("no/such/key") == nil)
        try client.delete("no/such/key")
    }

    @Test func aDeletedObjectIsGone() throws {
        try client.put(file: try file([1, 2, 3]), as: "renditions/x/1-small.jpg")
        try client.delete("renditions/x/1-small.jpg")
        #expect(try client.head("renditions/x/1-small.jpg") == nil)
    }

    @Test func aListingNamesWhatIsUnderThePrefixOnlyPageAfterPage() throws {
        let source = try file([9])
        for key in ["renditions/a/1-small.jpg", "renditions/a/1-large.jpg", "renditions/b/2-small.jpg", "originals/00/00"] {
            try client.put(file: source, as: key)
        }
        let listed = try client.list(prefix: "renditions/")
        #expect(Set(listed.map(\.key)) == ["renditions/a/1-small.jpg", "renditions/a/1-large.jpg", "renditions/b/2-small.jpg"])
        #expect(listed.allSatisfy { $0.size == 1 && abs($0.lastModified.timeIntervalSinceNow) < 120 })
        #expect(try client.list(prefix: "renditions/", pageSize: 2).map(\.key) == listed.map(\.key))
        #expect(try client.list(prefix: "nothing/").isEmpty)
    }

    @Test func keysWithCharactersThatNeedEncodingAreSignedRight() throws {
        let key = "odd/a b+c=d&e~f.é"
        try client.put(file: try file([1]), as: key)
        #expect(try client.head(key) != nil)
        #expect(try client.list(prefix: "odd/a b+").map(\.key) == [key])
    }

    @Test func wrongKeysAreRefusedWithTheStoresReason() throws {
        let server = try S3TestServer.shared()
        var environment = S3TestServer.environment
        environment["AWS_SECRET_ACCESS_KEY"] = "not-the-secret"
        let wrong = S3Client(bucket: try S3Bucket(location: server.location(), environment: environment))
        let error = #expect(throws: S3Error.self) { try wrong.checkAccess() }
        guard case .refused(403, let code, _) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(code == "SignatureDoesNotMatch")
    }

    @Test func aStoreThatIsNotThereIsAConnectionFailure() throws {
        let bucket = try S3Bucket(
            location: "s3://none?endpoint=http://127.0.0.1:1&region=us-east-1", environment: S3TestServer.environment)
        let error = #expect(throws: S3Error.self) { try S3Client(bucket: bucket, attempts: 1).checkAccess() }
        guard case .connectionFailed = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test func aMissingBucketIsRefused() throws {
        let server = try S3TestServer.shared()
        let bucket = try S3Bucket(location: "s3://no-such-bucket?endpoint=\(server.endpoint)", environment: S3TestServer.environment)
        let error = #expect(throws: S3Error.self) { try S3Client(bucket: bucket).checkAccess() }
        guard case .refused(404, let code, _) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(code == "NoSuchBucket")
    }
}

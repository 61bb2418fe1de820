import Foundation
import S3
import TestSupport
import Testing

/// The client's tries, against a loopback server that answers as told: a store answering 5xx is
/// asked again, up to three times; a refusal is not.
struct S3ClientRetryTests {
    /// A client of a server answering `statuses` in turn (the last one from then on).
    static func client(answering statuses: [Int]) throws -> (S3Client, LoopbackHTTPServer) {
        let asked = Locked(0)
        let server = try LoopbackHTTPServer { _ in
            let status = asked.withLock { count in
                count += 1
                return statuses[min(count, statuses.count) - 1]
            }
            return .answer(status: status, headers: [:], body: [])
        }
        let bucket = try S3Bucket(
            location: "s3://b?endpoint=\(server.baseURL.absoluteString)",
            environment: ["AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s"])
        return (S3Client(bucket: bucket), server)
    }

    @Test func aStoreAnswering5xxIsAskedAgainUntilItAnswers() throws {
        let (client, server) = try Self.client(answering: [503, 500, 200])
        defer { server.stop() }
        #expect(try client.head("key") != nil)
        #expect(server.requests.count == 3)
    }

    @Test func threeFailuresAreTheStoresLastAnswer() throws {
        let (client, server) = try Self.client(answering: [503])
        defer { server.stop() }
        let error = #expect(throws: S3Error.self) { try client.head("key") }
        #expect(error == .refused(status: 503, code: nil, message: nil))
        #expect(server.requests.count == 3)
    }

    @Test func aRefusalIsNotAskedAgain() throws {
        let (client, server) = try Self.client(answering: [403])
        defer { server.stop() }
        #expect(throws: S3Error.refused(status: 403, code: nil, message: nil)) { try client.head("key") }
        #expect(server.requests.count == 1)
    }
}

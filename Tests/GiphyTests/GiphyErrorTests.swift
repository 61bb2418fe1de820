import Foundation
import TestSupport
import Testing

@testable import Giphy

/// Each of Giphy's failures, as the stand-in answers them, becomes its own error.
@Suite struct GiphyErrorTests {
    /// The error a search meets when the stand-in answers with `failure`; nil when it succeeds.
    static func failing(with failure: GiphyStandIn.Failure, timeout: Duration = .seconds(5)) async throws -> GiphyError? {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        giphy.fail(with: failure)
        do {
            _ = try await GiphyClientTests.client(giphy, timeout: timeout).search("cat")
            return nil
        } catch let error as GiphyError {
            return error
        }
    }

    @Test(arguments: [401, 403])
    func aRejectedKey(status: Int) async throws {
        #expect(try await Self.failing(with: .status(status)) == .keyRejected(status: status))
    }

    @Test func aWrongKeyIsRejectedByTheStandInToo() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        await #expect(throws: GiphyError.keyRejected(status: 401)) {
            try await GiphyClientTests.client(giphy, key: "revoked").trending()
        }
    }

    @Test func aRateLimitWithRetryAfterHoldsBackUntilThen() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let clock = ManualClock()
        let client = try GiphyClientTests.client(giphy, clock: clock)
        giphy.fail(with: .status(429, retryAfter: "30"))
        await #expect(throws: GiphyError.rateLimited(retryAfterSeconds: 30)) { try await client.search("cat") }
        giphy.fail(with: nil)
        try await clock.sleep(until: clock.now.advanced(by: .seconds(10)), tolerance: nil)
        // No call while the limit lasts, and the wait left is what is said.
        await #expect(throws: GiphyError.rateLimited(retryAfterSeconds: 20)) { try await client.trending() }
        #expect(giphy.apiRequests.count == 1)
        try await clock.sleep(until: clock.now.advanced(by: .seconds(21)), tolerance: nil)
        #expect(try await client.trending().count == 24)
        #expect(giphy.apiRequests.count == 2)
    }

    @Test func aRateLimitWithoutRetryAfterWaitsTheDefault() async throws {
        #expect(try await Self.failing(with: .status(429)) == .rateLimited(retryAfterSeconds: 60))
    }

    @Test func anEmpty200WithoutAResponseIdIsAFailure() async throws {
        let error = try #require(try await Self.failing(with: .emptyWithoutResponseID))
        guard case .upstreamFailed = error else {
            Issue.record("\(error)")
            return
        }
    }

    @Test(arguments: [400, 404, 500, 502])
    func otherStatusesAreUpstreamFailures(status: Int) async throws {
        let error = try #require(try await Self.failing(with: .status(status)))
        guard case .upstreamFailed(let reason) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(reason.contains(String(status)))
    }

    @Test func anAnswerThatIsNotJSONIsAFailure() async throws {
        let error = try #require(try await Self.failing(with: .notJSON))
        guard case .upstreamFailed = error else {
            Issue.record("\(error)")
            return
        }
    }

    @Test func aSlowAnswerTimesOut() async throws {
        let error = try #require(try await Self.failing(with: .stall, timeout: .milliseconds(300)))
        guard case .upstreamFailed(let reason) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(reason.contains("no complete answer"))
        #expect(!reason.contains(GiphyStandIn.key))
    }

    @Test func aQueryOver50CharactersIsRefusedBeforeSending() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let client = try GiphyClientTests.client(giphy)
        let fifty = String(repeating: "가", count: 50)
        #expect(try await client.search(fifty).count == 24)
        await #expect(throws: GiphyError.queryTooLong(maximum: 50)) { try await client.search(fifty + "a") }
        await #expect(throws: GiphyError.emptyQuery) { try await client.search("   ") }
        #expect(giphy.apiRequests.count == 1)
    }

    @Test func giphys414IsATooLongQuery() async throws {
        #expect(try await Self.failing(with: .status(414)) == .queryTooLong(maximum: 50))
    }

    @Test func aBadConfigurationIsRefused() {
        var configuration = GiphyClient.Configuration(apiKey: "k")
        configuration.rating = "x"
        #expect(throws: GiphyError.self) { try GiphyClient(configuration: configuration) }
        configuration = GiphyClient.Configuration(apiKey: " ")
        #expect(throws: GiphyError.self) { try GiphyClient(configuration: configuration) }
        configuration = GiphyClient.Configuration(apiKey: "k")
        configuration.baseURL = URL(string: "file:///etc")!
        #expect(throws: GiphyError.self) { try GiphyClient(configuration: configuration) }
    }
}

import Foundation
import TestSupport
import Testing

@testable import Geocoding

@Suite struct OnlineGeocoderTests {
    static let jeonjuSearch = """
        [{"place_id":1,"lat":"35.8242238","lon":"127.1479532","name":"Jeonju","display_name":"Jeonju, Jeollabuk-do, South Korea",
          "address":{"city":"Jeonju","state":"Jeollabuk-do","country":"South Korea","country_code":"kr"}},
         {"place_id":2,"lat":"35.8150","lon":"127.1530","name":"","display_name":"Hanok Village, Wansan-gu, Jeonju, South Korea",
          "address":{"province":"Jeollabuk-do","country":"South Korea","country_code":"kr"}},
         {"place_id":3,"lat":"not a number","lon":"127","name":"Broken"}]
        """
    static let jeonjuReverse = """
        {"place_id":1,"lat":"35.8200","lon":"127.1500","name":"Jungang-dong","display_name":"Jungang-dong, Jeonju",
         "address":{"state":"Jeollabuk-do","country":"South Korea","country_code":"kr"}}
        """

    static func geocoder(
        _ server: LoopbackHTTPServer, clock: ManualClock = ManualClock(), timeout: TimeInterval = 5
    ) throws -> OnlineGeocoder {
        var configuration = OnlineGeocoder.Configuration(baseURL: server.baseURL)
        configuration.timeout = timeout
        configuration.allowPrivateAddresses = true
        return try OnlineGeocoder(configuration: configuration, clock: clock)
    }

    @Test func searchReadsNominatimAnswers() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: Self.jeonjuSearch) }
        defer { server.stop() }
        let places = try await Self.geocoder(server).search("Jeonju & Co+", limit: 5)
        #expect(
            places == [
                FoundPlace(
                    name: "Jeonju", admin: "Jeollabuk-do", country: "South Korea", countryCode: "KR",
                    latitude: 35.8242238, longitude: 127.1479532, population: nil),
                FoundPlace(
                    name: "Hanok Village", admin: "Jeollabuk-do", country: "South Korea", countryCode: "KR",
                    latitude: 35.815, longitude: 127.153, population: nil)
            ])
        let request = try #require(server.requests.first)
        #expect(request.path == "/search")
        #expect(request.query["q"] == "jeonju & co+")
        #expect(request.query["format"] == "jsonv2")
        #expect(request.query["limit"] == "5")
        #expect(request.headers["user-agent"] == "Wishlist/1 (+self-hosted)")
    }

    @Test func reverseReadsTheAnswerAndMeasuresTheDistance() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: Self.jeonjuReverse) }
        defer { server.stop() }
        let answer = try #require(try await Self.geocoder(server).reverse(latitude: 35.82, longitude: 127.15))
        #expect(answer.place.name == "Jungang-dong")
        #expect(
            abs(answer.distanceMeters - GreatCircle.distance(latitude1: 35.82, longitude1: 127.15, latitude2: 35.82, longitude2: 127.15))
                < 1)
        #expect(server.requests.first?.path == "/reverse")
        #expect(server.requests.first?.query["lat"] == "35.82")
    }

    @Test func aRepeatedQuestionIsAnsweredFromTheCache() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: Self.jeonjuSearch) }
        defer { server.stop() }
        let geocoder = try Self.geocoder(server)
        let first = await geocoder.search("Jeonju")
        let second = await geocoder.search("  JEONJU ")
        #expect(!first.isEmpty)
        #expect(second == first)
        #expect(server.requests.count == 1)
    }

    @Test func concurrentIdenticalQuestionsAreAskedOnce() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: Self.jeonjuSearch) }
        defer { server.stop() }
        let geocoder = try Self.geocoder(server)
        async let a = geocoder.search("jeonju")
        async let b = geocoder.search("jeonju")
        let (first, second) = await (a, b)
        #expect(first == second && !first.isEmpty)
        #expect(server.requests.count == 1)
    }

    @Test func requestsAreAtLeastASecondApartOnTheInjectedClock() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: Self.jeonjuSearch) }
        defer { server.stop() }
        let clock = ManualClock()
        let geocoder = try Self.geocoder(server, clock: clock)
        async let a = geocoder.search("first")
        async let b = geocoder.search("second")
        let (first, second) = await (a, b)
        #expect(!first.isEmpty && !second.isEmpty)
        #expect(server.requests.count == 2)
        let turns = clock.sleeps.sorted()
        #expect(turns.count == 2)
        #expect(turns[0].duration(to: turns[1]) >= .seconds(1))
    }

    @Test func aLongQueueSkipsTheRequestInsteadOfWaiting() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: Self.jeonjuSearch) }
        defer { server.stop() }
        let geocoder = try Self.geocoder(server, clock: ManualClock(advancesWhenSleeping: false))
        var answers: [[FoundPlace]] = []
        for query in ["a", "b", "c", "d"] { answers.append(await geocoder.search(query)) }
        #expect(answers.map(\.isEmpty) == [false, false, false, true])
        #expect(server.requests.count == 3)
    }

    @Test(arguments: [
        LoopbackHTTPServer.Reply.json(status: 500, body: Self.jeonjuSearch),
        .json(status: 429, body: "[]"),
        .json(status: 200, body: "<html>maintenance</html>"),
        .json(status: 200, body: #"{"unexpected": "shape"}"#),
        .hangUp
    ])
    func failuresAnswerNothing(_ reply: LoopbackHTTPServer.Reply) async throws {
        let server = try LoopbackHTTPServer { _ in reply }
        defer { server.stop() }
        let geocoder = try Self.geocoder(server)
        #expect(await geocoder.search("jeonju").isEmpty)
        #expect(await geocoder.reverse(latitude: 35.82, longitude: 127.15) == nil)
    }

    @Test func aSilentServerTimesOut() async throws {
        let server = try LoopbackHTTPServer { _ in .stall }
        defer { server.stop() }
        let geocoder = try Self.geocoder(server, timeout: 0.5)
        #expect(await geocoder.search("jeonju").isEmpty)
        // The client closed the connection itself soon after the timeout, timed on the server's
        // thread: a busy test run delays the awaiting task, not libcurl's own timer.
        let stalled = try #require(server.firstStallDuration())
        #expect(stalled < .seconds(3))
    }

    @Test func anUnreachableServerAnswersNothing() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: "[]") }
        server.stop()  // the port is now closed: connection refused
        #expect(try await Self.geocoder(server).search("jeonju").isEmpty)
    }

    @Test func failuresAreNotCached() async throws {
        let calls = Counter()
        let server = try LoopbackHTTPServer { _ in
            calls.increment() == 1 ? .json(status: 503, body: "") : .json(status: 200, body: Self.jeonjuSearch)
        }
        defer { server.stop() }
        let geocoder = try Self.geocoder(server)
        #expect(await geocoder.search("jeonju").isEmpty)
        #expect(await geocoder.search("jeonju").count == 2)
    }

    @Test func nothingThereIsAnAnswerNotAFailure() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: #"{"error":"Unable to geocode"}"#) }
        defer { server.stop() }
        let geocoder = try Self.geocoder(server)
        #expect(await geocoder.reverse(latitude: 0, longitude: -150) == nil)
        #expect(await geocoder.reverse(latitude: 0, longitude: -150) == nil)
        #expect(server.requests.count == 1, "the empty answer was cached")
    }

    @Test func blankOrInvalidQuestionsAreNotSent() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body: "[]") }
        defer { server.stop() }
        let geocoder = try Self.geocoder(server)
        #expect(await geocoder.search(" \t\u{0}\n ").isEmpty)
        #expect(await geocoder.search("jeonju", limit: 0).isEmpty)
        #expect(await geocoder.reverse(latitude: .nan, longitude: 0) == nil)
        #expect(await geocoder.reverse(latitude: 95, longitude: 0) == nil)
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: ["ftp://example.org", "file:///etc/passwd", "localhost:8080", "/just/a/path"])
    func rejectsBaseURLsThatAreNotHTTP(_ base: String) throws {
        let url = try #require(URL(string: base))
        #expect(throws: GeocodingError.self) { try OnlineGeocoder(configuration: .init(baseURL: url)) }
    }
}

/// A thread-safe counter for canned handlers that answer differently over time.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

import Foundation
import TestSupport
import Testing

@testable import Giphy

@Suite struct GiphyClientTests {
    static func client(
        _ giphy: GiphyStandIn, clock: ManualClock = ManualClock(), key: String = GiphyStandIn.key,
        timeout: Duration = .seconds(5)
    ) throws -> GiphyClient {
        var configuration = GiphyClient.Configuration(apiKey: key)
        configuration.baseURL = giphy.baseURL
        configuration.allowPrivateAddresses = true
        configuration.timeout = timeout
        return try GiphyClient(configuration: configuration, clock: clock)
    }

    // MARK: Reading Giphy's answers

    @Test func searchAsksForAPageOf24WithTheKeyRatingAndLanguage() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let page = try await Self.client(giphy).search("  Happy   CAT & dog+ ", offset: 48, language: "ko")
        let request = try #require(giphy.apiRequests.first)
        #expect(request.path == "/v1/gifs/search")
        #expect(request.query["q"] == "happy cat & dog+")
        #expect(request.query["limit"] == "24")
        #expect(request.query["offset"] == "48")
        #expect(request.query["rating"] == "g")
        #expect(request.query["lang"] == "ko")
        #expect(request.query["api_key"] == GiphyStandIn.key)
        #expect(page.offset == 48)
        #expect(page.count == 24)
        #expect(page.totalCount == 10_000)
        #expect(page.nextOffset == 72)
        // gif51 (51 % 13 == 12) has only mp4 renditions and is left out; the rest are there in order.
        #expect(page.gifs.map(\.id) == (48..<72).filter { $0 % 13 != 12 }.map(GiphyStandIn.id))
    }

    @Test func anotherLanguageAsksInEnglish() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        _ = try await Self.client(giphy).search("cat", language: "fr")
        #expect(giphy.apiRequests.first?.query["lang"] == "en")
    }

    @Test func stringNumbersEmptyFieldsAndMissingRenditionsAreRead() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let gifs = Dictionary(uniqueKeysWithValues: try await Self.client(giphy).trending().gifs.map { ($0.id, $0) })
        let titled = try #require(gifs["gif0"])
        #expect(titled.title == "Cat 0 GIF")
        #expect(titled.rating == "g")
        #expect(titled.username == nil)
        #expect(titled.pageURL.absoluteString == "https://giphy.com/gifs/cat-gif0")
        #expect(titled.preview.url.path == "/media/gif0/200w_d.gif")
        #expect((titled.preview.width, titled.preview.height) == (200, 133))
        #expect(titled.still.url.path == "/media/gif0/200w_s.gif")
        #expect(titled.original.url.path == "/media/gif0/giphy.gif")
        #expect((titled.original.width, titled.original.height) == (480, 320))
        #expect(titled.original.byteCount == GiphyStandIn.animation.count)
        #expect(gifs["gif1"]?.username == "catlover")
        #expect(gifs["gif4"]?.title == "", "an empty title")
        #expect(gifs["gif6"]?.title == "", "no title at all")
        #expect(gifs["gif2"]?.rating == nil, "no rating")
        // No fixed_width_downsampled: the grid falls back to fixed_width, never to the original.
        #expect(gifs["gif3"]?.preview.url.path == "/media/gif3/200w.gif")
        #expect(gifs["gif12"] == nil, "mp4 renditions only")
    }

    @Test func aGenuinelyEmptySearchIsAnEmptyPage() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let page = try await Self.client(giphy).search("nothing")
        #expect(page.gifs.isEmpty)
        #expect(page.totalCount == 0)
        #expect(page.nextOffset == nil)
    }

    // MARK: Paging and its caps

    @Test func searchStopsPagingAtGiphysLastOffset() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let client = try Self.client(giphy)
        #expect(try await client.search("cat", offset: 4_944).nextOffset == 4_968)
        #expect(try await client.search("cat", offset: 4_968).nextOffset == 4_992)
        let last = try await client.search("cat", offset: 4_992)
        #expect(last.count == 24)
        #expect(last.nextOffset == nil, "5016 is past Giphy's last offset")
        await #expect(throws: GiphyError.offsetOutOfRange(maximum: 4_999)) { try await client.search("cat", offset: 5_000) }
        await #expect(throws: GiphyError.offsetOutOfRange(maximum: 4_999)) { try await client.search("cat", offset: -1) }
        #expect(giphy.apiRequests.count == 3)
    }

    @Test func trendingStopsPagingAt499() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let client = try Self.client(giphy)
        #expect(try await client.trending(offset: 456).nextOffset == 480)
        #expect(try await client.trending(offset: 480).nextOffset == nil)
        await #expect(throws: GiphyError.offsetOutOfRange(maximum: 499)) { try await client.trending(offset: 500) }
        #expect(giphy.apiRequests.count == 2)
    }

    @Test func theLastPageOfAShortListHasNoNext() async throws {
        let giphy = try GiphyStandIn(gifCount: 30)
        defer { giphy.stop() }
        let client = try Self.client(giphy)
        let first = try await client.search("cat")
        #expect(first.nextOffset == 24)
        let second = try await client.search("cat", offset: 24)
        #expect(second.count == 6)
        #expect(second.nextOffset == nil)
    }

    // MARK: Caching and coalescing

    @Test func aRepeatedPageComesFromTheCacheUntilItExpires() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let clock = ManualClock()
        let client = try Self.client(giphy, clock: clock)
        let first = try await client.search("cat")
        #expect(try await client.search(" CAT ") == first)
        #expect(giphy.apiRequests.count == 1)
        _ = try await client.search("cat", offset: 24)
        _ = try await client.search("cat", language: "ko")
        _ = try await client.trending()
        #expect(giphy.apiRequests.count == 4, "another offset, language or list is another question")
        try await clock.sleep(until: clock.now.advanced(by: .seconds(5 * 60 + 1)), tolerance: nil)
        _ = try await client.search("cat")
        #expect(giphy.apiRequests.count == 5)
    }

    @Test func identicalQuestionsInFlightAreAskedOnce() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let client = try Self.client(giphy)
        async let a = client.search("cat")
        async let b = client.search("cat")
        async let c = client.search("Cat")
        let pages = try await [a, b, c]
        #expect(pages[0] == pages[1] && pages[1] == pages[2])
        #expect(giphy.apiRequests.count == 1)
    }

    @Test func failuresAreNotCached() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let client = try Self.client(giphy)
        giphy.fail(with: .status(503))
        await #expect(throws: GiphyError.self) { try await client.search("cat") }
        giphy.fail(with: nil)
        #expect(try await client.search("cat").count == 24)
        #expect(giphy.apiRequests.count == 2)
    }

    // MARK: GIFs by id

    @Test func aGIFSeenInAPageNeedsNoCall() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let client = try Self.client(giphy)
        let seen = try await client.search("cat").gifs[3]
        #expect(try await client.gif(id: seen.id) == seen)
        #expect(giphy.apiRequests.count == 1)
    }

    @Test func aGIFNotSeenIsAskedForById() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let client = try Self.client(giphy)
        let gif = try await client.gif(id: "gif700")
        #expect(gif.title == "Cat 700 GIF")
        #expect(giphy.apiRequests.last?.path == "/v1/gifs/gif700")
        await #expect(throws: GiphyError.notFound(id: "gif99999")) { try await client.gif(id: "gif99999") }
        await #expect(throws: GiphyError.invalidID("../trending")) { try await client.gif(id: "../trending") }
        #expect(giphy.apiRequests.count == 2)
    }

    @Test func severalGIFsAreAskedForInOneCallInTheOrderAsked() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let client = try Self.client(giphy)
        _ = try await client.gif(id: "gif5")
        let gifs = try await client.gifs(ids: ["gif9", "gif5", "gif99999", "gif8", "gif9"])
        #expect(gifs.map(\.id) == ["gif9", "gif5", "gif8"])
        let request = try #require(giphy.apiRequests.last)
        #expect(request.path == "/v1/gifs")
        #expect(request.query["ids"] == "gif9,gif99999,gif8")
    }

    @Test func theAnimationIsFetchedFromItsRendition() async throws {
        let giphy = try GiphyStandIn()
        defer { giphy.stop() }
        let client = try Self.client(giphy)
        let gif = try await client.gif(id: "gif1")
        #expect(try await client.animationData(of: gif) == GiphyStandIn.animation)
        #expect(giphy.mediaRequests.map(\.path) == ["/media/gif1/giphy.gif"])
    }

    @Test func anAnimationTooLargeFallsBackToASmallerOne() throws {
        let url = { (name: String) in URL(string: "https://media.giphy.com/\(name)")! }
        let gif = GiphyGif(
            id: "a", title: "", rating: nil, username: nil, pageURL: url("page"),
            preview: GiphyRendition(url: url("p"), width: 200, height: 100),
            still: GiphyRendition(url: url("s"), width: 200, height: 100),
            original: GiphyRendition(url: url("o"), width: 800, height: 400, byteCount: 30_000_000),
            animations: [
                GiphyRendition(url: url("o"), width: 800, height: 400, byteCount: 30_000_000),
                GiphyRendition(url: url("dl"), width: 600, height: 300, byteCount: 7_000_000),
                GiphyRendition(url: url("d"), width: 400, height: 200, byteCount: 1_900_000)
            ])
        #expect(gif.animation(notLargerThan: 16 << 20)?.url == url("dl"))
        #expect(gif.animation(notLargerThan: 2_000_000)?.url == url("d"))
        #expect(gif.animation(notLargerThan: 1_000_000) == nil)
    }
}

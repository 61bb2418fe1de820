import Synchronization
import Testing

@testable import WishlistServer

/// The background services start in the order listed and stop in reverse; one that fails to start
/// stops those started before it, and those after it never start.
@Suite struct ServiceListTests {
    /// What the stand-ins were asked to do, in order.
    final class Events: Sendable {
        private let events = Mutex<[String]>([])
        var all: [String] { events.withLock { $0 } }
        func record(_ event: String) { events.withLock { $0.append(event) } }
    }

    struct StartFailure: Error, Equatable {
        let service: String
    }

    /// A service that only records its starts and stops, and fails to start when told to.
    struct RecordingService: BackgroundService {
        let name: String
        let events: Events
        var failsToStart = false

        func start() throws {
            if failsToStart { throw StartFailure(service: name) }
            events.record("start \(name)")
        }

        func stop() { events.record("stop \(name)") }
    }

    @Test func stopsInTheReverseOfTheStartOrder() throws {
        let events = Events()
        let services = ServiceList(["a", "b", "c"].map { RecordingService(name: $0, events: events) })
        try services.start()
        services.stop()
        #expect(events.all == ["start a", "start b", "start c", "stop c", "stop b", "stop a"])
    }

    @Test func aServiceThatFailsToStartStopsThoseAlreadyStarted() {
        let events = Events()
        let services = ServiceList([
            RecordingService(name: "a", events: events), RecordingService(name: "b", events: events),
            RecordingService(name: "c", events: events, failsToStart: true), RecordingService(name: "d", events: events)
        ])
        #expect(throws: StartFailure(service: "c")) { try services.start() }
        #expect(events.all == ["start a", "start b", "stop b", "stop a"])
    }

    @Test func aServiceTheSettingsLeaveOutIsNotListed() throws {
        let events = Events()
        let left: RecordingService? = nil
        let services = ServiceList([RecordingService(name: "a", events: events), left])
        #expect(services.services.count == 1)
    }

    /// The application's own list: what requests hand work to comes before the HTTP server, what
    /// works on its own after it, in the leadership.
    @Test func theApplicationStartsItsServicesAroundTheServer() throws {
        let server = try TestServer { $0.refreshPricesDaily = true }
        let names = server.application.services.services.map { String(describing: type(of: $0)) }
        let watch = TestServer.onPostgreSQL ? ["DatabaseWatch"] : []
        #expect(names == watch + ["RecentSearchRecorder", "ShareViewCounter", "ImportedLinkPreviews", "Server", "Leadership"])
        let leaders = server.application.leadership.services.services.map { String(describing: type(of: $0)) }
        #expect(leaders == ["Housekeeping", "PriceRefresher"])
    }
}

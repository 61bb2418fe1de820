/// The server's background services in the order they start, each before those that rely on it
/// (the recent-search recorder and the imported links' previews before the HTTP server whose
/// requests hand them work); they stop in the reverse order, so nothing is handed work once it
/// has stopped.
struct ServiceList: Sendable {
    let services: [any BackgroundService]

    /// `services` in the order they start; nil for one the settings leave out.
    init(_ services: [(any BackgroundService)?]) {
        self.services = services.compactMap { $0 }
    }

    /// Starts every service in order. When one fails, those already started are stopped, in
    /// reverse, before its error is thrown: a server that cannot listen leaves no thread behind.
    func start() throws {
        for (index, service) in services.enumerated() {
            do {
                try service.start()
            } catch {
                stop(services[..<index])
                throw error
            }
        }
    }

    /// Stops every service, the last started first.
    func stop() {
        stop(services[...])
    }

    private func stop(_ started: ArraySlice<any BackgroundService>) {
        for service in started.reversed() {
            service.stop()
        }
    }
}

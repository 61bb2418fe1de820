/// A part of the server that works beside the request handlers from `start` until `stop`: the
/// HTTP server itself, the housekeeping, the price refresher… `ServiceList` starts and stops them.
protocol BackgroundService: Sendable {
    func start() throws
    /// Returns once the service has finished what it was doing; stopping twice does nothing more.
    func stop()
}

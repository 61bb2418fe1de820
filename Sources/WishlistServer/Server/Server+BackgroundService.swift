import HTTPServer

/// The HTTP server is one of the application's background services: `start` listens, `stop`
/// finishes the requests in flight.
extension Server: BackgroundService {}

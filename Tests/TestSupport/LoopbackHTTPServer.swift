import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests of clients: canned answers, one thread per
/// connection, and a count of every connection accepted, so a test can show that a refused
/// request never reached it.
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// A request as received; header names lower-cased.
    public struct Request: Sendable {
        public let method: String
        public let target: String
        public let headers: [String: String]

        public var path: String { String(target.prefix { $0 != "?" }) }

        public var query: [String: String] {
            let items = URLComponents(string: target)?.queryItems ?? []
            return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        }
    }

    public enum Reply: Sendable {
        case answer(status: Int, headers: [String: String], body: [UInt8])
        /// A 200 without `Content-Length`: the body ends when the connection closes.
        case unsized(headers: [String: String], body: [UInt8])
        /// Close the connection without a word.
        case hangUp
        /// Keep the connection open and say nothing until the server stops.
        case stall

        public static func json(status: Int, body: String) -> Reply {
            .answer(status: status, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
        }

        public static func html(_ body: String, contentType: String = "text/html; charset=utf-8") -> Reply {
            .answer(status: 200, headers: ["Content-Type": contentType], body: Array(body.utf8))
        }

        public static func redirect(to location: String, status: Int = 302) -> Reply {
            .answer(status: status, headers: ["Location": location], body: [])
        }
    }

    public let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var received: [Request] = []
    private var accepted = 0
    private var stalls: [Duration] = []
    private let stallEnded = DispatchSemaphore(value: 0)
    private var open: Set<Int32> = []
    private let connections = DispatchGroup()
    private let finished = DispatchSemaphore(value: 0)

    /// Every request read, in order of arrival.
    public var requests: [Request] { lock.withLock { received } }
    /// Connections accepted, whether or not a request came on them.
    public var connectionCount: Int { lock.withLock { accepted } }
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// How long the client kept its first stalled connection open before closing it, timed on the
    /// server's own thread (a busy test run can delay the client's task far longer than that).
    /// Waits up to `patience` for the client to close it; nil when it did not.
    public func firstStallDuration(patience: Duration = .seconds(30)) -> Duration? {
        if let first = lock.withLock({ stalls.first }) { return first }
        let seconds = Double(patience.components.seconds)
        guard stallEnded.wait(timeout: .now() + seconds) == .success else { return nil }
        stallEnded.signal()
        return lock.withLock { stalls.first }
    }

    public init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        (listener, port) = try LoopbackListener.open()
        Thread.detachNewThread { [self] in
            acceptLoop()
            finished.signal()
        }
    }

    /// A URL on this server.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
    }

    /// Stops listening, ends stalled connections and waits for every thread.
    ///
    /// The listener is closed only after its thread is gone: closed earlier, its number could be
    /// reused by another test's socket, and this thread would accept that test's connections.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
        lock.withLock { for connection in open { _ = shutdown(connection, Int32(SHUT_RDWR)) } }
        connections.wait()
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            lock.withLock {
                accepted += 1
                open.insert(connection)
            }
            connections.enter()
            Thread.detachNewThread { [self] in
                serve(connection)
                lock.withLock { _ = open.remove(connection) }
                close(connection)
                connections.leave()
            }
        }
    }

    private func serve(_ connection: Int32) {
        guard let request = readRequest(connection) else { return }
        lock.withLock { received.append(request) }
        switch handler(request) {
        case .hangUp:
            return
        case .stall:
            // Ends when the client gives up and closes, or when `stop` shuts the connection down.
            let clock = ContinuousClock()
            let started = clock.now
            var byte: UInt8 = 0
            while recv(connection, &byte, 1, 0) > 0 {}
            lock.withLock { stalls.append(started.duration(to: clock.now)) }
            stallEnded.signal()
        case .answer(let status, let headers, let body):
            send(status: status, headers: headers.merging(["Content-Length": String(body.count)]) { $1 }, body: body, on: connection)
        case .unsized(let headers, let body):
            send(status: 200, headers: headers, body: body, on: connection)
        }
    }

    private func send(status: Int, headers: [String: String], body: [UInt8], on connection: Int32) {
        var head = "HTTP/1.1 \(status) Canned\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + body
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { break }
            sent += written
        }
    }

    /// Reads up to the end of the headers; the clients under test send only GETs.
    private func readRequest(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while bytes.firstRange(of: end) == nil {
            guard bytes.count < 65_536 else { return nil }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            bytes += chunk[..<count]
        }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers)
    }
}

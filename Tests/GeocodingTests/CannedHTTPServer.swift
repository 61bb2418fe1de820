import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 serving canned answers, one connection at a time, on its
/// own thread: enough to test a client without the internet.
final class CannedHTTPServer: @unchecked Sendable {
    struct Request: Sendable {
        let method: String
        let target: String
        /// Header names lower-cased.
        let headers: [String: String]

        var path: String { String(target.prefix { $0 != "?" }) }

        var query: [String: String] {
            let items = URLComponents(string: target)?.queryItems ?? []
            return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        }
    }

    enum Reply: Sendable {
        case json(status: Int, body: String)
        /// Close the connection without a word.
        case hangUp
        /// Keep the connection open and say nothing until the server stops.
        case stall
    }

    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var received: [Request] = []
    private var stalled: [Int32] = []
    private let finished = DispatchSemaphore(value: 0)

    var requests: [Request] { lock.withLock { received } }
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in
            acceptLoop()
            finished.signal()
        }
    }

    /// Stops listening, waits for the serving thread and closes any stalled connection.
    ///
    /// The descriptor is closed only after the thread is gone: closed earlier, its number could be
    /// reused by another test's socket, and this thread would accept that test's connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
        lock.withLock { stalled.forEach { _ = close($0) } }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            serve(connection)
        }
    }

    private func serve(_ connection: Int32) {
        guard let request = readRequest(connection) else {
            close(connection)
            return
        }
        lock.withLock { received.append(request) }
        switch handler(request) {
        case .hangUp:
            close(connection)
        case .stall:
            lock.withLock { stalled.append(connection) }
        case let .json(status, body):
            let payload = Array(body.utf8)
            let head = "HTTP/1.1 \(status) Canned\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(payload.count)\r\nConnection: close\r\n\r\n"
            let bytes = Array(head.utf8) + payload
            var sent = 0
            while sent < bytes.count {
                let written = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if written <= 0 { break }
                sent += written
            }
            close(connection)
        }
    }

    /// Reads up to the end of the headers; the client under test sends only GETs.
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

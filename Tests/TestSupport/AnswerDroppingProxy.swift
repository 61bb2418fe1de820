import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy on 127.0.0.1 in front of a real server that can lose an answer the way a phone on a
/// train does: the request reaches the server and is carried out, the server answers, and the
/// client's connection is reset before a byte of that answer reaches it. Tests of clients that
/// retry use it to show that the retry does not do the work twice.
public final class AnswerDroppingProxy: @unchecked Sendable {
    public let port: UInt16
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let upstreamPort: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var answersToDrop = 0
    private var droppedRequest: String?
    private var forwarded: [UInt8] = []
    private var open: Set<Int32> = []
    private let connections = DispatchGroup()
    private let finished = DispatchSemaphore(value: 0)

    /// Everything clients sent through the proxy, as text: the request heads can be read in it.
    public var forwardedText: String { lock.withLock { String(decoding: forwarded, as: UTF8.self) } }

    /// The `Idempotency-Key` of every request sent through the proxy whose line is `method path`,
    /// in order; "" for one sent without a key.
    public func idempotencyKeys(_ method: String, _ path: String) -> [String] {
        forwardedText.components(separatedBy: "\r\n\r\n").compactMap { head in
            guard head.contains("\(method) \(path) HTTP/1.1") else { return nil }
            let line = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("idempotency-key:") }
            return line.map { String($0.dropFirst("idempotency-key:".count)).trimmingCharacters(in: .whitespaces) } ?? ""
        }
    }

    /// A proxy to the server listening on `upstreamPort` on 127.0.0.1.
    public init(upstreamPort: UInt16) throws {
        self.upstreamPort = upstreamPort
        (listener, port) = try LoopbackListener.open()
        Thread.detachNewThread { [self] in
            acceptLoop()
            finished.signal()
        }
    }

    /// The next `count` answers, on whatever connections they come, are dropped and their client
    /// connections reset; with `request`, only answers to requests whose line starts with it, e.g.
    /// `"POST /api/v1/wishes "`.
    public func dropAnswers(_ count: Int = 1, to request: String? = nil) {
        lock.withLock {
            answersToDrop = count
            droppedRequest = request
        }
    }

    /// Stops listening, ends open connections and waits for every thread. The listener is closed
    /// only after its thread is gone, for the reason `LoopbackHTTPServer.stop` gives.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
        lock.withLock { for connection in open { _ = shutdown(connection, Int32(SHUT_RDWR)) } }
        connections.wait()
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = LoopbackListener.address(port: upstreamPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard upstream >= 0, connected else {
                if upstream >= 0 { close(upstream) }
                close(client)
                continue
            }
            lock.withLock { open.formUnion([client, upstream]) }
            connections.enter()
            Thread.detachNewThread { [self] in
                relay(client, upstream)
                lock.withLock { open.subtract([client, upstream]) }
                close(client)
                close(upstream)
                connections.leave()
            }
        }
    }

    /// Carries bytes both ways on one thread (so nothing is left blocked on a closed socket) until
    /// either side closes. When an answer is to be dropped, its first bytes end the client's
    /// connection with a reset (SO_LINGER of zero, then the close) instead of reaching it.
    private func relay(_ client: Int32, _ upstream: Int32) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // The line of the request last sent on this connection (clients here send one at a time).
        var requestLine = ""
        var sockets = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: upstream, events: Int16(POLLIN), revents: 0)]
        while true {
            if poll(&sockets, 2, -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            for index in 0..<2 where sockets[index].revents != 0 {
                let source = sockets[index].fd
                let count = chunk.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return }
                if source == client {
                    lock.withLock { forwarded += chunk[..<count] }
                    let text = String(decoding: chunk[..<min(count, 2048)], as: UTF8.self)
                    if let line = text.split(separator: "\r\n").first, line.hasSuffix(" HTTP/1.1") { requestLine = String(line) }
                    guard write(chunk[..<count], to: upstream) else { return }
                } else if takeDrop(answering: requestLine) {
                    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                    setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                    return
                } else {
                    guard write(chunk[..<count], to: client) else { return }
                }
            }
        }
    }

    private func takeDrop(answering requestLine: String) -> Bool {
        lock.withLock {
            guard answersToDrop > 0, droppedRequest.map({ requestLine.hasPrefix($0) }) ?? true else { return false }
            answersToDrop -= 1
            return true
        }
    }

    private func write(_ bytes: ArraySlice<UInt8>, to destination: Int32) -> Bool {
        var sent = bytes.startIndex
        while sent < bytes.endIndex {
            let written = bytes[sent...].withUnsafeBytes { send(destination, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return false }
            sent += written
        }
        return true
    }
}

import Foundation

@testable import HTTPServer

/// A minimal HTTP/1.1 client over one POSIX socket, so tests can see exactly
/// what goes over the wire: several requests on one connection, chunked bodies,
/// hand-written malformed requests.
final class RawHTTPClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32
    private var pending: [UInt8] = []

    init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // No close here: a class whose properties are all set is deinitialised when its init
        // throws, and a second close could hit a descriptor number another test's server has
        // just been given (libmicrohttpd aborts when closing it fails).
        guard connected == 0 else { throw Failure(description: "connect failed: errno \(errno)") }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    func send(_ text: String) throws { try send(Data(text.utf8)) }

    func send(_ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Foundation.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
                offset += sent
            }
        }
    }

    /// Sends a request with a Content-Length body (if any) and reads the answer.
    func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: Data? = nil) throws -> TestResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        try send(head + "\r\n")
        if let body { try send(body) }
        return try readResponse(isHead: method == "HEAD")
    }

    func readResponse(isHead: Bool = false) throws -> TestResponse {
        let headerEnd = try readUntil([13, 10, 13, 10])
        let headText = String(decoding: headerEnd, as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw Failure(description: "empty response") }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line") }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let hasBody = !isHead && status != 204 && status != 304
        if hasBody, headers["Transfer-Encoding"] == "chunked" {
            return TestResponse(status: status, headers: headers, body: try readChunks())
        }
        let length = Int(headers["Content-Length"] ?? "0") ?? 0
        let body = hasBody ? try readExactly(length) : []
        return TestResponse(status: status, headers: headers, body: Data(body))
    }

    /// Reads only the status line and headers, leaving the body unread.
    func readHead() throws -> String {
        String(decoding: try readUntil([13, 10, 13, 10]), as: UTF8.self)
    }

    /// The rest of a chunked body whose head `readHead` read.
    func readRemainingChunks() throws -> Data { try readChunks() }

    /// A chunked body up to its last, empty chunk; throws when the connection ends first.
    private func readChunks() throws -> Data {
        var body = Data()
        while true {
            let sizeLine = String(decoding: try readUntil([13, 10]).dropLast(2), as: UTF8.self)
            guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else {
                throw Failure(description: "bad chunk size \(sizeLine)")
            }
            body.append(contentsOf: try readExactly(size))
            guard try readExactly(2) == [13, 10] else { throw Failure(description: "chunk without its CRLF") }
            if size == 0 { return body }
        }
    }

    /// True when something from the server (an answer, or the connection's end) arrives within
    /// `milliseconds`; false when the server has sent nothing by then.
    func hearsFromServer(within milliseconds: Int32) -> Bool {
        guard pending.isEmpty else { return true }
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, milliseconds) > 0
    }

    /// True when the server has closed or reset the connection (waits up to the receive timeout).
    func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        guard pending.isEmpty else { return false }
        let received = recv(descriptor, &byte, 1, 0)
        return received == 0 || (received < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    private func fill() throws {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let received = recv(descriptor, &buffer, buffer.count, 0)
        guard received > 0 else { throw Failure(description: received == 0 ? "connection closed" : "recv failed: errno \(errno)") }
        pending.append(contentsOf: buffer[..<received])
    }

    private func readUntil(_ marker: [UInt8]) throws -> [UInt8] {
        while true {
            if let index = pending.firstIndex(of: marker) {
                let head = Array(pending[..<(index + marker.count)])
                pending.removeFirst(index + marker.count)
                return head
            }
            try fill()
        }
    }

    private func readExactly(_ count: Int) throws -> [UInt8] {
        while pending.count < count { try fill() }
        defer { pending.removeFirst(count) }
        return Array(pending[..<count])
    }
}

import Foundation
import Testing

@testable import HTTPServer

/// Bodies made while they are sent (`ResponseBody.stream`): every byte in order through a buffer
/// much smaller than the body, the event thread free while the producer waits, a producer's
/// failure cutting the body short, and a client that leaves stopping the producer.
@Suite struct ResponseStreamTests {
    static func pattern(_ count: Int) -> Data { Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }) }

    @Test func sendsMoreThanItsBufferChunkedAndInOrder() throws {
        let expected = Self.pattern(3 << 20)
        let server = try TestServer { router in
            router.get("/stream") { _ in
                Response(
                    body: .stream(
                        ResponseStream(capacity: 16 << 10) { write in
                            var offset = 0
                            while offset < expected.count {
                                let end = min(expected.count, offset + 1000)
                                try expected[offset..<end].withUnsafeBytes { try write($0) }
                                offset = end
                            }
                        }))
            }
        }
        let response = try server.request("GET", "/stream")
        #expect(response.status == 200)
        #expect(response.headers["Transfer-Encoding"] == "chunked")
        #expect(response.body == expected)
    }

    @Test func aWaitingProducerLeavesTheEventThreadFree() throws {
        let release = DispatchSemaphore(value: 0)
        let server = try TestServer(configure: { $0.eventThreads = 1 }) { router in
            router.get("/ping") { _ in .json(["pong": true]) }
            router.get("/stream") { _ in
                Response(
                    body: .stream(
                        ResponseStream { write in
                            try Data("first ".utf8).withUnsafeBytes { try write($0) }
                            // Nothing more until the test has been answered on another connection.
                            release.wait()
                            try Data("last".utf8).withUnsafeBytes { try write($0) }
                        }))
            }
        }
        let streaming = try server.client()
        try streaming.send("GET /stream HTTP/1.1\r\nHost: localhost\r\n\r\n")
        _ = try streaming.readHead()
        // The only event thread answers another request while the stream waits for its producer.
        #expect(try server.request("GET", "/ping").status == 200)
        release.signal()
        let rest = try streaming.readRemainingChunks()
        #expect(String(decoding: rest, as: UTF8.self) == "first last")
    }

    @Test func aFailingProducerCutsTheBodyShort() throws {
        struct Broken: Error {}
        let server = try TestServer { router in
            router.get("/stream") { _ in
                Response(
                    body: .stream(
                        ResponseStream { write in
                            try Self.pattern(100_000).withUnsafeBytes { try write($0) }
                            throw Broken()
                        }))
            }
        }
        #expect(throws: RawHTTPClient.Failure.self) { try server.request("GET", "/stream") }
    }

    @Test func aClientThatLeavesStopsTheProducer() throws {
        let cancelled = DispatchSemaphore(value: 0)
        let server = try TestServer { router in
            router.get("/stream") { _ in
                Response(
                    body: .stream(
                        ResponseStream(capacity: 8 << 10) { write in
                            let block = Data(count: 4096)
                            do {
                                // Endless, but for the client.
                                while true { try block.withUnsafeBytes { try write($0) } }
                            } catch is ResponseStream.Cancelled {
                                cancelled.signal()
                                throw ResponseStream.Cancelled()
                            }
                        }))
            }
        }
        do {
            let client = try server.client()
            try client.send("GET /stream HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = try client.readHead()
        }
        // The producer's write threw `Cancelled` once the connection closed.
        #expect(cancelled.wait(timeout: .now() + 30) == .success)
    }
}

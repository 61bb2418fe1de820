import CMicroHTTPD
import Foundation

extension Server {
    /// Hands a response to the daemon and logs the request.
    func queue(_ response: Response, context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        var response = response
        guard let native = makeNativeResponse(&response, connection: connection) else { return .NO }
        defer { MHD_destroy_response(native) }
        for (name, value) in response.headers {
            _ = MHD_add_response_header(native, name, value)
        }
        if stopping.load(ordering: .relaxed) {
            _ = MHD_add_response_header(native, "Connection", "close")
        }
        let result = MHD_queue_response(connection, UInt32(clamping: response.status.code), native)
        if let logger = configuration.logger {
            // Tenths of a millisecond, formatted by hand: `String(format:)` costs more than a small request.
            let tenths = (DispatchTime.now().uptimeNanoseconds - context.startNanoseconds + 50_000) / 100_000
            let took = "\(tenths / 10).\(tenths % 10)ms"
            if let prefix = configuration.privatePathPrefixes.first(where: { context.rawTarget.hasPrefix($0) }) {
                logger("- \(prefix)… - \(took)")
            } else {
                let method = context.method?.rawValue ?? "-"
                logger("\(method) \(Self.loggablePath(context.rawTarget)) \(response.status.code) \(took)")
            }
        }
        return result
    }

    /// The path as sent, still percent-encoded so that a crafted path cannot forge
    /// log lines, and without the query, which may carry secrets.
    private static func loggablePath(_ rawTarget: String) -> String {
        let path = rawTarget.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(rawTarget[..<$0]) } ?? rawTarget
        guard path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return path }
        return String(
            path.unicodeScalars.map { scalar -> Character in
                scalar.value < 0x20 || scalar.value == 0x7F ? "?" : Character(scalar)
            })
    }

    /// The daemon's response object. A file that cannot be opened any more turns the answer into a 404.
    private func makeNativeResponse(_ response: inout Response, connection: OpaquePointer) -> OpaquePointer? {
        switch response.body {
        case .empty:
            return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        case .data(let data):
            return data.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                    .RESPMEM_MUST_COPY)
            }
        case .bytes(let bytes):
            // No copy: the daemon sends from the shared bytes and holds a reference to them until
            // it frees the response (`responseBytesFree`).
            let retained = Unmanaged.passRetained(bytes)
            guard
                let native = MHD_create_response_from_buffer_with_free_callback_cls(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), responseBytesFree,
                    retained.toOpaque())
            else {
                retained.release()
                return nil
            }
            return native
        case .file(let path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            var info = stat()
            guard descriptor >= 0, fstat(descriptor, &info) == 0 else {
                return fileVanished(descriptor, &response, connection)
            }
            // The daemon closes the descriptor when it destroys the response.
            return MHD_create_response_from_fd64(UInt64(info.st_size), descriptor)
        case .fileRange(let path, let offset, let length):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0, offset >= 0, length >= 0 else { return fileVanished(descriptor, &response, connection) }
            return MHD_create_response_from_fd_at_offset64(UInt64(length), descriptor, UInt64(offset))
        case .stream(let stream):
            // The daemon holds the stream until it frees the response (`responseStreamFree`).
            let retained = Unmanaged.passRetained(stream)
            guard
                let native = MHD_create_response_from_callback(
                    UInt64.max, 64 << 10, responseStreamRead, retained.toOpaque(), responseStreamFree)
            else {
                retained.release()
                return nil
            }
            stream.start(connection: connection) { job in workers.submit(job) }
            return native
        }
    }

    private func fileVanished(_ descriptor: Int32, _ response: inout Response, _ connection: OpaquePointer) -> OpaquePointer? {
        if descriptor >= 0 { close(descriptor) }
        response = Response(error: HTTPError(.notFound, code: "not_found", message: "No such file."))
        return makeNativeResponse(&response, connection: connection)
    }
}

/// The daemon is done with a response sent from `ResponseBytes`: its reference goes.
func responseBytesFree(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<ResponseBytes>.fromOpaque(context).release()
}

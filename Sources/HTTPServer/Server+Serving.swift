import CMicroHTTPD
import Foundation

extension Server {
    /// One call of the access handler. The first call only looks at the
    /// request line and headers and answers YES without a response (queueing
    /// then would make the daemon close the connection); body chunks are
    /// consumed as they come; the final call answers a non-blocking route (or
    /// a route's quick answer, when it has one) at once and hands every other
    /// request to a worker, suspending the
    /// connection until the worker's answer is ready (the daemon then calls
    /// once more, and that call queues it).
    func serve(
        _ context: RequestContext, connection: OpaquePointer, method: UnsafePointer<CChar>,
        chunk: UnsafeRawBufferPointer, consumed: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        if !context.started {
            context.started = true
            if let refusal = begin(context, connection: connection, method: String(cString: method)) {
                return queue(Response(error: refusal), context: context, connection: connection)
            }
            return .YES
        }
        if chunk.count > 0 {
            consumed.pointee = 0
            return receive(chunk, into: context)
        }
        if let response = context.response {
            return queue(response, context: context, connection: connection)
        }
        guard let (request, terminal) = prepare(context, connection: connection) else {
            return queue(
                Response(error: context.failure ?? ServerErrorBody.internalError), context: context,
                connection: connection)
        }
        if case .found(let route, _) = context.match {
            if route.nonBlocking {
                return queue(respond(to: request, terminal: terminal), context: context, connection: connection)
            }
            // The middleware run here too: for an answer already made they wait on nothing, as for
            // the non-blocking routes.
            if let quick = route.quick, let answer = quick(request) {
                return queue(respond(to: request, terminal: { _ in answer }), context: context, connection: connection)
            }
        }
        // Suspended first, so that the worker cannot resume the connection before it is suspended.
        context.suspend()
        let handedOver = workers.submit { [self] in
            context.resume(with: respond(to: request, terminal: terminal))
        }
        if !handedOver {
            context.resume(with: Response(error: Self.shuttingDown))
        }
        return .YES
    }

    /// Reads what the request line and headers say; an error here is answered at once.
    private func begin(_ context: RequestContext, connection: OpaquePointer, method: String) -> HTTPError? {
        guard let httpMethod = HTTPMethod(rawValue: method) else { return unrouted(method, context, connection: connection) }
        context.method = httpMethod
        if let refusal = refusal(ofHeadOf: context, connection: connection) { return refusal }
        let target: RequestTarget
        do { target = try RequestTarget(context.rawTarget) } catch { return error }
        context.target = target
        context.match = router.match(httpMethod, segments: target.segments)

        var limit = configuration.defaultBodyLimit
        if case .found(let route, _) = context.match, let routeLimit = route.bodyLimit { limit = routeLimit }
        if let declared = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
            let length = Int(String(cString: declared)), length > limit
        {
            return Self.tooLarge(limit)
        }
        context.sink = BodySink(
            limit: limit, memoryThreshold: configuration.memoryBodyThreshold,
            directory: configuration.temporaryDirectory, temporaryFiles: context.temporaryFiles)
        return nil
    }

    /// A method no route takes (TRACE, QUERY, a made-up one): 405 with `Allow` where the path names
    /// a resource, as for any method a resource does not answer; 404 elsewhere.
    private func unrouted(_ method: String, _ context: RequestContext, connection: OpaquePointer) -> HTTPError {
        if let refusal = refusal(ofHeadOf: context, connection: connection) { return refusal }
        let target: RequestTarget
        do { target = try RequestTarget(context.rawTarget) } catch { return error }
        let allowed = router.allowedMethods(segments: target.segments)
        guard !allowed.isEmpty else { return HTTPError(.notFound, code: "not_found", message: "Nothing here.") }
        return HTTPError(
            .methodNotAllowed, code: "method_not_allowed", message: "This resource does not answer \(method).",
            headers: ["Allow": allowed.map(\.rawValue).joined(separator: ", ")])
    }

    /// A 414 for a target longer than allowed, a 431 for too many or too large header lines.
    private func refusal(ofHeadOf context: RequestContext, connection: OpaquePointer) -> HTTPError? {
        let targetLength = context.rawTarget.utf8.count
        if targetLength > configuration.maximumTargetLength {
            return HTTPError(
                .uriTooLong, code: "uri_too_long",
                message: "The request target is \(targetLength) bytes long; at most \(configuration.maximumTargetLength) are accepted.")
        }
        var size = HeaderSize()
        withUnsafeMutablePointer(to: &size) { pointer in
            _ = MHD_get_connection_values(connection, .HEADER_KIND, measureHeader, pointer)
        }
        if size.count > configuration.maximumHeaderCount {
            return HTTPError(
                .requestHeaderFieldsTooLarge, code: "headers_too_large",
                message: "The request has \(size.count) header lines; at most \(configuration.maximumHeaderCount) are accepted.")
        }
        if size.bytes > configuration.maximumHeaderBytes {
            return HTTPError(
                .requestHeaderFieldsTooLarge, code: "headers_too_large",
                message: "The request's headers are \(size.bytes) bytes; at most \(configuration.maximumHeaderBytes) are accepted.")
        }
        return nil
    }

    /// Bytes of a refused body read and dropped before the connection is cut
    /// instead: libmicrohttpd cannot answer before the body has ended, so an
    /// endless chunked upload would otherwise be read forever.
    static let discardAllowance = 1 << 20

    private func receive(_ chunk: UnsafeRawBufferPointer, into context: RequestContext) -> MHD_Result {
        guard context.failure == nil, let sink = context.sink else {
            context.discarded += chunk.count
            return context.discarded > context.discardAllowance ? .NO : .YES
        }
        do {
            try sink.append(chunk)
        } catch {
            switch error {
            case .tooLarge(let limit):
                // The rest is read and dropped so that the 413 goes out on a clean connection.
                context.failure = Self.tooLarge(limit)
            case .writeFailed where error.isNoSpace:
                configuration.logger?("error: no space left to store a request body")
                context.failure = ServerErrorBody.storageFull
                // The rest of a body the route takes is read and dropped (into no file), so the
                // client, still sending, reads the 507 rather than a cut connection.
                context.discardAllowance = max(Self.discardAllowance, sink.limit - sink.count)
            case .writeFailed(let code):
                configuration.logger?("error: storing a request body failed: \(String(cString: strerror(code)))")
                context.failure = ServerErrorBody.internalError
            }
            context.sink = nil
            context.temporaryFiles.removeAll()
        }
        return .YES
    }

    private static let shuttingDown = HTTPError(
        .serviceUnavailable, code: "shutting_down", message: "The server is shutting down; try again shortly.")

    private static func tooLarge(_ limit: Int) -> HTTPError {
        HTTPError(.contentTooLarge, code: "content_too_large", message: "The request body is larger than \(limit) bytes.")
    }

    /// The request and the handler that answers it, from what the daemon has
    /// read; nil when the request was refused while its body arrived.
    private func prepare(_ context: RequestContext, connection: OpaquePointer) -> (Request, Handler)? {
        guard context.failure == nil, let method = context.method, let target = context.target else { return nil }
        let terminal: Handler
        var parameters: [String: String] = [:]
        switch context.match {
        case .found(let route, let found):
            terminal = route.handler
            parameters = found
        case .methodNotAllowed(let allowed):
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            terminal = { _ in
                throw HTTPError(
                    .methodNotAllowed, code: "method_not_allowed",
                    message: "This resource does not answer \(method.rawValue).", headers: ["Allow": allow])
            }
        case .notFound:
            terminal = { _ in throw HTTPError(.notFound, code: "not_found", message: "Nothing here.") }
        }
        let headers = Self.headers(of: connection)
        let client = ClientAddress.of(
            peer: Self.remoteAddress(of: connection), forwardedFor: headers["X-Forwarded-For"],
            trustedProxies: configuration.trustedProxies)
        let request = Request(
            method: method, path: target.path, queryItems: target.queryItems,
            headers: headers, remoteAddress: client,
            parameters: parameters, body: context.sink?.finish() ?? .empty,
            temporaryFiles: context.temporaryFiles, temporaryDirectory: configuration.temporaryDirectory,
            memoryBodyThreshold: configuration.memoryBodyThreshold)
        return (request, terminal)
    }

    /// Runs middleware and handler; every thrown error becomes a JSON error answer.
    private func respond(to request: Request, terminal: Handler) -> Response {
        do {
            return try run(request, through: middleware[...], terminal: terminal)
        } catch let error as any HTTPResponseError {
            return Response(error: error)
        } catch {
            configuration.logger?("error: \(request.method.rawValue) \(request.path): \(String(reflecting: error))")
            return Response(error: ServerErrorBody.internalError)
        }
    }

    private func run(_ request: Request, through chain: ArraySlice<any Middleware>, terminal: Handler) throws -> Response {
        guard let first = chain.first else { return try terminal(request) }
        return try first.handle(request) { try run($0, through: chain.dropFirst(), terminal: terminal) }
    }

    private static func headers(of connection: OpaquePointer) -> HTTPHeaders {
        var headers = HTTPHeaders()
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values(connection, .HEADER_KIND, collectHeader, pointer)
        }
        return headers
    }

    private static func remoteAddress(of connection: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard wl_client_address(connection, &buffer, socklen_t(buffer.count)) == 0 else { return "" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// Header iterator for `MHD_get_connection_values`; `cls` points at an `HTTPHeaders`.
private func collectHeader(
    _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let cls, let key else { return .YES }
    cls.assumingMemoryBound(to: HTTPHeaders.self).pointee.add(String(cString: key), value.map { String(cString: $0) } ?? "")
    return .YES
}

/// The header lines of a request, counted by `measureHeader`.
private struct HeaderSize {
    var count = 0
    /// Names and values, each line counted as `name: value` and its line break.
    var bytes = 0
}

/// Header iterator for `MHD_get_connection_values`; `cls` points at a `HeaderSize`.
private func measureHeader(
    _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let cls else { return .YES }
    let size = cls.assumingMemoryBound(to: HeaderSize.self)
    size.pointee.count += 1
    size.pointee.bytes += (key.map { strlen($0) } ?? 0) + (value.map { strlen($0) } ?? 0) + 4
    return .YES
}

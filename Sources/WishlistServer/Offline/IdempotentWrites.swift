import Crypto
import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// Idempotent writes (issue 30): a POST, PUT, PATCH or DELETE under `/api/v1` sent with an
/// `Idempotency-Key` runs once per account and key. A repeat gets the first answer again, status,
/// headers and body byte for byte, with `Idempotency-Replayed: true`, and changes nothing; the key
/// with another request is 422 `idempotency_key_reused`; a repeat while the first still runs is 409
/// `request_in_progress`, and one whose first try was cut short by a crash or restart is 409
/// `request_outcome_unknown` (it may or may not have taken effect). A client whose answer was lost
/// can so send a write again safely (the offline outbox, the Swift client's retry).
///
/// It sits outside `DomainErrorMiddleware`, so an error answer is kept and replayed like any other;
/// a server error (5xx) is not kept, so the write may be tried again. Keys live a day and more
/// (`keptFor`), across restarts; `Housekeeping` forgets older ones. Requests it cannot tie to an
/// account (no valid session or token) pass through: the route answers them 401.
struct IdempotentWrites: Middleware {
    static let header = "Idempotency-Key"
    static let replayedHeader = "Idempotency-Replayed"
    /// How long a key is kept: the day promised, and an hour's margin for housekeeping's rounds.
    static let keptFor: TimeInterval = 25 * 3600

    let keys: IdempotencyRepository
    let authenticator: Authenticator
    let clock: @Sendable () -> Date
    /// This server process, so a claim left by an earlier one is told apart from a request still running.
    let run = UUID().uuidString.lowercased()

    static let invalidKey = HTTPError(
        .badRequest, code: "invalid_idempotency_key",
        message: "An Idempotency-Key is 1 to 255 printable ASCII characters.")
    static let reused = HTTPError(
        .unprocessableContent, code: "idempotency_key_reused",
        message: "This Idempotency-Key was sent before with another method, path or body: use a new key for a new request.")
    static let running = HTTPError(
        .conflict, code: "request_in_progress",
        message: "A request with this Idempotency-Key is still running: send it again once it has answered.")
    static let interrupted = HTTPError(
        .conflict, code: "request_outcome_unknown",
        message:
            "The server stopped while the request with this Idempotency-Key ran, so whether it took effect is unknown: check, then send it with a new key if it is still needed."
    )

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        // A shared list's routes belong to no account, and a cookie must have no effect there (X8).
        guard Self.isWrite(request.method), request.path.hasPrefix(APIRoute.apiPrefix),
            !request.path.hasPrefix(ShareLinks.apiPrefix), let key = request.headers[Self.header]
        else {
            return try next(request)
        }
        guard Self.isValid(key) else { throw Self.invalidKey }
        guard let account = try? authenticator.account(for: request) else { return try next(request) }
        let fingerprint = try Self.fingerprint(of: request)
        switch try keys.claim(key, owner: account.key, fingerprint: fingerprint, run: run, now: clock()) {
        case .answered(let answer): return Self.replay(answer)
        case .reused: throw Self.reused
        case .running: throw Self.running
        case .interrupted: throw Self.interrupted
        case .claimed: break
        }
        let response: Response
        do {
            response = try next(request)
        } catch let error as any HTTPResponseError {
            response = Response(error: error)
        } catch {
            try? keys.release(key, owner: account.key)
            throw error
        }
        if let answer = Self.keepable(response) {
            try keys.finish(key, owner: account.key, with: answer)
        } else {
            try keys.release(key, owner: account.key)
        }
        return response
    }

    static func isWrite(_ method: HTTPMethod) -> Bool {
        [.POST, .PUT, .PATCH, .DELETE].contains(method)
    }

    /// 1 to 255 printable ASCII characters (space to tilde).
    static func isValid(_ key: String) -> Bool {
        (1...255).contains(key.utf8.count) && key.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// The digest of what makes two requests the same: method, path, query (in name order) and body.
    static func fingerprint(of request: Request) throws -> [UInt8] {
        var hasher = Crypto.SHA256()
        let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        Array("\(request.method.rawValue) \(request.path)?\(query)\n".utf8).withUnsafeBytes { hasher.update($0) }
        switch request.body {
        case .empty: break
        case .memory(let data): data.withUnsafeBytes { hasher.update($0) }
        case .file(let path, _):
            // An upload may be tens of megabytes: read a piece at a time.
            guard let file = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
            defer { try? file.close() }
            while let piece = try file.read(upToCount: 1 << 20), !piece.isEmpty {
                piece.withUnsafeBytes { hasher.update($0) }
            }
        }
        return hasher.finalize()
    }

    /// The answer to keep, or nil for one that is not kept: a server error, or a body that is a file or a stream.
    static func keepable(_ response: Response) -> IdempotentAnswer? {
        guard response.status.code < 500 else { return nil }
        let headers = response.headers.map { [$0.name, $0.value] }
        guard let body = response.body.inMemory else { return nil }
        return IdempotentAnswer(status: response.status.code, headers: headers, body: body)
    }

    static func replay(_ answer: IdempotentAnswer) -> Response {
        var headers = HTTPHeaders()
        for pair in answer.headers where pair.count == 2 { headers.add(pair[0], pair[1]) }
        headers[replayedHeader] = "true"
        return Response(
            status: HTTPStatus(code: answer.status), headers: headers, body: answer.body.isEmpty ? .empty : .data(answer.body))
    }
}

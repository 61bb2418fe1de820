import Foundation
import WishlistCore

/// Lost answers (issue 30). Every write under `/api/v1` carries an `Idempotency-Key`, so when the
/// connection fails after the request may have reached the server, the client sends it again with
/// the same key: the server runs it once and answers the repeat with the first answer. Reads are
/// repeated the same way; a write without a key (one the caller built without it) is never repeated.
extension WishlistClient {
    /// The header that makes a write safe to send again.
    public static let idempotencyKeyHeader = "Idempotency-Key"

    /// How many times a repeatable request is sent in all before its failure is reported.
    static let attempts = 4

    /// `headers` with a fresh `Idempotency-Key` added when `method path` is a write under the API
    /// and the caller did not set one (a caller's own key is kept, e.g. an outbox's).
    static func withIdempotencyKey(_ headers: [String: String], _ method: String, _ path: String) -> [String: String] {
        guard ["POST", "PUT", "PATCH", "DELETE"].contains(method), path.hasPrefix(APIRoute.apiPrefix),
            !headers.keys.contains(where: { $0.caseInsensitiveCompare(idempotencyKeyHeader) == .orderedSame })
        else { return headers }
        var headers = headers
        headers[idempotencyKeyHeader] = UUID().uuidString.lowercased()
        return headers
    }

    /// Whether sending `request` twice does what sending it once does: a read, or a write with a key.
    static func isRepeatable(_ request: WishlistRequest) -> Bool {
        ["GET", "HEAD"].contains(request.method) || request.header(idempotencyKeyHeader) != nil
    }

    /// Whether a transport failure may have come after the server got the request, so that its
    /// answer was lost: a connection reset or closed before or during the answer. (A server that
    /// cannot be reached at all is reported at once.)
    static func isWorthRepeating(_ error: any Error) -> Bool {
        guard case .connectionLost = error as? WishlistTransportError else { return false }
        return true
    }

    /// Sends `request` through the transport, again after a lost answer when that is safe, and
    /// again while the server says the first try of the same key is still running (409
    /// `request_in_progress`). Waits a little longer before each new try; failing to reach the
    /// server in the end is a transport error naming it.
    func exchangeRepeating(_ request: WishlistRequest) async throws -> HTTPAnswer {
        let repeatable = Self.isRepeatable(request)
        var attempt = 1
        while true {
            do {
                let answer = try await transport.send(request)
                guard repeatable, attempt < Self.attempts, Self.isStillRunning(answer) else { return answer }
            } catch let error where repeatable && attempt < Self.attempts && Self.isWorthRepeating(error) {
                // Sent again below.
            } catch {
                throw failure(error)
            }
            try await Task.sleep(for: Self.pause(before: attempt + 1))
            attempt += 1
        }
    }

    /// The wait before try `attempt` (2, 3, …): 0.25 s, then twice as long each time.
    static func pause(before attempt: Int) -> Duration {
        .milliseconds(250 << (attempt - 2))
    }

    /// A 409 `request_in_progress`: the first try of this key has not answered yet.
    static func isStillRunning(_ answer: HTTPAnswer) -> Bool {
        answer.status == 409 && ErrorBody.decoded(answer.body)?.error.code == "request_in_progress"
    }
}

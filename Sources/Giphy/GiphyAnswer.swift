import Foundation
import Outbound

/// What one of Giphy's answers says, once its status, its `meta` and its body have been judged.
struct GiphyAnswer: Sendable {
    var gifs: [GiphyGif]
    /// Giphy's `pagination`, when it sent one.
    var count: Int?
    var totalCount: Int?

    /// Reads `response` to `request`, or throws what went wrong.
    ///
    /// Giphy answers errors in several shapes: an HTTP status with `{"message": …}`, or with
    /// `{"data": [], "meta": {"status": 401, "msg": …}}`, and (through some gateways) a 200 whose
    /// `meta.status` is the real one. A 200 with no results and no `response_id` is Giphy failing,
    /// not finding nothing: a real search always has an id.
    init(_ response: OutboundResponse, to request: GiphyRequest, defaultRetryAfter: Int) throws(GiphyError) {
        let decoder = JSONDecoder()
        let body = Data(response.body)
        // `Lenient` takes any `data` (an object, an array), so this reads `meta` whatever came.
        let meta = (try? decoder.decode(GiphyEnvelope<GiphyObject.Lenient>.self, from: body))?.meta
        let status = response.status == 200 ? meta?.status ?? 200 : response.status
        switch status {
        case 200:
            break
        case 401, 403:
            throw .keyRejected(status: status)
        case 404:
            if case .gif(let id) = request { throw .notFound(id: id) }
            throw .upstreamFailed("Giphy answered 404 (not found) to a list")
        case 414:
            throw .queryTooLong(maximum: GiphyRequest.maximumQueryLength)
        case 429:
            let seconds = response.headers["retry-after"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            throw .rateLimited(retryAfterSeconds: seconds.map { max(1, $0) } ?? defaultRetryAfter)
        case 400:
            throw .upstreamFailed("Giphy refused the request as malformed (400)" + (meta?.msg.map { ": \($0)" } ?? ""))
        default:
            throw .upstreamFailed("Giphy answered HTTP \(status)")
        }

        let objects: [GiphyObject]
        let pagination: GiphyEnvelope<[GiphyObject.Lenient]>.Pagination?
        let responseID: String?
        do {
            if case .gif = request {
                let envelope = try decoder.decode(GiphyEnvelope<GiphyObject.Lenient>.self, from: body)
                objects = envelope.data?.object.map { [$0] } ?? []
                (pagination, responseID) = (nil, envelope.meta?.responseID)
            } else {
                let envelope = try decoder.decode(GiphyEnvelope<[GiphyObject.Lenient]>.self, from: body)
                objects = envelope.data?.compactMap(\.object) ?? []
                (pagination, responseID) = (envelope.pagination, envelope.meta?.responseID)
            }
        } catch {
            throw .upstreamFailed("Giphy's answer was not the JSON it sends")
        }
        if objects.isEmpty, responseID?.isEmpty ?? true {
            throw .upstreamFailed("Giphy answered with neither results nor a response id")
        }
        gifs = objects.compactMap(GiphyGif.init)
        count = pagination?.count
        totalCount = pagination?.totalCount
    }
}

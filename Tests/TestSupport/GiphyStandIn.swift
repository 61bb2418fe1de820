import Foundation

/// A Giphy look-alike on 127.0.0.1 for tests: `/v1/gifs/search`, `/trending`, `/{id}`, `?ids=`
/// and the animations, answering in Giphy's real shapes — numbers inside `images` as strings,
/// empty and missing titles, ratings and usernames, renditions missing, mp4-only renditions — and,
/// when told, in its failure shapes.
///
/// GIF number `n` (from 0) has id `gif{n}`. Every fifth has an empty title and every seventh none,
/// every third has no `rating`, every fourth lacks `fixed_width_downsampled` (so the grid falls
/// back to `fixed_width`), and every thirteenth has only mp4 renditions (so it is left out).
public final class GiphyStandIn: @unchecked Sendable {
    /// How the next API requests are answered instead of with results.
    public enum Failure: Sendable {
        /// `status` with Giphy's `{"data": [], "meta": {...}}` body and, if given, a `Retry-After`.
        case status(Int, retryAfter: String? = nil)
        /// 200 with no results and an empty `meta.response_id`.
        case emptyWithoutResponseID
        /// Never answers (until the stand-in stops): longer than any timeout.
        case stall
        /// 200 with a body that is not JSON.
        case notJSON
    }

    public static let key = "test-giphy-key"
    /// Giphy's answer to `q` longer than this: 414.
    public static let maximumQueryLength = 50
    /// The animation every GIF has (two frames, 12×8).
    public static let animation = [UInt8](Data(base64Encoded: Animations.gif)!)

    private let server: LoopbackHTTPServer
    private let failure: Locked<Failure?>

    /// Search answers `gifCount` results for any query but "nothing" (a real empty answer).
    public init(gifCount: Int = 10_000) throws {
        let failure = Locked<Failure?>(nil)
        server = try LoopbackHTTPServer { request in
            if request.path.hasPrefix("/media/") {
                return .answer(status: 200, headers: ["Content-Type": "image/gif"], body: Self.animation)
            }
            if let failure = failure.value { return Self.reply(to: failure) }
            return Self.answer(request, gifCount: gifCount)
        }
        self.failure = failure
    }

    /// Answers every API request this way from now on; nil answers normally again.
    public func fail(with failure: Failure?) {
        self.failure.value = failure
    }

    public var baseURL: URL { server.baseURL }
    /// The API requests received (not the animations), in order.
    public var apiRequests: [LoopbackHTTPServer.Request] { server.requests.filter { $0.path.hasPrefix("/v1/") } }
    /// The animations fetched.
    public var mediaRequests: [LoopbackHTTPServer.Request] { server.requests.filter { $0.path.hasPrefix("/media/") } }

    public func stop() { server.stop() }

    public static func id(_ number: Int) -> String { "gif\(number)" }

    // MARK: Answers

    private static func reply(to failure: Failure) -> LoopbackHTTPServer.Reply {
        switch failure {
        case .status(let status, let retryAfter):
            let body = #"{"data":[],"meta":{"status":\#(status),"msg":"Error","response_id":""}}"#
            var headers = ["Content-Type": "application/json"]
            headers["Retry-After"] = retryAfter
            return .answer(status: status, headers: headers, body: Array(body.utf8))
        case .emptyWithoutResponseID:
            return .json(
                status: 200,
                body: #"{"data":[],"pagination":{"total_count":0,"count":0,"offset":0},"meta":{"status":200,"msg":"OK","response_id":""}}"#)
        case .stall:
            return .stall
        case .notJSON:
            return .html("<html>Service Unavailable</html>")
        }
    }

    private static func answer(_ request: LoopbackHTTPServer.Request, gifCount: Int) -> LoopbackHTTPServer.Reply {
        let query = request.query
        guard query["api_key"] == key else { return reply(to: .status(401)) }
        let host = "http://\(request.headers["host"] ?? "127.0.0.1")"
        let limit = Int(query["limit"] ?? "25") ?? 25
        let offset = Int(query["offset"] ?? "0") ?? 0
        switch request.path {
        case "/v1/gifs/search":
            let q = query["q"] ?? ""
            if q.count > maximumQueryLength { return reply(to: .status(414)) }
            let total = q == "nothing" ? 0 : gifCount
            // Giphy answers nothing past offset 4999, with a response id.
            return list(offset > 4_999 ? [] : Array(offset..<min(total, offset + limit)), offset: offset, total: total, host: host)
        case "/v1/gifs/trending":
            return list(offset > 499 ? [] : Array(offset..<min(gifCount, offset + limit)), offset: offset, total: gifCount, host: host)
        case "/v1/gifs":
            let numbers = (query["ids"] ?? "").split(separator: ",").compactMap { number(of: String($0), gifCount: gifCount) }
            return list(numbers, offset: 0, total: numbers.count, host: host)
        default:
            let id = String(request.path.dropFirst("/v1/gifs/".count))
            guard let number = number(of: id, gifCount: gifCount) else { return reply(to: .status(404)) }
            return json(["data": object(number, host: host), "meta": meta()])
        }
    }

    private static func number(of id: String, gifCount: Int) -> Int? {
        guard id.hasPrefix("gif"), let number = Int(id.dropFirst(3)), (0..<gifCount).contains(number) else { return nil }
        return number
    }

    private static func list(_ numbers: [Int], offset: Int, total: Int, host: String) -> LoopbackHTTPServer.Reply {
        json([
            "data": numbers.map { object($0, host: host) },
            "pagination": ["total_count": total, "count": numbers.count, "offset": offset],
            "meta": meta()
        ])
    }

    private static func meta() -> [String: Any] {
        ["status": 200, "msg": "OK", "response_id": "r\(UUID().uuidString.prefix(8).lowercased())"]
    }

    private static func json(_ value: [String: Any]) -> LoopbackHTTPServer.Reply {
        let body = try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        return .answer(status: 200, headers: ["Content-Type": "application/json"], body: Array(body))
    }

    /// GIF `number` as Giphy writes one.
    private static func object(_ number: Int, host: String) -> [String: Any] {
        let id = id(number)
        let media = "\(host)/media/\(id)"
        func image(_ file: String, _ width: Int, _ height: Int) -> [String: String] {
            [
                "url": "\(media)/\(file)?cid=abc&rid=\(file)&ct=g", "width": String(width), "height": String(height),
                "size": String(animation.count), "webp": "\(media)/\(file).webp", "webp_size": "100"
            ]
        }
        var images: [String: Any] = [
            "preview": ["mp4": "\(media)/giphy-preview.mp4", "mp4_size": "4000", "width": "150", "height": "100"],
            "looping": ["mp4": "\(media)/giphy-loop.mp4", "mp4_size": "90000"]
        ]
        if number % 13 != 12 {
            images["original"] = image("giphy.gif", 480, 320).merging(["frames": "2", "hash": "abc"]) { $1 }
            images["downsized"] = image("giphy-downsized.gif", 480, 320)
            images["fixed_width"] = image("200w.gif", 200, 133)
            images["fixed_width_still"] = image("200w_s.gif", 200, 133)
            images["original_still"] = image("giphy_s.gif", 480, 320)
            if number % 4 != 3 { images["fixed_width_downsampled"] = image("200w_d.gif", 200, 133) }
        }
        var object: [String: Any] = [
            "type": "gif", "id": id, "url": "https://giphy.com/gifs/cat-\(id)", "slug": "cat-\(id)",
            "embed_url": "https://giphy.com/embed/\(id)", "source": "", "content_url": "", "is_sticker": 0,
            "import_datetime": "2020-01-01 00:00:00", "trending_datetime": "0000-00-00 00:00:00", "images": images,
            "username": number % 2 == 0 ? "" : "catlover"
        ]
        if number % 7 != 6 { object["title"] = number % 5 == 4 ? "" : "Cat \(number) GIF" }
        if number % 3 != 2 { object["rating"] = "g" }
        return object
    }
}

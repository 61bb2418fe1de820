import Foundation

/// One complete answer to an outbound GET, after redirects.
public struct OutboundResponse: Sendable, Equatable {
    /// Where the answer finally came from, after redirects.
    public var url: URL
    public var status: Int
    /// The `Content-Type` header as sent, e.g. `text/html; charset=EUC-KR`; nil when absent.
    public var contentType: String?
    public var body: [UInt8]
    /// The final answer's headers, names lower-cased (e.g. `retry-after`).
    public var headers: [String: String]

    public init(url: URL, status: Int, contentType: String?, body: [UInt8], headers: [String: String] = [:]) {
        self.url = url
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// The media type without parameters, lower-cased: `text/html`.
    public var mediaType: String? {
        contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// The `charset` parameter of the content type, if any, without quotes.
    public var charset: String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "charset" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            }
        }
        return nil
    }
}

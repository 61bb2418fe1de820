/// Giphy's answers as they really come, read leniently: every number inside `images` is a string
/// ("480"), `title`, `rating` and `username` may be empty or missing, any rendition may be missing,
/// and `pagination` numbers have come as strings too.
struct GiphyEnvelope<Data: Decodable>: Decodable {
    struct Meta: Decodable {
        var status: Int?
        var msg: String?
        var responseID: String?

        private enum CodingKeys: String, CodingKey {
            case status, msg
            case responseID = "response_id"
        }
    }

    struct Pagination: Decodable {
        var offset: Int?
        var count: Int?
        var totalCount: Int?

        private enum CodingKeys: String, CodingKey {
            case offset, count
            case totalCount = "total_count"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            offset = container.lenientInt(.offset)
            count = container.lenientInt(.count)
            totalCount = container.lenientInt(.totalCount)
        }
    }

    var data: Data?
    var pagination: Pagination?
    var meta: Meta?
}

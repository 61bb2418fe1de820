import Foundation

/// One GIF object of Giphy's `data`.
struct GiphyObject: Decodable {
    struct Image: Decodable {
        var rendition: GiphyRendition?

        private enum CodingKeys: String, CodingKey { case url, width, height, size }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // mp4-only renditions have no `url`; they are no use to an <img>.
            guard let text = try? container.decodeIfPresent(String.self, forKey: .url), let url = URL(string: text),
                let width = container.lenientInt(.width), let height = container.lenientInt(.height),
                width > 0, height > 0
            else { return }
            rendition = GiphyRendition(url: url, width: width, height: height, byteCount: container.lenientInt(.size))
        }
    }

    var id: String
    var url: String?
    var title: String?
    var rating: String?
    var username: String?
    var images: [String: Image]?
}

extension GiphyObject {
    /// An element of `data` that is read as a GIF when it can be and skipped when not, so that
    /// one odd object does not cost the whole page.
    struct Lenient: Decodable {
        var object: GiphyObject?

        init(from decoder: any Decoder) throws {
            object = try? GiphyObject(from: decoder)
        }
    }
}

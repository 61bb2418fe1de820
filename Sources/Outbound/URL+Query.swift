import Foundation

extension URL {
    /// `path` under `base` (which may carry a path prefix, e.g. `https://host/nominatim`) with
    /// `items` as its query, every value percent-encoded strictly.
    ///
    /// URLComponents leaves "+", "&", "=" and ";" alone in query values, which servers read as a
    /// space and separators: a search for "Jeonju & Co+" would be cut short. These are encoded too.
    public static func outbound(base: URL, path: String, query items: [(String, String)]) -> URL? {
        guard var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        else { return nil }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "+&=;")
        components.percentEncodedQuery = items.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
        return components.url
    }
}

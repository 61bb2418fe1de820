/// The request methods the server routes. Anything else is answered with 405 where the path names
/// a resource (404 elsewhere).
public enum HTTPMethod: String, Sendable, CaseIterable {
    case GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS
}

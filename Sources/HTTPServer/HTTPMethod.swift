/// The request methods the server routes. Anything else is answered with 405 where the path names
/// a resource (404 elsewhere).
// swift-format-ignore: AlwaysUseLowerCamelCase
// Named as they are written on the wire, which is also their raw value.
public enum HTTPMethod: String, Sendable, CaseIterable {
    case GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS
}

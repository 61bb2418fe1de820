/// A parsed route pattern and the handlers registered on it by method.
struct RoutePattern: Sendable {
    enum Segment: Equatable, Sendable {
        case literal(String)
        case parameter(String)
        case rest(String)

        /// Lower ranks are more specific.
        var rank: Int {
            switch self {
            case .literal: return 0
            case .parameter: return 1
            case .rest: return 2
            }
        }
    }

    let segments: [Segment]
    /// The pattern as written, e.g. `/api/v1/wishes/{id}`.
    let text: String
    var routes: [HTTPMethod: Router.Route] = [:]

    /// Patterns are written by programmers, so a malformed one stops the program at start-up.
    init(_ pattern: String) {
        text = pattern
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: true)
        segments = parts.enumerated().map { index, part in
            guard part.hasPrefix("{"), part.hasSuffix("}") else { return .literal(String(part)) }
            let name = part.dropFirst().dropLast()
            if name.hasSuffix("...") {
                precondition(index == parts.count - 1, "'{name...}' must be the last segment of \(pattern)")
                return .rest(String(name.dropLast(3)))
            }
            precondition(!name.isEmpty, "empty parameter name in \(pattern)")
            return .parameter(String(name))
        }
    }

    func isMoreSpecific(than other: RoutePattern) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) where mine.rank != theirs.rank {
            return mine.rank < theirs.rank
        }
        return segments.count > other.segments.count
    }

    /// Whether a path of `count` segments has the length this pattern needs.
    func accepts(pathLength count: Int) -> Bool {
        if case .rest = segments.last { count >= segments.count - 1 } else { count == segments.count }
    }

    /// The parameters when `path` matches, else nil.
    func match(_ path: [Substring]) -> [String: String]? {
        guard accepts(pathLength: path.count) else { return nil }
        var parameters: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal(let text):
                guard path[index] == text else { return nil }
            case .parameter(let name):
                parameters[name] = String(path[index])
            case .rest(let name):
                parameters[name] = path[index...].joined(separator: "/")
            }
        }
        return parameters
    }
}

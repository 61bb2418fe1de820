/// Answers one request. Synchronous on purpose: handlers call SQLite, and run
/// on the server's worker threads (see `WorkerPool`), where blocking is fine.
public typealias Handler = @Sendable (Request) throws -> Response

/// An answer the event thread may give at once because it needs no waiting at all (an answer kept
/// in memory for a caller already known); nil hands the request to the route's `Handler` on a
/// worker, as if there were none. It must never block: it runs where every connection of that
/// event thread waits for it.
public typealias QuickHandler = @Sendable (Request) -> Response?

/// Maps method and path to handlers. Patterns are like `/api/v1/wishes/{id}`;
/// a final `{name...}` matches the rest of the path (possibly empty). Literal
/// segments win over parameters, parameters over the rest-of-path.
public struct Router: Sendable {
    /// One handler with the body limit it accepts.
    struct Route: Sendable {
        let handler: Handler
        let bodyLimit: Int?
        /// Runs on the daemon's event thread, skipping the hand-off to a worker.
        let nonBlocking: Bool
        /// Tried on the event thread before the hand-off; its answer, when it has one, is sent at once.
        let quick: QuickHandler?
        /// The name of the `RouteGroup` it was declared in, if any.
        let group: String?
    }

    /// What a path and method lead to.
    enum Match {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    private var patterns: [RoutePattern] = []
    /// For each path length, the positions in `patterns` (in its order) of those that can match a
    /// path that long, so that a request is compared with a few patterns, not each of a hundred
    /// (copying each: the scan was 7 % of a server answering `/healthz`). Paths longer than any
    /// entry can only match a pattern ending in `{name...}`: `longPathCandidates`.
    private var candidatesByLength: [[Int]] = []
    private var longPathCandidates: [Int] = []

    public init() {}

    /// `nonBlocking` is for handlers that never wait (no database, no file,
    /// no lock held for long, no network) and whose middleware never waits
    /// either: they answer on the daemon's event thread, saving the two
    /// thread switches of a worker; a handler that blocks there would stall
    /// every connection that thread serves. `quick`, when given, is asked first on the event
    /// thread, and `handler` runs on a worker only when it has no answer.
    public mutating func on(
        _ method: HTTPMethod, _ pattern: String, bodyLimit: Int? = nil, nonBlocking: Bool = false,
        group: String? = nil, quick: QuickHandler? = nil, _ handler: @escaping Handler
    ) {
        let parsed = RoutePattern(pattern)
        let route = Route(handler: handler, bodyLimit: bodyLimit, nonBlocking: nonBlocking, quick: quick, group: group)
        if let index = patterns.firstIndex(where: { $0.segments == parsed.segments }) {
            patterns[index].routes[method] = route
            return
        }
        var added = parsed
        added.routes[method] = route
        // Kept sorted so that the first pattern that matches is the most specific.
        let position = patterns.firstIndex { added.isMoreSpecific(than: $0) } ?? patterns.endIndex
        patterns.insert(added, at: position)
        indexByLength()
    }

    private mutating func indexByLength() {
        let longest = patterns.map(\.segments.count).max() ?? 0
        candidatesByLength = (0...longest).map { length in patterns.indices.filter { patterns[$0].accepts(pathLength: length) } }
        longPathCandidates = patterns.indices.filter { patterns[$0].accepts(pathLength: longest + 1) }
    }

    /// The positions of the patterns that may match a path of `length` segments, most specific first.
    private func candidates(length: Int) -> [Int] {
        length < candidatesByLength.count ? candidatesByLength[length] : longPathCandidates
    }

    /// Also answers HEAD; the daemon leaves the body out.
    public mutating func get(_ pattern: String, nonBlocking: Bool = false, _ handler: @escaping Handler) {
        on(.GET, pattern, nonBlocking: nonBlocking, handler)
    }

    public mutating func post(_ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping Handler) {
        on(.POST, pattern, bodyLimit: bodyLimit, handler)
    }

    public mutating func put(_ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping Handler) {
        on(.PUT, pattern, bodyLimit: bodyLimit, handler)
    }

    public mutating func patch(_ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping Handler) {
        on(.PATCH, pattern, bodyLimit: bodyLimit, handler)
    }

    public mutating func delete(_ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping Handler) {
        on(.DELETE, pattern, bodyLimit: bodyLimit, handler)
    }

    /// Declares routes whose handlers receive what `group` finds first (see `RouteGroup`).
    public mutating func group<Context>(
        _ group: RouteGroup<Context>, _ declare: (inout GroupRoutes<Context>) throws -> Void
    ) rethrows {
        var routes = GroupRoutes(group: group, router: self)
        try declare(&routes)
        self = routes.router
    }

    /// Every registered route as method, pattern and the group it was declared in, for checks
    /// that must cover every route (documentation, authentication).
    public var routes: [(method: HTTPMethod, pattern: String, group: String?)] {
        patterns.flatMap { pattern in
            HTTPMethod.allCases.compactMap { method in
                pattern.routes[method].map { (method: method, pattern: pattern.text, group: $0.group) }
            }
        }
    }

    /// The methods the resource at this path answers (HEAD with GET): those of the most specific
    /// pattern that matches it (`/journal/near`'s, not `/journal/{id}`'s); empty when none does.
    func allowedMethods(segments: [Substring]) -> [HTTPMethod] {
        guard let found = candidates(length: segments.count).first(where: { patterns[$0].match(segments) != nil }) else { return [] }
        let resource = patterns[found]
        return HTTPMethod.allCases.filter { resource.routes[$0] != nil || $0 == .HEAD && resource.routes[.GET] != nil }
    }

    /// The most specific pattern that matches names the resource: a method it lacks is 405 even
    /// when a vaguer pattern has it (`PATCH /journal/near` is not an edit of an entry called "near").
    func match(_ method: HTTPMethod, segments: [Substring]) -> Match {
        for index in candidates(length: segments.count) {
            guard let parameters = patterns[index].match(segments) else { continue }
            if let route = patterns[index].routes[method] ?? (method == .HEAD ? patterns[index].routes[.GET] : nil) {
                return .found(route, parameters: parameters)
            }
            return .methodNotAllowed(allowed: allowedMethods(segments: segments))
        }
        return .notFound
    }
}

/// What every route of a group needs before its handler runs, declared once for the group: e.g.
/// finding the signed-in account. `context` runs before anything else looks at the request (its
/// body, its parameters), and its error is the answer; handlers receive what it found, so no
/// handler of the group can forget the step.
///
/// The group's `name` stays on each route (`Router.routes`), so a test can walk every route of a
/// group and check the promise for each, including routes added later.
public struct RouteGroup<Context: Sendable>: Sendable {
    public let name: String
    let context: @Sendable (Request) throws -> Context

    public init(_ name: String, context: @escaping @Sendable (Request) throws -> Context) {
        self.name = name
        self.context = context
    }
}

/// The routes declared inside `Router.group`: handlers take the request and the group's context.
public struct GroupRoutes<Context: Sendable> {
    let group: RouteGroup<Context>
    var router: Router

    public typealias GroupHandler = @Sendable (Request, Context) throws -> Response

    public mutating func on(
        _ method: HTTPMethod, _ pattern: String, bodyLimit: Int? = nil, nonBlocking: Bool = false,
        _ handler: @escaping GroupHandler
    ) {
        let context = group.context
        router.on(method, pattern, bodyLimit: bodyLimit, nonBlocking: nonBlocking, group: group.name) { request in
            try handler(request, try context(request))
        }
    }

    /// Also answers HEAD.
    public mutating func get(_ pattern: String, nonBlocking: Bool = false, _ handler: @escaping GroupHandler) {
        on(.GET, pattern, nonBlocking: nonBlocking, handler)
    }

    public mutating func post(_ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping GroupHandler) {
        on(.POST, pattern, bodyLimit: bodyLimit, handler)
    }

    public mutating func put(_ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping GroupHandler) {
        on(.PUT, pattern, bodyLimit: bodyLimit, handler)
    }

    public mutating func patch(_ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping GroupHandler) {
        on(.PATCH, pattern, bodyLimit: bodyLimit, handler)
    }

    public mutating func delete(_ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping GroupHandler) {
        on(.DELETE, pattern, bodyLimit: bodyLimit, handler)
    }
}

extension GroupRoutes where Context == Void {
    /// Routes of a group whose context is nothing (e.g. routes declared open to anyone) take
    /// handlers of the request alone.
    public mutating func get(_ pattern: String, nonBlocking: Bool = false, _ handler: @escaping Handler) {
        on(.GET, pattern, nonBlocking: nonBlocking) { request, _ in try handler(request) }
    }

    public mutating func post(_ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping Handler) {
        on(.POST, pattern, bodyLimit: bodyLimit) { request, _ in try handler(request) }
    }

    public mutating func delete(_ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping Handler) {
        on(.DELETE, pattern, bodyLimit: bodyLimit) { request, _ in try handler(request) }
    }
}

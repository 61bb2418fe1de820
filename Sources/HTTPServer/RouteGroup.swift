/// What every route of a group needs before its handler runs, declared once for the group: e.g.
/// finding the signed-in account. `context` runs before anything else looks at the request (its
/// body, its parameters), and its error is the answer; handlers receive what it found, so no
/// handler of the group can forget the step.
///
/// The group's `name` stays on each route (`Router.routes`), so a test can walk every route of a
/// group and check the promise for each, including routes added later.
///
/// `known` is the context as far as it is known without waiting (from memory, on the event
/// thread), nil whenever there is any doubt; routes given a quick answer (`GroupRoutes.on(quick:)`)
/// use it to answer without a worker, and fall back to `context` on a worker when it is nil.
public struct RouteGroup<Context: Sendable>: Sendable {
    /// Runs a route's handler: finds the context, calls the handler with it, and may do more
    /// around the call.
    public typealias Run = @Sendable (Request, _ handler: (Context) throws -> Response) throws -> Response

    public let name: String
    let run: Run
    let known: (@Sendable (Request) -> Context?)?

    public init(
        _ name: String, known: (@Sendable (Request) -> Context?)? = nil,
        context: @escaping @Sendable (Request) throws -> Context
    ) {
        self.init(name, known: known) { request, handler in try handler(try context(request)) }
    }

    /// A group whose handlers run inside `run`: for a context that must be confirmed after the
    /// handler ran, or that holds something for the handler's time only.
    public init(_ name: String, known: (@Sendable (Request) -> Context?)? = nil, around run: @escaping Run) {
        self.name = name
        self.known = known
        self.run = run
    }
}

/// The routes declared inside `Router.group`: handlers take the request and the group's context.
public struct GroupRoutes<Context: Sendable> {
    let group: RouteGroup<Context>
    var router: Router

    public typealias GroupHandler = @Sendable (Request, Context) throws -> Response
    /// A quick answer (see `QuickHandler`), given the means to find the group's context from
    /// memory (`known`, nil when it is not known), which it calls only for a request it may have an
    /// answer for: finding even a known context has a cost.
    public typealias QuickGroupHandler = @Sendable (Request, _ known: () -> Context?) -> Response?

    /// `quick` is tried on the event thread when the group can know its context from memory;
    /// when it has no answer, `handler` runs on a worker after the group's `context`.
    public mutating func on(
        _ method: HTTPMethod, _ pattern: String, bodyLimit: Int? = nil, nonBlocking: Bool = false,
        quick: QuickGroupHandler? = nil, _ handler: @escaping GroupHandler
    ) {
        let run = group.run
        var quickAnswer: QuickHandler?
        if let quick, let known = group.known {
            quickAnswer = { request in quick(request) { known(request) } }
        }
        router.on(
            method, pattern, bodyLimit: bodyLimit, nonBlocking: nonBlocking, group: group.name, quick: quickAnswer
        ) { request in
            try run(request) { try handler(request, $0) }
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

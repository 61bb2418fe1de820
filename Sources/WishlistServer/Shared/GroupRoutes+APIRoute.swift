import HTTPServer
import WishlistCore

/// Routes are registered from the table in WishlistCore (`APIRoute.Wishes.update`…), never from a
/// path written in a controller: `RouteTableTests` holds the router equal to the table. HTTPServer
/// knows nothing of the table, so the table's routes are turned into its method and pattern here.
extension GroupRoutes {
    mutating func add(
        _ route: APIRoute, bodyLimit: Int? = nil, nonBlocking: Bool = false, _ handler: @escaping GroupHandler
    ) {
        on(HTTPMethod(route.method), route.template, bodyLimit: bodyLimit, nonBlocking: nonBlocking, handler)
    }
}

extension GroupRoutes where Context == Void {
    /// Routes of a group whose context is nothing (open to anyone) take handlers of the request alone.
    mutating func add(_ route: APIRoute, bodyLimit: Int? = nil, nonBlocking: Bool = false, _ handler: @escaping Handler) {
        add(route, bodyLimit: bodyLimit, nonBlocking: nonBlocking) { request, _ in try handler(request) }
    }
}

extension HTTPMethod {
    /// The router's method for a method of the route table.
    init(_ method: APIRoute.Method) {
        self =
            switch method {
            case .GET: .GET
            case .POST: .POST
            case .PUT: .PUT
            case .PATCH: .PATCH
            case .DELETE: .DELETE
            }
    }
}

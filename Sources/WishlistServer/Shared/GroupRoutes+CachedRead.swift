import HTTPServer
import WishlistCore
import WishlistStore

extension GroupRoutes where Context == Account {
    /// A read whose answers `ReadCache` keeps: a kept answer for a caller the group knows from
    /// memory is given on the event thread; everything else runs `read.handler` on a worker.
    mutating func add(_ route: APIRoute, _ read: ReadCache.CachedRead) {
        on(HTTPMethod(route.method), route.template, quick: read.quick, read.handler)
    }
}

/// Code that wraps every request: it may change the request, answer on its own,
/// or call `next` and change the response. The first middleware given to the
/// server is the outermost one.
public protocol Middleware: Sendable {
    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response
}

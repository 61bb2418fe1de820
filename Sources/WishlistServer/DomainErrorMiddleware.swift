import HTTPServer
import WishlistCore
import WishlistStore

/// Turns the errors of the layers below HTTP — broken input rules and store refusals — into the
/// API's JSON errors, so controllers can simply `try`.
struct DomainErrorMiddleware: Middleware {
    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        do {
            return try next(request)
        } catch let error as ValidationError {
            throw HTTPError(.badRequest, code: error.code, message: error.message, field: error.field)
        } catch let error as StoreError {
            throw Self.httpError(error)
        } catch let error as WishRepositoryError {
            throw Self.httpError(error)
        }
    }

    static func httpError(_ error: WishRepositoryError) -> HTTPError {
        let status: HTTPStatus = switch error {
        case .notFound: .notFound
        case .staleVersion: .preconditionFailed
        case .invalidCursor: .badRequest
        }
        return HTTPError(status, code: error.code, message: error.description)
    }

    static func httpError(_ error: StoreError) -> HTTPError {
        switch error {
        case .notFound:
            HTTPError(.notFound, code: "not_found", message: "There is nothing here with this id.")
        case .conflict(let message):
            HTTPError(.conflict, code: "conflict", message: message)
        case .alreadySetUp:
            HTTPError(.conflict, code: "already_set_up", message: "This server is already set up. Sign in instead.")
        case .corruptValue:
            HTTPError(
                .internalServerError, code: "internal_error",
                message: "The database holds a value it should not. See the server log.")
        }
    }
}

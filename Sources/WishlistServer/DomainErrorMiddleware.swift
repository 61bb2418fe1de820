import HTTPServer
import WishlistCore
import WishlistStore

/// Turns the errors of the layers below HTTP — anything that is a `DomainError` — into the API's
/// JSON errors, so controllers can simply `try`. New features add error types, not cases here.
/// A write that failed for want of disk space, whichever layer noticed, is a 507 too.
struct DomainErrorMiddleware: Middleware {
    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        do {
            return try next(request)
        } catch let error as any DomainError {
            throw Self.httpError(error)
        } catch {
            guard let full = StorageFullError(recognizing: error) else { throw error }
            throw Self.httpError(full)
        }
    }

    static func httpError(_ error: any DomainError) -> HTTPError {
        var headers = HTTPHeaders()
        if let seconds = error.retryAfterSeconds {
            headers["Retry-After"] = String(seconds)
        }
        return HTTPError(status(of: error.kind), code: error.code, message: error.message, field: error.field, headers: headers)
    }

    static func status(of kind: DomainErrorKind) -> HTTPStatus {
        switch kind {
        case .invalidInput: .badRequest
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict: .conflict
        case .staleVersion: .preconditionFailed
        case .tooLarge: .contentTooLarge
        case .unsupportedType: .unsupportedMediaType
        case .unprocessable: .unprocessableContent
        case .rateLimited: .tooManyRequests
        case .upstreamFailed: .badGateway
        case .unavailable: .serviceUnavailable
        case .storageFull: .insufficientStorage
        case .internalFault: .internalServerError
        }
    }
}

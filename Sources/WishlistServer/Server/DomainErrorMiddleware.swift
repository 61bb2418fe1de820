import HTTPServer
import WishlistCore
import WishlistStore

/// Turns the errors of the layers below HTTP — anything that is a `DomainError` — into the API's
/// JSON errors, so controllers can simply `try`. New features add error types, not cases here.
/// Two failures of the store that are not faults are recognised whatever layer raised them: a
/// write that found the disk full (507), and one that waited too long for the database (503).
struct DomainErrorMiddleware: Middleware {
    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        do {
            return try next(request)
        } catch let error as any DomainError {
            throw Self.httpError(error)
        } catch {
            throw Self.recognized(error).map(Self.httpError) ?? error
        }
    }

    static func recognized(_ error: any Error) -> (any DomainError)? {
        StorageFullError(recognizing: error) ?? ServerBusyError(recognizing: error)
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

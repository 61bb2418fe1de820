import Foundation

/// The server refused a request because of one input field: its error, and the field the API
/// named (`name`, `tags`, `place.latitude`), for a caller that can say which of its own inputs
/// that was — the CLI names the option. Thrown only inside `WishlistClient.namingErrorFields`.
public struct WishlistClientFieldError: Error, Sendable, CustomStringConvertible {
    /// The server's error, as it is thrown elsewhere.
    public let error: WishlistClientError
    /// The input field at fault, as the API's error body named it.
    public let field: String

    public var description: String { error.description }
}

extension WishlistClient {
    /// Where `namingErrorFields` hears of the field named by the last error the server answered.
    private final class ErrorField: Sendable {
        let last = Locked<String?>(nil)
    }

    @TaskLocal private static var errorField: ErrorField?

    /// Runs `work` (requests of any client); a server error about one input field comes out as a
    /// `WishlistClientFieldError` with that field, any other error as it was thrown.
    public static func namingErrorFields<Value>(_ work: () async throws -> Value) async throws -> Value {
        let heard = ErrorField()
        do {
            return try await $errorField.withValue(heard) { try await work() }
        } catch let error as WishlistClientError {
            guard let field = heard.last.withLock({ $0 }) else { throw error }
            throw WishlistClientFieldError(error: error, field: field)
        }
    }

    /// Keeps the field of an error answer for the `namingErrorFields` this task runs in, if any.
    static func noteErrorField(_ field: String?) {
        errorField?.last.withLock { $0 = field }
    }
}

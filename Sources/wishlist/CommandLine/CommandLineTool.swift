import Foundation
import WishlistClient
import WishlistCore
import WishlistStore

#if canImport(Glibc)
    import Glibc
#endif

/// Finds the command the words name, runs it, and turns every failure into one clear sentence on
/// stderr and an exit code: 64 for a wrong command line (EX_USAGE), 2 when the server could not be
/// reached or answered with something that is not the API, 1 for anything else (a request the
/// server refused, with its message, or a rule broken locally).
enum CommandLineTool {
    static let usageExitCode: Int32 = 64
    static let networkExitCode: Int32 = 2

    static func main(_ words: [String]) async -> Int32 {
        let invocation = Invocation(words)
        if invocation.asksForHelp {
            print(invocation.help)
            return 0
        }
        do {
            let parsed = try invocation.parse()
            do {
                try await WishlistClient.namingErrorFields { try await parsed.run() }
            } catch let error as WishlistClientFieldError
                where error.error.status == 400 && invocation.command.configuration.argument(forAPIField: error.field) != nil
            {
                // The server refused a value this command line gave: a malformed value, as when reading it.
                throw UsageError(sentence(error.description, about: error.field, in: invocation.command.configuration))
            }
            return 0
        } catch let error as UsageError {
            printError(invocation.usageFailure(error))
            return usageExitCode
        } catch WishlistClientError.transport(let message) {
            printError(message)
            return networkExitCode
        } catch {
            printError(sentence(for: error))
            return 1
        }
    }

    /// `message` about the API's `field`, led by the option or argument of `configuration` that
    /// gave it, when there is one.
    static func sentence(_ message: String, about field: String?, in configuration: CommandConfiguration) -> String {
        guard let field, let option = configuration.argument(forAPIField: field) else { return message }
        return "\(option): \(message)"
    }

    /// The one sentence a person sees for an error.
    static func sentence(for error: any Error) -> String {
        switch error {
        case let error as StoreError:
            if case .corruptValue(let value) = error { "The database holds a value it should not: \(value)." } else { error.message }
        case let error as any DomainError: error.message
        case let error as WishlistClientError: error.description
        case let error as CommandFailure: error.message
        case let error as WishlistClientFieldError: error.description
        default: "\(error)"
        }
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data(("wishlist: " + text + "\n").utf8))
    }
}

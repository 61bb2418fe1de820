import Foundation

extension WishlistClient {
    /// Where `withAnswerJSON` collects the JSON bodies the client decodes in its task.
    private final class AnswerJSON: Sendable {
        let last = Locked<Data?>(nil)
    }

    @TaskLocal private static var answerJSON: AnswerJSON?

    /// Runs `call` — a request of this client, e.g. `{ try await $0.wish(id) }` — and returns its
    /// result with the JSON body the server answered, byte for byte (the last one, when `call`
    /// makes several requests). For passing the API's JSON on unchanged, as the CLI's `--json`
    /// does: decoding and encoding again could drop fields this version does not know and change
    /// how numbers are written.
    public func withAnswerJSON<Value>(
        _ call: (WishlistClient) async throws -> Value
    ) async throws -> (value: Value, json: Data) {
        let answers = AnswerJSON()
        let value = try await Self.$answerJSON.withValue(answers) { try await call(self) }
        guard let json = answers.last.withLock({ $0 }) else {
            throw WishlistClientError.transport("The request answered no JSON to pass on.")
        }
        return (value, json)
    }

    /// Keeps `body` for the `withAnswerJSON` this task runs in, if any.
    static func noteAnswerJSON(_ body: Data) {
        answerJSON?.last.withLock { $0 = body }
    }
}

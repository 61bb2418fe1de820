/// A command could not do its work, for a reason said in one sentence.
struct CommandFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

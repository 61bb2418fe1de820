/// The command line itself is wrong: said in one sentence, followed by the command's usage.
struct UsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

/// The command line itself is wrong: said in one sentence, followed by the command's usage.
struct UsageError: Error {
    let message: String
    let command: any Command.Type

    init(_ message: String, command: any Command.Type) {
        self.message = message
        self.command = command
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a password: the first line of standard input (`--password-stdin`, for scripts), or typed
/// at the terminal without echo.
enum PasswordInput {
    static let stdinFlag = Flag("--password-stdin", help: "Read the password from the first line of standard input.")

    static func newPassword(fromStdin: Bool) throws -> String {
        if fromStdin { return try firstLineOfStdin() }
        let password = try typed(prompt: "New password: ")
        guard try typed(prompt: "Repeat it: ") == password else {
            throw CommandFailure("The two passwords differ; nothing was changed.")
        }
        return password
    }

    static func password(fromStdin: Bool) throws -> String {
        fromStdin ? try firstLineOfStdin() : try typed(prompt: "Password: ")
    }

    static func firstLineOfStdin() throws -> String {
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CommandFailure("Expected the password on standard input.")
        }
        return line
    }

    /// A line typed at the terminal with echo turned off.
    static func typed(prompt: String) throws -> String {
        guard isatty(STDIN_FILENO) != 0 else {
            throw CommandFailure("No terminal to ask for the password: use --password-stdin.")
        }
        print(prompt, terminator: "")
        var settings = termios()
        tcgetattr(STDIN_FILENO, &settings)
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            print("")
        }
        return readLine(strippingNewline: true) ?? ""
    }
}

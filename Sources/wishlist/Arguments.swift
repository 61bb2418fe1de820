/// The words after the command, consumed as a command reads its options and arguments.
/// Options may come anywhere, as `--name value` or `--name=value`.
struct Arguments {
    private(set) var words: [String]
    init(_ words: [String]) {
        self.words = words
    }

    /// Whether `--name` was given (and removes it).
    mutating func flag(_ name: String) -> Bool {
        guard let index = words.firstIndex(of: name) else { return false }
        words.remove(at: index)
        return true
    }

    /// The value of `--name VALUE` or `--name=VALUE`, if given.
    mutating func option(_ name: String) throws -> String? {
        if let index = words.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            return String(words.remove(at: index).dropFirst(name.count + 1))
        }
        guard let index = words.firstIndex(of: name) else { return nil }
        guard index + 1 < words.count, !words[index + 1].hasPrefix("--") else {
            throw UsageError("\(name) needs a value.")
        }
        words.remove(at: index)
        return words.remove(at: index)
    }

    /// Every value of a repeatable option, in order (`--tag a --tag b`).
    mutating func options(_ name: String) throws -> [String] {
        var values: [String] = []
        while let value = try option(name) { values.append(value) }
        return values
    }

    /// The next argument that is not an option; `what` names it in the error when it is missing.
    mutating func positional(_ what: String) throws -> String {
        guard let index = words.firstIndex(where: { !$0.hasPrefix("--") }) else {
            throw UsageError("Missing \(what).")
        }
        return words.remove(at: index)
    }

    /// The next argument that is not an option, or nil when there is none (an optional argument).
    mutating func optionalPositional() -> String? {
        words.firstIndex { !$0.hasPrefix("--") }.map { words.remove(at: $0) }
    }

    /// Fails on anything the command did not read: an unknown option or an extra argument.
    func finish() throws {
        guard let word = words.first else { return }
        if word.hasPrefix("-") {
            throw UsageError("Unknown option '\(word)'.")
        }
        throw UsageError("Unexpected argument '\(word)'.")
    }
}

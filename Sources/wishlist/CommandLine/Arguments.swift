/// The words after a command, split by the command's declarations into options and positional
/// arguments, then read through those declarations as the command parses itself. Options may come
/// anywhere, as `--name value` or `--name=value`; after `--` every word is positional.
///
/// A wrong command line — an undeclared option, an option without its value, a value that does not
/// convert, an argument too many or too few — is a `UsageError`.
struct Arguments {
    /// The values given for each option, by its long name; a flag given has one empty value.
    private var given: [String: [String]] = [:]
    private var positionals: [String] = []
    /// The labels of what the command declared: it reads nothing else.
    private let declared: Set<String>

    init(_ words: [String], declarations: [any ArgumentDeclaration]) throws {
        declared = Set(declarations.map(\.label))
        var syntaxByName: [String: ArgumentSyntax] = [:]
        for declaration in declarations {
            for name in declaration.spellings { syntaxByName[name] = declaration.syntax }
        }
        var rest = words[...]
        while let word = rest.popFirst() {
            if word == "--" {
                positionals += rest
                break
            }
            guard Self.isOption(word) else {
                positionals.append(word)
                continue
            }
            let (name, attached) = Self.split(word)
            guard let syntax = syntaxByName[name] else { throw UsageError("Unknown option '\(name)'.") }
            switch syntax {
            case .flag(let names):
                guard attached == nil else { throw UsageError("\(name) takes no value.") }
                given[names.long, default: []].append("")
            case .option(let names, let repeatable):
                guard repeatable || given[names.long] == nil else { throw UsageError("Give \(name) only once.") }
                if let attached {
                    given[names.long, default: []].append(attached)
                } else if let value = rest.first, !value.hasPrefix("--") {
                    given[names.long, default: []].append(value)
                    rest.removeFirst()
                } else {
                    throw UsageError("\(name) needs a value.")
                }
            case .positional:
                preconditionFailure("positional arguments have no name")
            }
        }
    }

    /// Whether `word` names an option: `--name`, or a dash and a letter (`-o`), so that a negative
    /// number such as a latitude stays a positional argument.
    private static func isOption(_ word: String) -> Bool {
        word.hasPrefix("--") || word.count >= 2 && word.hasPrefix("-") && word.dropFirst().first!.isLetter
    }

    /// `--name=value` as its name and value; any other word as a name alone.
    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    private func checkDeclared(_ declaration: some ArgumentDeclaration) {
        precondition(declared.contains(declaration.label), "\(declaration.label) is read but not declared")
    }

    /// Whether the flag was given.
    mutating func flag(_ flag: Flag) -> Bool {
        checkDeclared(flag)
        return given.removeValue(forKey: flag.names.long) != nil
    }

    /// The value of an option given at most once, if it was given.
    mutating func option<Value>(_ option: Option<Value>) throws -> Value? {
        precondition(!option.isRepeatable, "\(option.label) is repeatable: read it with options(_:)")
        return try options(option).first
    }

    /// Every value of an option, in the order given.
    mutating func options<Value>(_ option: Option<Value>) throws -> [Value] {
        checkDeclared(option)
        return try (given.removeValue(forKey: option.names.long) ?? []).map {
            try option.format.value(of: $0, for: option.names.long)
        }
    }

    /// The next positional argument; missing, it is a usage error.
    mutating func positional<Value>(_ positional: Positional<Value>) throws -> Value {
        checkDeclared(positional)
        guard !positionals.isEmpty else { throw UsageError("Missing \(positional.valueName).") }
        return try positional.format.value(of: positionals.removeFirst(), for: positional.valueName)
    }

    /// The next positional argument, or nil when there is none (an argument another one can stand in for).
    mutating func optionalPositional<Value>(_ positional: Positional<Value>) throws -> Value? {
        positionals.isEmpty ? nil : try self.positional(positional)
    }

    /// Fails on anything the command did not read: an extra argument, or an option it declared
    /// but has no use for in this combination.
    func finish() throws {
        if let word = positionals.first { throw UsageError("Unexpected argument '\(word)'.") }
        if let name = given.keys.sorted().first { throw UsageError("\(name) cannot be used here.") }
    }
}

import WishlistClient
import WishlistCore

/// What completes the last word of a command line: a subcommand's name, an option's name, or —
/// where a wish command takes a wish id — the ids of your newest wishes, asked of the server.
struct CompletionCandidates {
    /// The words typed before the one being completed, without the program's name.
    let words: [String]
    /// The word being completed, empty after a space.
    let partial: String
    let remote: RemoteServer

    /// Splits `line` on spaces (quotes are not interpreted: completion needs only the words'
    /// shapes); a line that ends with a space completes a new, empty word.
    init(line: String, remote: RemoteServer) {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        partial = line.hasSuffix(" ") || words.isEmpty ? "" : words.removeLast()
        self.words = Array(words.dropFirst())
        self.remote = remote
    }

    func all() async -> [String] {
        var command: any Command.Type = WishlistCommand.self
        var rest = words[...]
        while let word = rest.first,
            let sub = command.configuration.subcommands.first(where: { $0.configuration.name == word })
        {
            command = sub
            rest.removeFirst()
        }
        let configuration = command.configuration
        if !configuration.subcommands.isEmpty {
            return configuration.subcommands.map { $0.configuration.name }.filter { $0.hasPrefix(partial) }
        }
        if let previous = rest.last, Self.takesValue(previous, in: configuration) { return [] }
        if partial.hasPrefix("-") {
            return configuration.options.flatMap(\.spellings).filter { $0.hasPrefix(partial) }
        }
        if words.first == WishCommand.configuration.name, configuration.positionals.first?.label == WishID.argument.label {
            return await wishIDs()
        }
        return []
    }

    /// Whether `word` is an option of the command that needs a value, which the shell completes
    /// (as a file name, say).
    private static func takesValue(_ word: String, in configuration: CommandConfiguration) -> Bool {
        configuration.options.contains { declaration in
            if case .option(let names, _) = declaration.syntax { names.all.contains(word) } else { false }
        }
    }

    /// The ids of your newest wishes that start with the partial word; none when the server cannot be asked.
    private func wishIDs() async -> [String] {
        guard let client = try? remote.client(),
            let page = try? await client.wishes(WishListQuery(parameters: ["limit": "100"]))
        else { return [] }
        return page.items.map { $0.id.uuidString.lowercased() }.filter { $0.hasPrefix(partial.lowercased()) }
    }
}

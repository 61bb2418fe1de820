import Foundation
import WishlistClient
import WishlistCore

/// What completes the last word of a command line: a subcommand's name, an option's name, or —
/// where an argument or option takes the id of a record (a wish, a journal entry, a photo…) —
/// the ids of your records that start with what was typed, each with its name, asked of the server.
struct CompletionCandidates {
    /// One completion: the word, and what it names (a wish's name) when the shell can show it.
    struct Candidate: Equatable {
        let word: String
        var description: String?
    }

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

    func all() async -> [Candidate] {
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
                .map { Candidate(word: $0) }
        }
        if let previous = rest.last, let option = Self.valueTaking(previous, in: configuration) {
            // The shell completes other values itself (as a file name, say).
            guard let kind = option.idKind else { return [] }
            return await ids(kind)
        }
        if partial.hasPrefix("-") {
            return configuration.options.flatMap(\.spellings).filter { $0.hasPrefix(partial) }.map { Candidate(word: $0) }
        }
        let positionals = configuration.positionals
        let index = Self.positionalCount(rest, in: configuration)
        guard index < positionals.count, let kind = positionals[index].idKind else { return [] }
        return await ids(kind)
    }

    /// The option of the command that `word` names, when it takes a value.
    private static func valueTaking(_ word: String, in configuration: CommandConfiguration) -> (any ArgumentDeclaration)? {
        configuration.options.first { declaration in
            if case .option(let names, _) = declaration.syntax { names.all.contains(word) } else { false }
        }
    }

    /// How many positional arguments `words` hold: the words that are neither options nor their values.
    private static func positionalCount(_ words: ArraySlice<String>, in configuration: CommandConfiguration) -> Int {
        var count = 0
        var rest = words
        while let word = rest.popFirst() {
            if word.hasPrefix("-"), word.count > 1 {
                if valueTaking(word, in: configuration) != nil, !word.contains("=") { _ = rest.popFirst() }
            } else {
                count += 1
            }
        }
        return count
    }

    /// Your records of `kind` whose ids start with the partial word, with their names: the newest
    /// ones when nothing is typed yet (of the kinds that list newest first), else the server's
    /// lookup by prefix. None when the server cannot be asked.
    private func ids(_ kind: IDMatch.Kind) async -> [Candidate] {
        guard let client = try? remote.client() else { return [] }
        let prefix = partial.lowercased()
        let found: [(id: UUID, name: String?)]?
        if prefix.isEmpty {
            found = try? await newest(kind, client)
        } else {
            found = try? await client.ids(prefix: prefix, kind: kind).map { ($0.id, $0.name) }
        }
        return (found ?? []).map { Candidate(word: $0.id.uuidString.lowercased(), description: $0.name) }
            .filter { $0.word.hasPrefix(prefix) }
    }

    /// The newest records of `kind` with their names; none for kinds with no such list.
    private func newest(_ kind: IDMatch.Kind, _ client: WishlistClient) async throws -> [(id: UUID, name: String?)] {
        let limit = String(WishListQuery.maximumLimit)
        return switch kind {
        case .wish: try await client.wishes(WishListQuery(parameters: ["limit": limit])).items.map { ($0.id, $0.name) }
        case .journalEntry:
            try await client.journalEntries(JournalListQuery(parameters: ["limit": limit])).items.map { ($0.id, $0.title) }
        case .recentSearch: try await client.recentSearches().map { ($0.id, $0.query) }
        case .photo, .spot: []
        }
    }
}

import Foundation
import WishlistClient
import WishlistCore

/// `wishlist search QUERY [--group GROUP [--cursor C] [--limit N] [--all]]`: every group with its
/// total, or the pages of one group (NDJSON with `--json`, like every list).
struct SearchCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "search",
            abstract: "Search your wishes by name, tag, memo and link's site, your journal and the K-culture spots.",
            arguments: [
                queryArgument, groupOption, cursorOption, limitOption, PageReader.allFlag, Output.jsonFlag,
                RemoteServer.serverOption
            ])
    }

    static let queryArgument = Positional("QUERY", help: "Words or parts of words, in any language.")
    static let groupOption = Option(
        "--group", SearchGroup.paged.map(\.rawValue).joined(separator: "|"),
        help: "Only this group, page by page (byText: memo and link's site).",
        format: .oneOf(SearchGroup.paged.map(\.rawValue)))
    static let cursorOption = Option("--cursor", "CURSOR", help: "With --group: the page after this cursor.")
    static let limitOption = Option(
        "--limit", "N", help: "Results per page (per group without --group), 1 to 100.", format: .pageSize)

    let remote: RemoteServer
    let output: Output
    let query: SearchQuery
    let all: Bool

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        all = arguments.flag(PageReader.allFlag)
        var parameters = ["q": try arguments.positional(Self.queryArgument)]
        parameters["group"] = try arguments.option(Self.groupOption)
        parameters["cursor"] = try arguments.option(Self.cursorOption)
        parameters["limit"] = try arguments.option(Self.limitOption).map(String.init)
        if parameters["group"] == nil, all { throw UsageError("--all pages one group: give --group too.") }
        do {
            query = try SearchQuery(parameters: parameters)
        } catch {
            throw UsageError(error.message)
        }
    }

    func run() async throws {
        let client = try remote.client()
        switch query.group {
        case .journal?:
            try await printPages(client, .journal, Output.lines(_:empty:), of: JournalEntry.self)
        case .spots?:
            try await printPages(client, .spots, Self.spotLines, of: Spot.self)
        case .some(let group):
            try await printPages(client, group, Output.lines(_:empty:), of: Wish.self)
        case nil:
            try await output.print(client, { try await $0.search(query.text, limit: query.limit) }) { result in
                """
                \(Self.heading("By name", result.paging.byName))
                \(Output.lines(result.byName, empty: "  nothing"))
                \(Self.heading("By tag", result.paging.byTag))
                \(Output.lines(result.byTag, empty: "  nothing"))
                \(Self.heading("In the memo or the link's site", result.paging.byText))
                \(Output.lines(result.byText, empty: "  nothing"))
                \(Self.heading("In the journal", result.paging.journal))
                \(Output.lines(result.journal, empty: "  nothing"))
                \(Self.heading("K-culture spots", result.paging.spots))
                \(Self.spotLines(result.spots, empty: "  nothing"))
                """
            }
        }
    }

    /// The pages of one group from `--cursor` (all of them with `--all`), the total first.
    private func printPages<Item: Codable & Sendable>(
        _ client: WishlistClient, _ group: SearchGroup, _ lines: ([Item], String) -> String, of type: Item.Type
    ) async throws {
        var summary: SearchGroupSummary?
        var next: String?
        try await output.printPages(client, all: all, from: query.cursor) { client, cursor in
            let page = try await client.searchPage(query.text, group: group, cursor: cursor, limit: query.limit, of: type)
            (summary, next) = (page.summary, page.nextCursor)
            return Page(items: page.items, nextCursor: page.nextCursor)
        } describe: { items in
            [Self.count(summary).map { "\($0) found" }, lines(items, "  nothing"), next.map { "… the next page: --cursor \($0)" }]
                .compactMap { $0 }.joined(separator: "\n")
        }
    }

    /// "By name (12):", "By name (1,000+):".
    static func heading(_ title: String, _ summary: SearchGroupSummary?) -> String {
        count(summary).map { "\(title) (\($0)):" } ?? "\(title):"
    }

    /// A group's total as people read it: "12", "1,000+".
    static func count(_ summary: SearchGroupSummary?) -> String? {
        summary.map { summary in
            summary.total.formatted(.number.grouping(.automatic).locale(.init(identifier: "en_US")))
                + (summary.totalIsCapped ? "+" : "")
        }
    }

    static func spotLines(_ spots: [Spot], empty: String) -> String {
        spots.isEmpty ? empty : spots.map(Output.line).joined(separator: "\n")
    }
}

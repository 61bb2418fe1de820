import Foundation
import WishlistClient
import WishlistCore

/// `wishlist share create`: a new link to every wish, or to one tag's.
struct ShareCreateCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "create", abstract: "Make a link that shows your wishes (or one tag's) to anyone holding it.",
            arguments: [
                tagOption, titleOption, showPlacesFlag, hideMemosFlag, hidePricesFlag, noReservationsFlag, expiresOption,
                Output.jsonFlag, RemoteServer.serverOption
            ],
            apiFields: ["tag": tagOption, "title": titleOption, "expiresAt": expiresOption])
    }

    static let tagOption = Option("--tag", "TAG", help: "Share only the wishes with this tag (followed as it changes).")
    static let titleOption = Option("--title", "TITLE", help: "What the list is called (default: the tag, or 'My wishes').")
    static let showPlacesFlag = Flag("--show-places", help: "Show the wishes' places (hidden by default: one may be a home).")
    static let hideMemosFlag = Flag("--hide-memos", help: "Leave the memos out.")
    static let hidePricesFlag = Flag("--hide-prices", help: "Leave the prices out.")
    static let noReservationsFlag = Flag("--no-reservations", help: "Do not let friends reserve gifts.")
    static let expiresOption = Option(
        "--expires", "DATE", help: "The last day the link works (YYYY-MM-DD, this computer's time zone), or an ISO 8601 time.",
        format: .expiry)

    let remote: RemoteServer
    let output: Output
    let draft: ShareDraft

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        let tag = try arguments.option(Self.tagOption)
        draft = ShareDraft(
            title: try arguments.option(Self.titleOption) ?? tag ?? "My wishes", tag: tag,
            showMemos: !arguments.flag(Self.hideMemosFlag), showPrices: !arguments.flag(Self.hidePricesFlag),
            showPlaces: arguments.flag(Self.showPlacesFlag), allowReservations: !arguments.flag(Self.noReservationsFlag),
            expiresAt: try arguments.option(Self.expiresOption))
    }

    func run() async throws {
        try await output.print(try remote.client(), { try await $0.createShare(draft) }, describe: ShareText.details)
    }
}

extension ValueFormat where Value == Date {
    /// When a link stops working: a day (`2026-12-25`: the link works through that day, in this
    /// computer's time zone) or an exact ISO 8601 time.
    static var expiry: ValueFormat {
        ValueFormat(expected: "a day like 2026-12-25 or a time like 2026-12-25T18:00:00Z") { text in
            if let time = Date(iso8601String: text) { return time }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.dateFormat = "yyyy-MM-dd"
            formatter.isLenient = false
            guard let day = formatter.date(from: text) else { return nil }
            return Calendar(identifier: .gregorian).date(byAdding: .day, value: 1, to: day)
        }
    }
}

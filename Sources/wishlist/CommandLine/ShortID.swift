import Foundation
import WishlistClient
import WishlistCore

/// A record's id as typed on the command line: whole, or — as git takes commits — its first
/// `minimumLength` characters or more, which the server resolves among the account's own records
/// (`GET /api/v1/ids`, one index lookup however many records there are).
struct ShortID: Sendable, Equatable {
    /// The fewest characters of an id accepted for the whole.
    static let minimumLength = 8

    /// What was typed, in lower case.
    let text: String
    let kind: IDMatch.Kind

    /// `text` as an id of `kind`, or nil when it is neither a whole id nor a long enough prefix of one.
    init?(_ text: String, kind: IDMatch.Kind) {
        let lowered = text.lowercased()
        guard (Self.minimumLength...36).contains(lowered.count), lowered.allSatisfy({ $0.isHexDigit || $0 == "-" })
        else { return nil }
        self.text = lowered
        self.kind = kind
    }

    /// The whole id: as typed when whole (the server says when there is no such record), else the
    /// one record whose id starts with it. None is "not found" (exit 1, as the server's 404 would
    /// be); several is a usage error that lists them, so the person can type more of the one meant.
    func resolve(_ client: WishlistClient) async throws -> UUID {
        if let whole = UUID(uuidString: text) { return whole }
        let matches = try await client.ids(prefix: text, kind: kind)
        switch matches.count {
        case 0:
            throw CommandFailure("There is no \(kind.noun) with an id starting '\(text)'.")
        case 1:
            return matches[0].id
        default:
            let listed = matches.map { "  \($0.id.uuidString.lowercased())  \($0.name ?? "")" }
            let more = matches.count >= IDMatch.limitPerKind ? ["  …"] : []
            throw UsageError(
                (["The id '\(text)' starts the ids of several \(kind.plural); type more of the one you mean:"] + listed + more)
                    .joined(separator: "\n"))
        }
    }
}

extension [ShortID] {
    /// Every id resolved, in order.
    func resolve(_ client: WishlistClient) async throws -> [UUID] {
        var ids: [UUID] = []
        for id in self { ids.append(try await id.resolve(client)) }
        return ids
    }
}

extension IDMatch.Kind {
    /// What a person calls one: "wish", "journal entry".
    var noun: String {
        switch self {
        case .wish: "wish"
        case .journalEntry: "journal entry"
        case .photo: "photo"
        case .recentSearch: "recent search"
        case .spot: "spot"
        }
    }

    var plural: String {
        switch self {
        case .wish: "wishes"
        case .journalEntry: "journal entries"
        default: noun + "s"
        }
    }
}

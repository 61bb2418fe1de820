import Foundation
import WishlistCore

extension WishlistClient {
    // MARK: The owner's shares

    /// Makes a link to the account's wishes (or to one tag's) that anyone holding it can read.
    public func createShare(_ draft: ShareDraft) async throws -> Share {
        try await request(APIRoute.Sharing.create, json: draft)
    }

    /// The account's shares, newest first.
    public func shares() async throws -> [Share] {
        try await request(APIRoute.Sharing.list, as: ItemList<Share>.self).items
    }

    /// One of the account's shares.
    public func share(_ id: UUID) async throws -> Share {
        try await request(APIRoute.Sharing.show, Self.id(id))
    }

    /// Changes what a share shows, its tag, title or expiry; its link stays.
    public func updateShare(_ id: UUID, _ patch: SharePatch) async throws -> Share {
        try await request(APIRoute.Sharing.update, Self.id(id), json: patch)
    }

    /// Gives a share a new link; the old one stops working at once.
    public func rotateShare(_ id: UUID) async throws -> Share {
        try await request(APIRoute.Sharing.rotate, Self.id(id))
    }

    /// Ends a share: its link stops working at once.
    public func revokeShare(_ id: UUID) async throws {
        try await requestWithoutAnswer(APIRoute.Sharing.revoke, Self.id(id))
    }

    // MARK: A shared list, as a friend reads it

    /// A client for the server of a shared list's link (`https://host/s/TOKEN`), signed out
    /// whatever this one is (a link may lead to another server, which must never see this
    /// client's credentials), and the link's token.
    public static func sharedLink(_ url: URL, transport: any WishlistTransport) throws -> (client: WishlistClient, token: String) {
        let parts = url.pathComponents.dropFirst()
        guard let scheme = url.scheme, ["http", "https"].contains(scheme), let host = url.host, parts.count == 2,
            parts.first == sharedPageSegment, var origin = URLComponents(string: "\(scheme)://\(host)")
        else { throw WishlistClientError.transport("'\(url.absoluteString)' is not a shared list's link (…/s/TOKEN).") }
        origin.port = url.port
        guard let base = origin.url else {
            throw WishlistClientError.transport("'\(url.absoluteString)' is not a shared list's link (…/s/TOKEN).")
        }
        return (WishlistClient(baseURL: base, transport: transport), parts[parts.startIndex + 1])
    }

    /// `s`, the first segment of a shared list's page path, read from the route table.
    private static var sharedPageSegment: String {
        let path = (try? APIRoute.Sharing.page.path(["token": "t"])) ?? ""
        return URL(fileURLWithPath: path).pathComponents.dropFirst().first ?? ""
    }

    /// A page of the shared list behind `url`, newest wish first, read signed out: as a friend
    /// sees it, reservations included (a native app can show a friend's list this way).
    public static func sharedList(
        at url: URL, transport: any WishlistTransport, limit: Int? = nil, cursor: String? = nil
    ) async throws -> SharedList {
        let (client, token) = try sharedLink(url, transport: transport)
        return try await client.sharedList(token: token, limit: limit, cursor: cursor)
    }

    /// A page of the shared list of `token` on this client's server.
    public func sharedList(token: String, limit: Int? = nil, cursor: String? = nil) async throws -> SharedList {
        var query: [URLQueryItem] = []
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await request(APIRoute.Sharing.sharedList, ["token": token], query: query)
    }

    /// One wish of the shared list of `token`.
    public func sharedWish(token: String, id: UUID) async throws -> SharedWish {
        try await request(APIRoute.Sharing.sharedWish, ["token": token, "id": id.uuidString.lowercased()])
    }

    /// Says the reader will get the wish; the key returned alone can cancel it.
    public func reserve(token: String, wish id: UUID, _ reservation: ReservationRequest = .init()) async throws
        -> ReservationReceipt
    {
        try await request(
            APIRoute.Sharing.reserve, ["token": token, "id": id.uuidString.lowercased()], json: reservation)
    }

    /// Cancels the reservation made with `key`.
    public func cancelReservation(token: String, wish id: UUID, key: String) async throws {
        let answer = try await send(
            APIRoute.Sharing.cancelReservation, ["token": token, "id": id.uuidString.lowercased()],
            headers: ["X-Reservation-Key": key])
        try Self.check(answer)
    }

    /// Which of the reservation keys kept for the list of `token` still hold a wish in it.
    public func checkReservations(token: String, keys: [String]) async throws -> ReservationStatus {
        try await request(APIRoute.Sharing.checkReservations, ["token": token], json: ReservationCheck(keys: keys))
    }
}

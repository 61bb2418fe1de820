import Foundation
import WishlistCore

extension WishlistClient {
    /// Writes a new journal entry.
    public func createJournalEntry(_ draft: JournalDraft) async throws -> JournalEntry {
        try await request(APIRoute.Journal.create, json: draft)
    }

    /// One page of the journal, newest day first; pass the answer's `nextCursor` in `query.cursor`
    /// for the next. With `query.mentioning`, the entries that mention that wish.
    public func journalEntries(_ query: JournalListQuery? = nil) async throws -> Page<JournalEntry> {
        var items: [URLQueryItem] = []
        if let query {
            items.append(URLQueryItem(name: "limit", value: String(query.limit)))
            if let hearted = query.hearted { items.append(URLQueryItem(name: "hearted", value: String(hearted))) }
            if let cursor = query.cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        }
        if let wish = query?.mentioning { return try await request(APIRoute.Journal.mentioning, Self.id(wish), query: items) }
        return try await request(APIRoute.Journal.list, query: items)
    }

    /// One journal entry; a 404 `not_found` error when the account has none with that id.
    public func journalEntry(_ id: UUID) async throws -> JournalEntry {
        try await request(APIRoute.Journal.show, Self.id(id))
    }

    /// Changes the fields set in `patch`; with `expectedVersion`, only if nobody changed the entry since (else 412).
    public func updateJournalEntry(_ id: UUID, _ patch: JournalPatch, expectedVersion: Int? = nil) async throws -> JournalEntry {
        try await request(
            APIRoute.Journal.update, Self.id(id), json: patch, headers: expectedVersion.map { ["If-Match": "\"\($0)\""] } ?? [:])
    }

    /// Deletes a journal entry.
    public func deleteJournalEntry(_ id: UUID) async throws {
        try await requestWithoutAnswer(APIRoute.Journal.delete, Self.id(id))
    }

    /// Hearts (`true`) or unhearts a journal entry and returns it.
    public func setHeart(_ id: UUID, _ hearted: Bool) async throws -> JournalEntry {
        try await request(hearted ? APIRoute.Journal.heart : APIRoute.Journal.unheart, Self.id(id))
    }
}

extension WishlistClient {
    /// The journal entries in a box, as points or clusters: the map's journal layer.
    public func journalMarkers(_ box: BoundingBox, zoom: Int? = nil) async throws -> MapMarkers {
        try await request(APIRoute.Journal.markers, query: box.markerQuery(zoom: zoom))
    }

    /// Journal entries nearest to a point first, a page at a time.
    public func journalEntriesNear(_ query: NearQuery) async throws -> Page<NearbyJournalEntry> {
        try await request(APIRoute.Journal.near, query: query.parameters)
    }
}

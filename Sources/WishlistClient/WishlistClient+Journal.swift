import Foundation
import WishlistCore

extension WishlistClient {
    private static func journalPath(_ id: UUID) -> String { "/api/v1/journal/\(id.uuidString.lowercased())" }

    /// Writes a new journal entry.
    public func createJournalEntry(_ draft: JournalDraft) async throws -> JournalEntry {
        try await request("POST", "/api/v1/journal", json: draft)
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
        let path = query?.mentioning.map { "/api/v1/wishes/\($0.uuidString.lowercased())/journal" } ?? "/api/v1/journal"
        return try await request("GET", Self.pathWithQuery(path, items))
    }

    /// One journal entry; a 404 `not_found` error when the account has none with that id.
    public func journalEntry(_ id: UUID) async throws -> JournalEntry {
        try await request("GET", Self.journalPath(id))
    }

    /// Changes the fields set in `patch`; with `expectedVersion`, only if nobody changed the entry since (else 412).
    public func updateJournalEntry(_ id: UUID, _ patch: JournalPatch, expectedVersion: Int? = nil) async throws -> JournalEntry {
        try await request(
            "PATCH", Self.journalPath(id), json: patch, headers: expectedVersion.map { ["If-Match": "\"\($0)\""] } ?? [:])
    }

    /// Deletes a journal entry.
    public func deleteJournalEntry(_ id: UUID) async throws {
        try await requestWithoutAnswer("DELETE", Self.journalPath(id))
    }

    /// Hearts (`true`) or unhearts a journal entry and returns it.
    public func setHeart(_ id: UUID, _ hearted: Bool) async throws -> JournalEntry {
        try await request(hearted ? "PUT" : "DELETE", Self.journalPath(id) + "/heart")
    }
}

extension WishlistClient {
    /// The journal entries in a box, as points or clusters: the map's journal layer.
    public func journalMarkers(_ box: BoundingBox, zoom: Int? = nil) async throws -> MapMarkers {
        try await request("GET", "/api/v1/journal/markers?bbox=\(box.parameter)" + (zoom.map { "&zoom=\($0)" } ?? ""))
    }

    /// Journal entries nearest to a point first, a page at a time.
    public func journalEntriesNear(_ query: NearQuery) async throws -> Page<NearbyJournalEntry> {
        try await request("GET", Self.pathWithQuery("/api/v1/journal/near", query.parameters))
    }
}

/// The body of `POST /api/v1/shared/{token}/wishes/{id}/reservation`: a friend saying they will
/// get the gift. Everything is optional; the name is shown to other friends only with `showName`,
/// and never to the list's owner.
public struct ReservationRequest: Codable, Sendable, Hashable {
    public var name: String?
    public var note: String?
    public var showName: Bool

    /// A reservation, anonymous unless a name is given and `showName` is set.
    public init(name: String? = nil, note: String? = nil, showName: Bool = false) {
        self.name = name
        self.note = note
        self.showName = showName
    }

    /// The request with its name and note by `ShareRules`.
    public func validated() throws(ValidationError) -> ReservationRequest {
        ReservationRequest(
            name: try ShareRules.reserverName(name), note: try ShareRules.reservationNote(note), showName: showName)
    }

    private enum CodingKeys: String, CodingKey { case name, note, showName }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        showName = try container.decodeIfPresent(Bool.self, forKey: .showName) ?? false
    }
}

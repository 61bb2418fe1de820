/// What a K-culture spot was seen in (K8): a drama, a film, a TV show, or an artist's visit.
public enum SpotType: String, Codable, Sendable, CaseIterable, Hashable {
    case drama, movie, show, artist

    /// The `type` query parameter: absent for every type, else one of the four.
    public init?(parameter: String?) throws(ValidationError) {
        guard let parameter, !parameter.isEmpty else { return nil }
        guard let type = SpotType(rawValue: parameter) else {
            throw ValidationError(
                field: "type", code: "invalid_spot_type",
                message: "type must be one of \(Self.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        self = type
    }
}

extension SpotType: JSONWritable {
    public func write(to json: inout JSONWriter) { json.string(rawValue) }
}

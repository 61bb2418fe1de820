/// What a patch does with a field that can be empty: JSON tells the three apart, a missing key
/// keeps the value, an explicit `null` clears it, anything else sets it.
public enum FieldChange<Value: Sendable & Hashable>: Sendable, Hashable {
    case keep
    case clear
    case set(Value)
}

extension KeyedDecodingContainer {
    /// The change a patch body asks for under `key`.
    func decodeChange<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> FieldChange<Value> {
        guard contains(key) else { return .keep }
        if try decodeNil(forKey: key) { return .clear }
        return .set(try decode(Value.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Writes `change` as a patch body says it: nothing, `null` or the value.
    mutating func encodeChange<Value: Encodable>(_ change: FieldChange<Value>, forKey key: Key) throws {
        switch change {
        case .keep: break
        case .clear: try encodeNil(forKey: key)
        case .set(let value): try encode(value, forKey: key)
        }
    }
}

extension FieldChange {
    /// The field's new value: `current` kept, cleared to nil, or the set value as `rule` makes it
    /// (which may be nil too, for a value that means "none", like an empty time).
    func applied(to current: Value?, _ rule: (Value) throws(ValidationError) -> Value?) throws(ValidationError) -> Value? {
        switch self {
        case .keep: current
        case .clear: nil
        case .set(let value): try rule(value)
        }
    }
}

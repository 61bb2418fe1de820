/// Header fields in arrival order. Names compare case-insensitively and a name may repeat.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: String)

    private var fields: [Element] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of `name`; setting replaces every value of `name` (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            guard let newValue else {
                fields.removeAll { Self.sameName($0.name, name) }
                return
            }
            if let index = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
                fields[index].value = newValue
                var next = index + 1
                while next < fields.count {
                    if Self.sameName(fields[next].name, name) { fields.remove(at: next) } else { next += 1 }
                }
            } else {
                fields.append((name: name, value: newValue))
            }
        }
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    /// ASCII case-insensitive comparison, enough for header names (RFC 9110 tokens).
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let l?, let r?) where l == r || (l | 0x20 == r | 0x20 && (l | 0x20) >= 0x61 && (l | 0x20) <= 0x7A):
                continue
            default: return false
            }
        }
    }
}

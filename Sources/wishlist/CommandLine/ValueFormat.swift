import Foundation
import WishlistCore

/// How the text of an option's value or a positional argument becomes the value a command uses,
/// and how to say what was expected when it does not.
struct ValueFormat<Value: Sendable>: Sendable {
    /// What a valid value is, for the error: "a number", "a wish id".
    let expected: String
    /// The kind of record whose id this is, for completion to offer ids; nil for anything else.
    var idKind: IDMatch.Kind?
    let convert: @Sendable (String) -> Value?

    init(expected: String, idKind: IDMatch.Kind? = nil, convert: @escaping @Sendable (String) -> Value?) {
        self.expected = expected
        self.idKind = idKind
        self.convert = convert
    }

    /// Converts `text` given for the argument `label`, or says on the command line what was expected.
    func value(of text: String, for label: String) throws -> Value {
        guard let value = convert(text) else { throw UsageError("\(label) needs \(expected), not '\(text)'.") }
        return value
    }
}

extension ValueFormat where Value == String {
    static var text: ValueFormat { ValueFormat(expected: "some text") { $0 } }

    /// One of a few words, e.g. the sizes of a photo.
    static func oneOf(_ words: [String]) -> ValueFormat {
        ValueFormat(expected: "one of " + words.joined(separator: ", ")) { words.contains($0) ? $0 : nil }
    }
}

extension ValueFormat where Value == ShortID {
    /// The id of a record of `kind`, which commands print in lower case: whole, or its first 8
    /// characters or more.
    static func id(_ kind: IDMatch.Kind) -> ValueFormat {
        let article = kind.noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return ValueFormat(
            expected: "\(article) \(kind.noun) id (a UUID, or its first \(ShortID.minimumLength) characters or more)", idKind: kind
        ) { ShortID($0, kind: kind) }
    }
}

extension ValueFormat where Value == URL {
    /// An http(s) address with a host, like `example`.
    static func webAddress(example: String) -> ValueFormat {
        ValueFormat(expected: "an http(s) address like \(example)") { text in
            URL(string: text).flatMap { ["http", "https"].contains($0.scheme ?? "") && $0.host != nil ? $0 : nil }
        }
    }
}

extension ValueFormat where Value == Int {
    /// A whole number from `range`, e.g. an offset into results.
    static func wholeNumber(_ range: PartialRangeFrom<Int>) -> ValueFormat {
        ValueFormat(expected: "a whole number from \(range.lowerBound)") { Int($0).flatMap { range.contains($0) ? $0 : nil } }
    }

    /// A whole number in `range`, e.g. a page size.
    static func wholeNumber(_ range: ClosedRange<Int>) -> ValueFormat {
        ValueFormat(expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") {
            Int($0).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// The size of a page of a list the API pages: 1 to 100.
    static var pageSize: ValueFormat { wholeNumber(1...WishListQuery.maximumLimit) }
}

extension ValueFormat where Value == Double {
    static var number: ValueFormat { ValueFormat(expected: "a number") { Double($0).flatMap { $0.isFinite ? $0 : nil } } }

    /// A number in `range`, e.g. a latitude.
    static func number(_ range: ClosedRange<Double>) -> ValueFormat {
        ValueFormat(expected: "a number from \(range.lowerBound.formatted) to \(range.upperBound.formatted)") {
            Double($0).flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
        }
    }

    static var latitude: ValueFormat { number(-90...90) }
    static var longitude: ValueFormat { number(-180...180) }
}

extension Double {
    /// Without a fraction when it has none: 90, not 90.0.
    fileprivate var formatted: String { rounded() == self ? String(Int(self)) : String(self) }
}

extension ValueFormat where Value == String {
    /// Text that a rule of the API accepts, as the server would (`rule` returns nil or throws for
    /// anything else); checked here so that a wrong value is a usage error naming the option.
    static func checked(_ expected: String, by rule: @escaping @Sendable (String) throws -> String?) -> ValueFormat {
        ValueFormat(expected: expected) { try? rule($0) }
    }
}

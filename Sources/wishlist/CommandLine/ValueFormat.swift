import Foundation

/// How the text of an option's value or a positional argument becomes the value a command uses,
/// and how to say what was expected when it does not.
struct ValueFormat<Value: Sendable>: Sendable {
    /// What a valid value is, for the error: "a number", "a wish id".
    let expected: String
    let convert: @Sendable (String) -> Value?

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
        ValueFormat(expected: words.joined(separator: ", ")) { words.contains($0) ? $0 : nil }
    }
}

extension ValueFormat where Value == UUID {
    /// The id of a record, which commands print in lower case.
    static func id(of what: String) -> ValueFormat {
        ValueFormat(expected: "\(what) id (a UUID)") { UUID(uuidString: $0) }
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
}

extension ValueFormat where Value == Double {
    static var number: ValueFormat { ValueFormat(expected: "a number") { Double($0).flatMap { $0.isFinite ? $0 : nil } } }
}

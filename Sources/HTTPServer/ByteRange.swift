/// The outcome of reading a `Range` header against a file of known size.
/// Only one range is served; several ranges or a header we cannot read are
/// ignored (RFC 9110 allows it) and the whole file is sent.
enum ByteRange: Equatable {
    case none
    case unsatisfiable
    /// Inclusive byte offsets.
    case range(first: Int, last: Int)

    static func parse(_ header: String, size: Int) -> ByteRange {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes=") else { return .none }
        let spec = trimmed.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .none }
        let startText = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let endText = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        let isDigits = { (text: String) in text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
        guard isDigits(startText), isDigits(endText) else { return .none }

        if startText.isEmpty {
            // Suffix range: the last n bytes.
            guard !endText.isEmpty else { return .none }
            let count = Int(endText) ?? Int.max  // more digits than Int holds: more than the whole file
            guard count > 0, size > 0 else { return .unsatisfiable }
            return .range(first: max(0, size - count), last: size - 1)
        }
        guard let first = Int(startText) else { return .unsatisfiable }  // too many digits: beyond any file
        guard first < size else { return .unsatisfiable }
        if endText.isEmpty { return .range(first: first, last: size - 1) }
        guard let last = Int(endText) else { return .range(first: first, last: size - 1) }
        guard last >= first else { return .none }
        return .range(first: first, last: min(last, size - 1))
    }
}

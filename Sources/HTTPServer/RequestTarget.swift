/// The request line's target split into a decoded path and query items.
/// Bad percent-encoding, a NUL byte or a `.`/`..` segment is a 400.
struct RequestTarget {
    let path: String
    let segments: [Substring]
    let queryItems: [(name: String, value: String)]

    init(_ raw: String) throws(HTTPError) {
        let rawPath: Substring
        let rawQuery: Substring?
        // Split on the bytes, not on Characters: every delimiter is ASCII, which UTF-8 never uses
        // inside another character, and grapheme breaking was a twentieth of answering `/healthz`.
        if let mark = raw.utf8.firstIndex(of: UInt8(ascii: "?")) {
            rawPath = raw[..<mark]
            rawQuery = raw[raw.utf8.index(after: mark)...]
        } else {
            rawPath = raw[...]
            rawQuery = nil
        }
        guard rawPath.hasPrefix("/"), let path = Self.percentDecoded(rawPath, plusIsSpace: false) else {
            throw HTTPError(.badRequest, code: "invalid_path", message: "The request path is not valid.")
        }
        let segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Substring.init)
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else {
            throw HTTPError(.badRequest, code: "invalid_path", message: "The request path may not contain '.' or '..' segments.")
        }
        var items: [(name: String, value: String)] = []
        for pairBytes in (rawQuery ?? "").utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let pair = Substring(pairBytes)
            let equals = pair.utf8.firstIndex(of: UInt8(ascii: "="))
            let rawName = equals.map { pair[..<$0] } ?? pair
            let rawValue = equals.map { pair[pair.utf8.index(after: $0)...] } ?? ""
            guard let name = Self.percentDecoded(rawName, plusIsSpace: true),
                let value = Self.percentDecoded(rawValue, plusIsSpace: true)
            else {
                throw HTTPError(
                    .badRequest, code: "invalid_query",
                    message: "The query string holds a malformed %-escape, a NUL or bytes that are not UTF-8.")
            }
            items.append((name: name, value: value))
        }
        self.path = path
        self.segments = segments
        self.queryItems = items
    }

    /// nil when an escape is malformed, decodes to NUL, or the result is not UTF-8.
    static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high != utf8.endIndex else { return nil }
                let low = utf8.index(after: high)
                guard low != utf8.endIndex, let h = hexValue(utf8[high]), let l = hexValue(utf8[low]) else { return nil }
                let decoded = h << 4 | l
                guard decoded != 0 else { return nil }
                bytes.append(decoded)
                index = utf8.index(after: low)
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

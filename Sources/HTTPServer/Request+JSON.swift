import Foundation

extension Request {
    /// Decodes a JSON body. A missing or non-JSON `Content-Type` is a 415
    /// `unsupported_media_type`; an empty or malformed body or one of the wrong
    /// shape is a 400 `invalid_json` whose message names the problem.
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = .init()) throws -> T {
        guard let mediaType, mediaType == "application/json" || mediaType.hasSuffix("+json") else {
            throw HTTPError(
                .unsupportedMediaType, code: "unsupported_media_type",
                message: "The request body must be JSON (Content-Type: application/json).")
        }
        let data = try body.data()
        guard !data.isEmpty else {
            throw HTTPError(.badRequest, code: "invalid_json", message: "The request body is empty.")
        }
        guard !Self.hasNULInAString(data) else {
            throw HTTPError(
                .badRequest, code: "invalid_json", message: "Text in the request body may not contain the NUL character (\\u0000).")
        }
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, code: "invalid_json", message: Self.describe(error))
        } catch {
            throw HTTPError(.badRequest, code: "invalid_json", message: "The request body is not valid JSON.")
        }
    }

    /// Whether a string of the JSON text holds `\u0000`. No API takes a NUL in text, and a database
    /// cannot keep one everywhere (PostgreSQL's text cannot), so it is refused here, before it
    /// reaches anything. JSON strings cannot hold a raw NUL byte, which the decoder refuses; an
    /// escaped backslash before `u0000` is text, not a NUL, so escapes are read pairwise.
    static func hasNULInAString(_ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            let quote = UInt8(ascii: "\"")
            let backslash = UInt8(ascii: "\\")
            let zero = UInt8(ascii: "0")
            var index = 0
            var inString = false
            while index < bytes.count {
                let byte = bytes[index]
                if inString, byte == backslash, index + 1 < bytes.count {
                    if bytes[index + 1] == UInt8(ascii: "u"), index + 5 < bytes.count,
                        bytes[index + 2] == zero, bytes[index + 3] == zero, bytes[index + 4] == zero, bytes[index + 5] == zero
                    {
                        return true
                    }
                    index += 2
                    continue
                }
                if byte == quote { inString.toggle() }
                index += 1
            }
            return false
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text
        }
        func at(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty ? "" : " at '\(path(codingPath))'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "Missing field '\(path(context.codingPath + [key]))'."
        case .typeMismatch(let type, let context):
            return "Wrong type\(at(context.codingPath)): expected \(Self.jsonName(of: type))."
        case .valueNotFound(let type, let context):
            return "Missing value\(at(context.codingPath)): expected \(Self.jsonName(of: type))."
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "The request body is not valid JSON." }
            return "Invalid value\(at(context.codingPath))."
        @unknown default:
            return "The request body does not have the expected shape."
        }
    }

    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is Double.Type, is Float.Type: return "a number"
        default:
            return String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}

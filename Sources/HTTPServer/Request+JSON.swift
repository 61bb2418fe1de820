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
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, code: "invalid_json", message: Self.describe(error))
        } catch {
            throw HTTPError(.badRequest, code: "invalid_json", message: "The request body is not valid JSON.")
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

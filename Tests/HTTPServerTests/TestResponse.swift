import Foundation

@testable import HTTPServer

/// One answer as the client saw it.
struct TestResponse {
    let status: Int
    let headers: HTTPHeaders
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The `error.code` of a JSON error answer.
    var errorCode: String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let error = object["error"] as? [String: Any]
        else { return nil }
        return error["code"] as? String
    }

    var errorMessage: String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let error = object["error"] as? [String: Any]
        else { return nil }
        return error["message"] as? String
    }
}

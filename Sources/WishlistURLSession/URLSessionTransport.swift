import Foundation
import WishlistClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `WishlistTransport` over Foundation's URLSession, for apps (macOS, iOS):
/// `WishlistClient(baseURL: url, token: token, transport: URLSessionTransport())`.
public struct URLSessionTransport: WishlistTransport {
    private let session: URLSession

    /// A transport on an ephemeral session that keeps no cookies (the client keeps its own) and
    /// fails a request after `requestTimeout` seconds without an answer.
    public init(requestTimeout: TimeInterval = 60) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.timeoutIntervalForRequest = requestTimeout
        session = URLSession(configuration: configuration)
    }

    /// Sends `request` by the session: a data task, an upload from its file, or a download into
    /// its `successBodyFile`.
    public func send(_ request: WishlistRequest) async throws -> HTTPAnswer {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        // A connection per request: when a kept-alive connection turns out dead, URLSession on Linux
        // (libcurl) sends the request again on a new one by itself but without its body, and the
        // server waits for that body until the time runs out. A fresh connection fails plainly
        // instead, and the client sends the whole request again.
        urlRequest.setValue("close", forHTTPHeaderField: "Connection")
        do {
            if let destination = request.successBodyFile {
                let (location, response) = try await session.download(for: urlRequest)
                defer { try? FileManager.default.removeItem(at: location) }
                let answer = try Self.answer(response, body: Data())
                guard (200..<300).contains(answer.status) else {
                    return HTTPAnswer(status: answer.status, headers: answer.headers, body: (try? Data(contentsOf: location)) ?? Data())
                }
                do {
                    _ = try? FileManager.default.removeItem(at: destination)
                    try FileManager.default.moveItem(at: location, to: destination)
                } catch {
                    throw WishlistTransportError.localFile(path: destination.path, reason: error.localizedDescription)
                }
                return answer
            }
            if case .file(let file) = request.body {
                let (data, response) = try await session.upload(for: urlRequest, fromFile: file)
                return try Self.answer(response, body: data)
            }
            if case .bytes(let body) = request.body { urlRequest.httpBody = body }
            let (data, response) = try await session.data(for: urlRequest)
            return try Self.answer(response, body: data)
        } catch let error as URLError
            where [.networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource].contains(error.code)
        {
            throw WishlistTransportError.connectionLost(error.localizedDescription)
        } catch let error as URLError where [.fileDoesNotExist, .noPermissionsToReadFile, .cannotOpenFile].contains(error.code) {
            if case .file(let file) = request.body {
                throw WishlistTransportError.localFile(path: file.path, reason: error.localizedDescription)
            }
            throw WishlistTransportError.unreachable(error.localizedDescription)
        } catch let error as URLError {
            throw WishlistTransportError.unreachable(error.localizedDescription)
        }
    }

    /// The answer in `response`, its header names in lower case.
    private static func answer(_ response: URLResponse, body: Data) throws -> HTTPAnswer {
        guard let http = response as? HTTPURLResponse else {
            throw WishlistTransportError.unreachable("The server's answer was not HTTP.")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPAnswer(status: http.statusCode, headers: headers, body: body)
    }
}

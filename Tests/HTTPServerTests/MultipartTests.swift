import Foundation
import Synchronization
import Testing

@testable import HTTPServer

@Suite struct MultipartTests {
    private static let boundary = "----WishlistBoundary7MA4YWxk"

    private static func form(_ parts: [(headers: String, body: Data)], boundary: String = boundary) -> Data {
        var data = Data("preamble to ignore\r\n".utf8)
        for part in parts {
            data.append(Data("--\(boundary)\r\n\(part.headers)\r\n\r\n".utf8))
            data.append(part.body)
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--\(boundary)--\r\n".utf8))
        return data
    }

    private static func bytes(_ count: Int, seed: Int) -> Data {
        // Includes CR, LF and '-' so that near-delimiters occur inside file bodies.
        Data((0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 131 &+ seed) % 251) })
    }

    @Test func twoFilesAndAFieldOverTheWire() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("multipart-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let photo = Self.bytes(200_000, seed: 1)
        let other = Self.bytes(70, seed: 2)
        let body = Self.form([
            ("Content-Disposition: form-data; name=\"title\"", Data("Jeonju trip 전주".utf8)),
            ("Content-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg", photo),
            ("content-disposition: form-data; name=\"file\"; filename=\"b \\\"2\\\".png\"\r\nContent-Type: image/png", other)
        ])
        let filePaths = Mutex<[String]>([])
        let server = try TestServer(configure: {
            $0.memoryBodyThreshold = 4096
            $0.temporaryDirectory = directory
        }) { router in
            router.post("/photos", bodyLimit: 1 << 20) { request in
                let form = try request.multipartForm()
                let files = form.files("file")
                for file in files {
                    guard case .file(let path, _) = file.body else { throw HTTPError(.badRequest, code: "not_on_disk", message: "") }
                    filePaths.withLock { $0.append(path) }
                }
                return .json([
                    "title": [form.field("title") ?? ""],
                    "names": files.map { $0.filename ?? "" },
                    "types": files.map { $0.contentType ?? "" },
                    "same": [String(try files.map { try $0.body.data() } == [photo, other])]
                ])
            }
        }
        let client = try server.client()
        let response = try client.request(
            "POST", "/photos", headers: [("Content-Type", "multipart/form-data; boundary=\"\(Self.boundary)\"")], body: body)
        #expect(response.status == 200)
        let answer = try JSONDecoder().decode([String: [String]].self, from: response.body)
        #expect(answer["title"] == ["Jeonju trip 전주"])
        #expect(answer["names"] == ["a.jpg", "b \"2\".png"])
        #expect(answer["types"] == ["image/jpeg", "image/png"])
        #expect(answer["same"] == ["true"])
        // After the request completes (the next one on the connection has begun), the part files are gone.
        #expect(try client.request("GET", "/nothing").status == 404)
        let paths = filePaths.withLock { $0 }
        #expect(paths.count == 2)
        #expect(paths.allSatisfy { $0.hasPrefix(directory) && !FileManager.default.fileExists(atPath: $0) })
    }

    /// Delimiters straddling the parser's 64 KiB reads must still be found.
    @Test(arguments: [65_400, 65_430, 65_440, 65_450, 65_470, 131_000])
    func delimitersAcrossReadBoundaries(fileSize: Int) throws {
        let file = Self.bytes(fileSize, seed: fileSize)
        let body = Self.form([
            ("Content-Disposition: form-data; name=\"file\"; filename=\"x.bin\"", file),
            ("Content-Disposition: form-data; name=\"note\"", Data("after".utf8))
        ])
        let form = try MultipartParser(boundary: Self.boundary, memoryThreshold: 1024).parse(.memory(body))
        defer { form.removeTemporaryFiles() }
        #expect(form.parts.count == 2)
        #expect(try form.files("file").first?.body.data() == file)
        #expect(form.field("note") == "after")
    }

    @Test func emptyFormAndEmptyParts() throws {
        let parser = try MultipartParser(boundary: "b")
        #expect(try parser.parse(.memory(Data("--b--\r\n".utf8))).parts.isEmpty)
        let form = try parser.parse(.memory(Self.form([("Content-Disposition: form-data; name=\"e\"", Data())], boundary: "b")))
        #expect(form.field("e") == "")
    }

    @Test(arguments: [
        "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno closing boundary",
        "--b\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--b--",
        "--b\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nx\r\n--b--",
        "--b\r\nbroken header line\r\n\r\nx\r\n--b--",
        "--bX\r\n\r\n",
        "no boundary at all",
        ""
    ])
    func malformedBodiesAre400(_ text: String) throws {
        #expect(throws: HTTPError.self) { try MultipartParser(boundary: "b").parse(.memory(Data(text.utf8))) }
        do {
            _ = try MultipartParser(boundary: "b").parse(.memory(Data(text.utf8)))
        } catch let error as HTTPError {
            #expect(error.status == .badRequest)
            #expect(error.code == "invalid_multipart")
        }
    }

    @Test func malformedOverTheWireIs400AndWrongTypeIs415() throws {
        let server = try TestServer { router in
            router.post("/photos") { request in .json(["parts": try request.multipartForm().parts.count]) }
        }
        let malformed = try server.request(
            "POST", "/photos", headers: [("Content-Type", "multipart/form-data; boundary=zz")],
            body: Data("--zz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated".utf8))
        #expect(malformed.status == 400)
        #expect(malformed.errorCode == "invalid_multipart")
        let noBoundary = try server.request("POST", "/photos", headers: [("Content-Type", "multipart/form-data")], body: Data("x".utf8))
        #expect(noBoundary.status == 400)
        let wrongType = try server.request("POST", "/photos", headers: [("Content-Type", "application/json")], body: Data("{}".utf8))
        #expect(wrongType.status == 415)
    }

    @Test func tooManyPartsIsRefused() throws {
        let parts = (0..<5).map { ("Content-Disposition: form-data; name=\"p\($0)\"", Data("v".utf8)) }
        let parser = try MultipartParser(boundary: Self.boundary, maxParts: 4)
        #expect(throws: HTTPError.self) { try parser.parse(.memory(Self.form(parts))) }
    }
}

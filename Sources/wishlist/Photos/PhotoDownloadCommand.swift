import Foundation
import WishlistClient
import WishlistCore

/// `wishlist photo download ID [--size thumb|medium|large|full|original] [-o FILE]`.
struct PhotoDownloadCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "download", abstract: "Save a photo: the original byte for byte, or a rendition.",
            arguments: [PhotoCommand.idArgument, sizeOption, outputOption, RemoteServer.serverOption])
    }

    static let sizeOption = Option(
        "--size", "SIZE", help: "original (default), full (as edited, full size), large, medium or thumb.",
        format: ValueFormat(expected: "thumb, medium, large, full or original") { Photo.Size(rawValue: $0) })
    static let outputOption = Option(
        "--output", short: "-o", "FILE", help: "Where to save it, '-' for standard output (default: ID-SIZE.EXT here).")

    let remote: RemoteServer
    let id: ShortID
    let size: Photo.Size
    let destination: String?

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        size = try arguments.option(Self.sizeOption) ?? .original
        destination = try arguments.option(Self.outputOption)
        id = try arguments.positional(PhotoCommand.idArgument)
    }

    func run() async throws {
        let client = try remote.client()
        let id = try await id.resolve(client)
        let answer = try await client.photoFile(id, size: size)
        if destination == "-" {
            FileHandle.standardOutput.write(answer.body)
            return
        }
        let path = destination ?? "\(id.uuidString.lowercased())-\(size.rawValue).\(Self.fileExtension(answer))"
        guard FileManager.default.createFile(atPath: path, contents: answer.body) else {
            throw CommandFailure("Could not write \(path).")
        }
        print("Saved \(path) (\(answer.body.count) bytes).")
    }

    /// The usual extension of the answer's content type: `image/jpeg` is `jpg`, `image/webp` `webp`.
    static func fileExtension(_ answer: HTTPAnswer) -> String {
        let subtype = (answer.headers["content-type"] ?? "").split(separator: "/").last.map(String.init) ?? "bin"
        return subtype == "jpeg" ? "jpg" : subtype
    }
}

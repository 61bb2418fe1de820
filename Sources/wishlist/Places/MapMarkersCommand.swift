import WishlistClient
import WishlistCore

/// `wishlist map markers --bbox MINLNG,MINLAT,MAXLNG,MAXLAT [--zoom Z]`: the wishes in a box, as
/// points or, when there are too many, clusters.
struct MapMarkersCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "markers", abstract: "List the wishes in a box as the map shows them: points, or clusters with a count.",
            arguments: [boxOption, zoomOption, Output.jsonFlag, RemoteServer.serverOption])
    }

    static let boxOption = Option(
        "--bbox", "MINLNG,MINLAT,MAXLNG,MAXLAT", help: "The box (required), west, south, east and north edges.")
    static let zoomOption = Option(
        "--zoom", "Z", help: "The map's zoom, 0 to 22 (default: what fits the box).", format: .wholeNumber(0...22))

    let remote: RemoteServer
    let output: Output
    let box: BoundingBox
    let zoom: Int

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        guard let box = try arguments.option(Self.boxOption) else { throw UsageError("Missing --bbox.") }
        let zoom = try arguments.option(Self.zoomOption).map(String.init)
        do {
            self.box = try BoundingBox(parameter: box)
            self.zoom = try MapMarkers.zoom(parameter: zoom, box: self.box)
        } catch {
            throw UsageError(error.message)
        }
    }

    func run() async throws {
        try await output.print(try remote.client(), { try await $0.mapMarkers(box, zoom: zoom) }) { answer in
            let markers = answer.markers.map { "\($0.id.uuidString.lowercased())  \($0.latitude), \($0.longitude)" }
            let clusters = answer.clusters.map { "\($0.count) wishes around  \($0.latitude), \($0.longitude)" }
            return markers.isEmpty && clusters.isEmpty ? "No wishes in that box." : (markers + clusters).joined(separator: "\n")
        }
    }
}

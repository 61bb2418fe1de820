import Foundation
import Geocoding
import WishlistServer

/// `wishlist places index --data DIR`: builds the offline place index into the data directory
/// (`cache/places.index`) unless it holds the current one. `wishlist serve` runs it as a child
/// process when the index needs building (`PlaceIndexBuild`), so that nothing of the building
/// stays in the server's heaps.
struct PlacesIndexCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "index",
            abstract: "Build the offline place index into the data directory, unless it is there (the server does this itself).",
            arguments: [Environment.dataOption])
    }

    let data: DataDirectory

    init(parsing arguments: inout Arguments) throws {
        data = DataDirectory(try Environment.dataPath(&arguments))
    }

    func run() async throws {
        let path = data.placeIndexPath
        let started = ContinuousClock.now
        if OfflineGazetteer.prepareIndexFile(at: path) {
            print("Built the place index in \(path) (\(ContinuousClock.now - started)).")
        } else if OfflineGazetteer.indexFileIsCurrent(at: path) {
            print("The place index in \(path) is current already.")
        } else {
            throw CommandFailure("Could not build the place index in \(path): is libgeonames installed, and the folder writable?")
        }
    }
}

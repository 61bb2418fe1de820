import Foundation

/// `wishlist spots wish ID`: saves a K-culture spot as a wish (the same wish when saved before).
struct SpotsWishCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "wish", abstract: "Save a K-culture spot as a wish: named after the place, placed there, tagged with the work.",
            arguments: [idArgument, Output.jsonFlag, RemoteServer.serverOption])
    }

    static let idArgument = Positional("ID", help: "The spot's id, as 'wishlist spots search' shows it.", format: .id(.spot))

    let remote: RemoteServer
    let output: Output
    let id: ShortID

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        id = try arguments.positional(Self.idArgument)
    }

    func run() async throws {
        let client = try remote.client()
        let id = try await id.resolve(client)
        try await output.print(client, { try await $0.wish(fromSpot: id) }) { wish, created in
            (created ? "Saved as a new wish:\n" : "Already saved as this wish:\n") + Output.details(wish)
        }
    }
}

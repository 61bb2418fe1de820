import Foundation
import WishlistClient

/// What a client command about one record reads — its id, `--json` and `--server` — declared and
/// read in one place, and how it asks the server and prints the answer: `wish show|fav|unfav`,
/// `journal show|heart|unheart` and the photo commands.
struct RecordRequest {
    let remote: RemoteServer
    let output: Output
    let id: ShortID

    /// The declarations: the id argument, then `--json` and `--server`.
    static func arguments(_ id: Positional<ShortID>) -> [any ArgumentDeclaration] {
        [id, Output.jsonFlag, RemoteServer.serverOption]
    }

    init(_ arguments: inout Arguments, id: Positional<ShortID>) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        self.id = try arguments.positional(id)
    }

    /// Sends `request` with the id (a short one resolved first) and prints its answer as
    /// `describe` says (or as JSON).
    func send<Answer>(
        _ request: (WishlistClient, UUID) async throws -> Answer, describe: (Answer) -> String
    ) async throws {
        let client = try remote.client()
        let id = try await id.resolve(client)
        try await output.print(client, { try await request($0, id) }, describe: describe)
    }
}

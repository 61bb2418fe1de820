import Foundation
import WishlistClient

/// What a client command about one record reads — its id, `--json` and `--server` — declared and
/// read in one place, and how it asks the server and prints the answer: `wish show|fav|unfav`,
/// `journal show|heart|unheart` and the photo commands.
struct RecordRequest {
    let remote: RemoteServer
    let output: Output
    let id: UUID

    /// The declarations: the id argument, then `--json` and `--server`.
    static func arguments(_ id: Positional<UUID>) -> [any ArgumentDeclaration] {
        [id, Output.jsonFlag, RemoteServer.serverOption]
    }

    init(_ arguments: inout Arguments, id: Positional<UUID>) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        self.id = try arguments.positional(id)
    }

    /// Sends `request` with the id and prints its answer as `describe` says (or as JSON).
    func send<Answer>(
        _ request: (WishlistClient, UUID) async throws -> Answer, describe: (Answer) -> String
    ) async throws {
        try await output.print(try remote.client(), { try await request($0, id) }, describe: describe)
    }
}

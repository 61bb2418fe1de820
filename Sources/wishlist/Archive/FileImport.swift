import Foundation
import WishlistClient
import WishlistCore

/// What `import-bookmarks` and `import-csv` share: the file argument, sending it, and printing
/// the report (with `--json`, the server's JSON).
struct FileImport {
    static let fileArgument = Positional("FILE", help: "The file to import.")
    static var arguments: [any ArgumentDeclaration] { [fileArgument, Output.jsonFlag, RemoteServer.serverOption] }

    let remote: RemoteServer
    let output: Output
    let file: String

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        file = try arguments.positional(Self.fileArgument)
    }

    func run(_ send: (WishlistClient, Data) async throws -> ImportReport) async throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure("Cannot read the file '\(file)'.")
        }
        try await output.print(try remote.client(), { try await send($0, data) }, describe: Self.text)
    }

    /// Counts on a line each, then every refused item with its reason.
    static func text(_ report: ImportReport) -> String {
        func counts(_ counts: [String: Int]) -> String {
            counts.isEmpty ? "0" : counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        }
        return
            ([
                "imported: \(counts(report.imported))", "skipped:  \(counts(report.skipped)) (already there)",
                "refused:  \(report.refused.count)"
            ]
            + report.refused.map { "  \($0.item): \($0.reason)" }).joined(separator: "\n")
    }
}

import Foundation

/// The server and API token `wishlist login` keeps for later commands, in
/// `$XDG_CONFIG_HOME/wishlist/login.json` (else `~/.config/wishlist/login.json`), readable by its owner only.
struct SavedLogin: Codable {
    var server: String
    var token: String
    var tokenID: UUID

    static var fileURL: URL {
        let base =
            Environment.value("XDG_CONFIG_HOME").map { URL(fileURLWithPath: $0) }
            ?? homeDirectory.appendingPathComponent(".config")
        return base.appendingPathComponent("wishlist/login.json")
    }

    /// `$HOME`, as every Unix tool takes it; the account database's home only when it is unset.
    /// (Foundation's `homeDirectoryForCurrentUser` asks the account database first on Linux, so
    /// `HOME=/tmp/x wishlist login` wrote to the real home.)
    static var homeDirectory: URL {
        Environment.value("HOME").map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
    }

    static func load() throws -> SavedLogin? {
        guard let data = FileManager.default.contents(atPath: fileURL.path) else { return nil }
        do {
            return try JSONDecoder().decode(SavedLogin.self, from: data)
        } catch {
            throw CommandFailure("\(fileURL.path) is damaged; run 'wishlist login' again.")
        }
    }

    func save() throws {
        let url = Self.fileURL
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let data = try JSONEncoder().encode(self)
        guard FileManager.default.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600])
        else { throw CommandFailure("Could not write \(url.path).") }
    }

    static func remove() throws {
        if FileManager.default.fileExists(atPath: fileURL.path) {
            try FileManager.default.removeItem(at: fileURL)
        }
    }
}

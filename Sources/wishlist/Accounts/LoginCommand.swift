import Foundation
import WishlistClient
import WishlistCurl

/// `wishlist login --server URL`: signs in once and keeps an API token for the commands after.
struct LoginCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "login",
            abstract: "Sign in to a server and keep an API token for later commands.",
            arguments: [serverOption, usernameOption, PasswordInput.stdinFlag])
    }

    static let serverOption = Option(
        "--server", "URL", help: "The server, e.g. http://127.0.0.1:8080 (or $WISHLIST_SERVER).", format: .serverAddress)
    static let usernameOption = Option("--username", "NAME", help: "Your username (asked when missing).")

    let server: URL
    let username: String?
    let passwordFromStdin: Bool

    init(parsing arguments: inout Arguments) throws {
        guard let server = try RemoteServer(&arguments, option: Self.serverOption).explicitServer else {
            throw UsageError("Missing --server URL.")
        }
        self.server = server
        username = try arguments.option(Self.usernameOption)
        passwordFromStdin = arguments.flag(PasswordInput.stdinFlag)
    }

    func run() async throws {
        let username = try username ?? askUsername()
        let password = try PasswordInput.password(fromStdin: passwordFromStdin)
        let client = WishlistClient(baseURL: server)
        let user = try await client.signIn(username: username, password: password)
        guard !user.mustChangePassword else {
            try await client.signOut()
            throw CommandFailure(
                "'\(user.username)' has a temporary password: sign in to the web app to choose a new one, then log in here with it.")
        }
        let host = ProcessInfo.processInfo.hostName
        let token = try await client.createToken(name: "wishlist CLI on \(host)")
        try await client.signOut()
        try SavedLogin(server: server.absoluteString, token: token.token, tokenID: token.id).save()
        print("Logged in to \(server.absoluteString) as \(user.username).")
    }

    private func askUsername() throws -> String {
        print("Username: ", terminator: "")
        guard let line = readLine(), !line.isEmpty else { throw CommandFailure("A username is needed.") }
        return line
    }
}

import Foundation
import Testing
import WishlistClient
import WishlistCore

/// Where a client command finds its server and keeps its login: `--server` checked while the
/// command line is read (`HOST:PORT` meaning http), and the login under `$HOME/.config` unless
/// `$XDG_CONFIG_HOME` says otherwise.
@Suite final class LoginLocationTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-login-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    @Test func aServerThatIsNotAnAddressIsAUsageError() async throws {
        let cli = CommandRunner(home: home)
        for (words, value) in [
            (["wish", "list", "--server", "not a url"], "not a url"), (["login", "--server", "ftp://x"], "ftp://x"),
            (["whoami", "--server", "http://"], "http://"), (["tags", "--server=http://user@host"], "http://user@host")
        ] {
            let result = try await cli.run(words)
            #expect(result.status == 64, "\(words): \(result.status) \(result.error)")
            #expect(result.error.hasPrefix("wishlist: --server needs a server address like http://127.0.0.1:8080"), "\(result.error)")
            #expect(result.error.contains("not '\(value)'"), "\(result.error)")
        }
        let fromEnvironment = try await cli.run(["whoami"], environment: ["WISHLIST_SERVER": "not a url"])
        #expect(fromEnvironment.status == 64, "\(fromEnvironment.error)")
        #expect(fromEnvironment.error.hasPrefix("wishlist: $WISHLIST_SERVER needs a server address"), "\(fromEnvironment.error)")
    }

    @Test func hostAndPortMeanHTTPAndTheLoginGoesUnderHOME() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let hostAndPort = try #require(server.client.baseURL.host).appending(":\(server.client.baseURL.port ?? 0)")
        // HOME alone, as in a shell: no XDG_CONFIG_HOME (empty is unset, as the XDG spec says).
        let userHome = home.appendingPathComponent("someone")
        try FileManager.default.createDirectory(at: userHome, withIntermediateDirectories: true)
        let cli = CommandRunner(home: userHome)
        let environment = ["XDG_CONFIG_HOME": ""]

        let login = try await cli.run(
            ["login", "--server", hostAndPort, "--username", ServerProcess.username, "--password-stdin"],
            stdin: ServerProcess.password + "\n", environment: environment)
        #expect(login.status == 0, "\(login.error)")
        #expect(login.output == "Logged in to http://\(hostAndPort) as \(ServerProcess.username).\n")
        let saved = userHome.appendingPathComponent(".config/wishlist/login.json")
        let savedLogin = try JSONSerialization.jsonObject(with: try Data(contentsOf: saved)) as? [String: Any]
        #expect(savedLogin?["server"] as? String == "http://\(hostAndPort)")

        #expect(try await cli.run(["whoami"], environment: environment).output.hasPrefix("\(ServerProcess.username) on "))
        let named = try await cli.run(["whoami", "--server", hostAndPort + "/"], environment: environment)
        #expect(named.status == 0, "the saved token is the same server's: \(named.error)")
        #expect(try await cli.run(["logout"], environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: saved.path))
    }
}

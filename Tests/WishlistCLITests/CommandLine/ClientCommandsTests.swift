import Foundation
import TestSupport
import Testing
import WishlistClient
import WishlistCore

@testable import wishlist

/// The client commands against a real `wishlist serve` process: photos and places on wishes, the
/// photo commands, the map, and the exit codes.
@Suite final class ClientCommandsTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-client-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    static let canon = TestData.photo("camera/canon-40d.jpg").path
    static let landscape = TestData.photo("orientation/landscape_1.jpg").path

    /// Runs the CLI as the server's signed-in account, through `$WISHLIST_SERVER` and `$WISHLIST_TOKEN`.
    func runner(_ server: ServerProcess) async throws -> (([String]) async throws -> CommandRunner.Result) {
        let token = try await server.client.createToken(name: "test").token
        let environment = ["WISHLIST_SERVER": server.client.baseURL.absoluteString, "WISHLIST_TOKEN": token]
        let cli = CommandRunner(home: home)
        return { try await cli.run($0, environment: environment) }
    }

    static func wish(_ result: CommandRunner.Result) throws -> Wish {
        try JSONCoding.decoder().decode(Wish.self, from: Data(result.output.utf8))
    }

    @Test func aWishWithTwoPhotosAndAPlaceThenItsPhotosEdited() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let run = try await runner(server)

        let added = try await run(["wish", "add", "Bibimbap", "--photo", Self.canon, "--photo", Self.landscape, "--place", "Jeonju"])
        #expect(added.status == 0, "\(added.error)")
        #expect(added.error.isEmpty, "piped, no progress bar: \(added.error)")
        #expect(added.output.contains("Place: Jeonju"), "\(added.output)")
        let id = try #require(added.output.firstMatch(of: /Added ([0-9a-f-]{36})/).map { String($0.1) })
        let wish = try Self.wish(try await run(["wish", "show", id, "--json"]))
        #expect(wish.photos.count == 2)
        #expect(wish.place?.name == "Jeonju")
        #expect(abs((wish.place?.latitude ?? 0) - 35.8) < 0.2)

        let photo = wish.photos[0]
        let rotated = try await run(["photo", "rotate", photo.id.uuidString, "--json"])
        #expect(rotated.status == 0, "\(rotated.error)")
        let turned = try JSONCoding.decoder().decode(Photo.self, from: Data(rotated.output.utf8))
        #expect(turned.edit?.rotate == 90)
        #expect(turned.width == photo.height && turned.height == photo.width)
        let cropped = try await run(["photo", "crop", photo.id.uuidString, "0,0,100,50"])
        #expect(cropped.status == 0, "\(cropped.error)")
        #expect(cropped.output.contains("turned 90°"), "\(cropped.output)")
        #expect(try await run(["photo", "reset", photo.id.uuidString]).status == 0)
        #expect(try await server.client.photo(photo.id).edit == nil)

        let saved = home.appendingPathComponent("original.jpg").path
        let download = try await run(["photo", "download", photo.id.uuidString, "-o", saved])
        #expect(download.status == 0, "\(download.error)")
        #expect(FileManager.default.contents(atPath: saved) == FileManager.default.contents(atPath: Self.canon))
        let thumb = try await run(["photo", "download", photo.id.uuidString, "--size", "thumb", "-o", "-"])
        #expect(thumb.output.utf8.count > 100)
        #expect(try await run(["photo", "download", photo.id.uuidString, "--size", "huge"]).status == 64)

        let edited = try await run([
            "wish", "edit", id, "--remove-photo", photo.id.uuidString, "--place-lat", "37.5665", "--place-lng", "126.978",
            "--place", "City Hall", "--favorite", "--json"
        ])
        #expect(edited.status == 0, "\(edited.error)")
        let changed = try Self.wish(edited)
        #expect(changed.photos.map(\.id) == [wish.photos[1].id])
        #expect(changed.place?.name == "City Hall" && changed.place?.latitude == 37.5665)
        #expect(changed.favorite)
        let cleared = try Self.wish(try await run(["wish", "edit", id, "--clear-place", "--no-favorite", "--json"]))
        #expect(cleared.place == nil && !cleared.favorite)
        #expect(try await run(["wish", "edit", id, "--place", "X", "--clear-place"]).status == 64)
        #expect(try await run(["wish", "edit", id, "--place-lat", "1"]).status == 64)
    }

    @Test func mapMarkersAndNearShowWishesWithAPlace() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let run = try await runner(server)
        let added = try Self.wish(try await run(["wish", "add", "Hanok", "--place-lat", "35.815", "--place-lng", "127.153", "--json"]))
        #expect(added.place?.name.isEmpty == false)

        let markers = try await run(["map", "markers", "--bbox", "126,35,128,36", "--zoom", "10"])
        #expect(markers.status == 0, "\(markers.error)")
        #expect(markers.output.contains(added.id.uuidString.lowercased()))
        #expect(try await run(["map", "markers", "--bbox", "0,0,1,1"]).output.contains("No wishes in that box."))
        #expect(try await run(["map", "markers", "--bbox", "1,2,3"]).status == 64)
        #expect(try await run(["map", "markers"]).status == 64)
        let near = try await run(["wish", "near", "35.8", "127.1"])
        #expect(near.output.contains("Hanok"), "\(near.output)")
    }

    @Test func listsLineUpWideNamesAndPageAsNDJSON() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let run = try await runner(server)
        for index in 0..<248 { _ = try await server.client.createWish(WishDraft(name: "Wish \(index)")) }
        _ = try await server.client.createWish(WishDraft(name: "여행 가방", tags: ["travel"]))
        _ = try await server.client.createWish(WishDraft(name: "Kite", tags: ["sky"]))

        let listed = try await run(["wish", "list", "--limit", "2"]).output.split(separator: "\n").prefix(2)
        let tagColumns = listed.map { line in TextColumns.cells(String(line.prefix { $0 != "#" })) }
        #expect(tagColumns.count == 2 && tagColumns[0] == tagColumns[1], "\(listed)")

        let narrow = try await CommandRunner(home: home).run(
            ["wish", "list", "--limit", "100"],
            environment: [
                "WISHLIST_SERVER": server.client.baseURL.absoluteString,
                "WISHLIST_TOKEN": try await server.client.createToken(name: "narrow").token, "COLUMNS": "56"
            ])
        #expect(narrow.output.split(separator: "\n").allSatisfy { TextColumns.cells(String($0)) <= 56 }, "\(narrow.output)")
        #expect(narrow.output.contains("…"))

        let lines = try await run(["wish", "list", "--limit", "100", "--all", "--json"]).output.split(separator: "\n")
        let wishes = try lines.map { try JSONCoding.decoder().decode(Wish.self, from: Data($0.utf8)) }
        #expect(wishes.count == 250)
        #expect(Set(wishes.map(\.id)).count == 250)
    }

    /// In a narrow terminal a wish's tags give way before its name, which keeps a useful width.
    @Test func narrowTerminalsCutTagsBeforeNames() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let names = ["Camping stove", "여행 가방", "Kite"]
        for name in names {
            _ = try await server.client.createWish(WishDraft(name: name, tags: ["outdoor", "kitchen", "gift", "summer"]))
        }
        let token = try await server.client.createToken(name: "narrow").token
        let environment = ["WISHLIST_SERVER": server.client.baseURL.absoluteString, "WISHLIST_TOKEN": token]
        for columns in [60, 58] {
            let listed = try await CommandRunner(home: home).run(
                ["wish", "list"], environment: environment.merging(["COLUMNS": "\(columns)"]) { $1 })
            let lines = listed.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 3, "\(listed.output)")
            for line in lines {
                #expect(TextColumns.cells(line) <= columns, "\(columns): \(line)")
                #expect(names.contains { line.contains($0) }, "the whole name at \(columns): \(line)")
                #expect(line.hasSuffix("…") && line.contains("#"), "the tags are cut, not gone: \(line)")
            }
        }
        let narrowest = try await CommandRunner(home: home).run(
            ["wish", "list"], environment: environment.merging(["COLUMNS": "40"]) { $1 })
        #expect(narrowest.output.contains("Camping s…"), "the name keeps \(TextColumns.usefulNameWidth) cells: \(narrowest.output)")

    }

    @Test func uploadingPhotosShowsAProgressBarOnATerminal() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let token = try await server.client.createToken(name: "terminal").token
        let added = try await CommandRunner(home: home).run(
            ["wish", "add", "Bibimbap", "--photo", Self.canon, "--photo", Self.landscape],
            environment: ["WISHLIST_SERVER": server.client.baseURL.absoluteString, "WISHLIST_TOKEN": token, "COLUMNS": "60"],
            terminal: true)
        #expect(added.status == 0, "\(added.error)")
        #expect(added.output.hasPrefix("Added "), "the result still goes to standard output: \(added.output)")
        // Drawn in place (a carriage return before each state), from none uploaded to both, then erased.
        let states = added.error.split(separator: "\r").filter { !$0.isEmpty }
        #expect(states.count == 4, "\(states)")
        #expect(states.first?.hasPrefix("Uploading photos [.") == true && states.first?.contains("] 0/2") == true, "\(states)")
        #expect(states.dropLast().last?.contains("#] 2/2") == true, "\(states)")
        #expect(states.dropLast().allSatisfy { TextColumns.cells(String($0.dropLast(3))) < 60 }, "fits the terminal: \(states)")
        #expect(states.last == "\u{1B}[K", "erased at the end: \(states)")
    }

    @Test func aRefusedPhotoTakesBackTheOnesUploadedBeforeIt() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let run = try await runner(server)
        let notAPhoto = home.appendingPathComponent("notes.txt")
        try Data("not a photo".utf8).write(to: notAPhoto)
        let media = home.appendingPathComponent("data/media")
        func files() -> [String] {
            (FileManager.default.enumerator(atPath: media.path)?.allObjects as? [String] ?? [])
                .filter {
                    !$0.hasPrefix(".")
                        && !((try? media.appendingPathComponent($0).resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? true)
                }
        }

        let added = try await run(["wish", "add", "Kite", "--photo", Self.canon, "--photo", notAPhoto.path])
        #expect(added.status == 1, "\(added.output)")
        #expect(try await server.client.wishes().items.isEmpty)
        #expect(files().isEmpty, "the first photo was deleted again: \(files())")
        // The same first photo alone is kept, so the check above can see files.
        #expect(try await run(["wish", "add", "Kite", "--photo", Self.canon]).status == 0)
        #expect(!files().isEmpty)
    }

    @Test func jsonIsTheAPIsAnswerByteForByte() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let run = try await runner(server)
        let place = Place(name: "서울시청", latitude: 37.566535, longitude: 126.9779692, source: .manual)
        let wish = try await server.client.createWish(
            WishDraft(name: "한복 \"대여\" / rental", memo: "€1.50 — ½ price\n2nd line", tags: ["travel"], place: place))
        for index in 0..<4 { _ = try await server.client.createWish(WishDraft(name: "Wish \(index)")) }

        let shown = try await run(["wish", "show", wish.id.uuidString, "--json"])
        let answer = try await server.client.send("GET", "/api/v1/wishes/\(wish.id.uuidString.lowercased())")
        #expect(Data(shown.output.utf8) == answer.body + Data("\n".utf8))
        let me = try await run(["whoami", "--json"])
        #expect(Data(me.output.utf8) == (try await server.client.send("GET", "/api/v1/me")).body + Data("\n".utf8))

        // Five wishes, two a page: three pages, each item on its own line exactly as its page had it.
        let listed = try await run(["wish", "list", "--limit", "2", "--all", "--json"])
        #expect(listed.error.isEmpty, "\(listed.error)")
        let lines = listed.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 5)
        var cursor: String?
        for chunk in stride(from: 0, to: lines.count, by: 2).map({ lines[$0..<min($0 + 2, lines.count)] }) {
            let path = WishlistClient.pathWithQuery(
                "/api/v1/wishes",
                [URLQueryItem(name: "sort", value: "newest"), URLQueryItem(name: "limit", value: "2")]
                    + (cursor.map { [URLQueryItem(name: "cursor", value: $0)] } ?? []))
            let page = try await server.client.send("GET", path)
            let body = String(decoding: page.body, as: UTF8.self)
            #expect(body.contains("\"items\":[" + chunk.joined(separator: ",") + "]"), "\(body)")
            cursor = try JSONCoding.decoder().decode(Page<Wish>.self, from: page.body).nextCursor
        }
        #expect(cursor == nil)

        let first = try await run(["wish", "list", "--limit", "2", "--json"])
        #expect(first.output.split(separator: "\n").count == 2)
        #expect(first.error.contains("more with --all"), "the hint goes to standard error: \(first.error)")
        let tags = try await run(["tags", "--json"]).output.split(separator: "\n")
        let tagsAnswer = String(decoding: try await server.client.send("GET", "/api/v1/tags").body, as: UTF8.self)
        #expect(tags.count == 1 && tagsAnswer.contains("\"items\":[\(tags[0])]"), "\(tags) \(tagsAnswer)")
    }

    @Test func listItemsAreFoundByScanningTheirJSON() throws {
        let json = #" { "nextCursor" : "a]\"}" , "n": [1, {"x": "[\\"}], "items" : [ {"name":"}{,"} , 12.5e3, "s\"]", [[]], null ] } "#
        let items = try JSONListItems.items(in: Data(json.utf8)).map { String(decoding: $0, as: UTF8.self) }
        #expect(items == [#"{"name":"}{,"}"#, "12.5e3", #""s\"]""#, "[[]]", "null"])
        #expect(try JSONListItems.items(in: Data(#"{"items":[]}"#.utf8)).isEmpty)
        #expect(throws: CommandFailure.self) { try JSONListItems.items(in: Data(#"{"item":[1]}"#.utf8)) }
        #expect(throws: CommandFailure.self) { try JSONListItems.items(in: Data(#"{"items":[1, "#.utf8)) }
    }

    @Test func photoShowSaysWhenAPhotoIsAnimated() {
        let urls = Photo.URLs(thumb: "/t", medium: "/m", large: "/l", full: "/f", original: "/o")
        let animation = PhotoShowCommand.details(Photo(id: UUID(), width: 12, height: 8, urls: urls, animated: true))
        #expect(animation.contains("animated: yes"))
        #expect(!PhotoShowCommand.details(Photo(id: UUID(), width: 12, height: 8, urls: urls)).contains("animated"))
    }

    @Test func exitCodesSayWhatWentWrong() async throws {
        let server = try await ServerProcess(home: home)
        let run = try await runner(server)
        #expect(try await run(["wish", "add", "Kite"]).status == 0)

        // The server's refusals of a value it names a field of name the option (or argument) given.
        let link = try await run(["wish", "add", "x", "--link", "ftp://example.com"])
        #expect(link.status == 64, "\(link.error)")
        #expect(link.error.hasPrefix("wishlist: --link: ") && link.error.contains("http"), "\(link.error)")
        #expect(link.error.contains("Usage: wishlist wish add"))
        let name = try await run(["wish", "add", String(repeating: "n", count: 201)])
        #expect(name.status == 64 && name.error.hasPrefix("wishlist: NAME: "), "\(name.error)")
        let tag = try await run(["wish", "add", "Kite", "--tag", String(repeating: "t", count: 200)])
        #expect(tag.status == 64 && tag.error.hasPrefix("wishlist: --tag: "), "\(tag.error)")
        let title = try await run(["journal", "add", String(repeating: "t", count: 201), "--text", "x"])
        #expect(title.status == 64 && title.error.hasPrefix("wishlist: TITLE: "), "\(title.error)")
        let kite = try await server.client.wishes().items[0]
        let renamed = try await run(["wish", "edit", kite.id.uuidString, "--name", String(repeating: "n", count: 201)])
        #expect(renamed.status == 64 && renamed.error.hasPrefix("wishlist: --name: "), "\(renamed.error)")
        let tooMany = try await run(["wish", "edit", kite.id.uuidString] + (0..<50).flatMap { ["--tag", "t\($0)"] })
        #expect(tooMany.status == 64 && tooMany.error.hasPrefix("wishlist: --tag: "), "\(tooMany.error)")
        let missing = try await run(["wish", "show", UUID().uuidString])
        #expect(missing.status == 1)
        #expect(try await run(["wish", "show", "nope"]).status == 64)
        #expect(try await run(["wish", "add", "x", "--photo", "/no/such/file.jpg"]).status == 1)

        server.stop()
        let unreachable = try await run(["wish", "list"])
        #expect(unreachable.status == 2, "\(unreachable.error)")
        #expect(unreachable.error.contains("Could not reach the server"))
    }

    /// A server that sends every request elsewhere (http to https, a new host) is not followed, which
    /// would carry the token there: the command names the address to use instead.
    @Test func aRedirectingServerIsNamedNotFollowed() async throws {
        let elsewhere = try LoopbackHTTPServer { _ in .json(status: 200, body: #"{"items":[],"nextCursor":null}"#) }
        defer { elsewhere.stop() }
        let moved = try LoopbackHTTPServer { request in .redirect(to: elsewhere.url(request.target).absoluteString, status: 301) }
        defer { moved.stop() }

        let listed = try await CommandRunner(home: home).run(
            ["wish", "list"], environment: ["WISHLIST_SERVER": moved.baseURL.absoluteString, "WISHLIST_TOKEN": "t"])

        #expect(listed.status == 1, "\(listed.error)")
        #expect(listed.error.contains("sends this request on to \(elsewhere.baseURL.absoluteString)/api/v1/wishes"), "\(listed.error)")
        #expect(elsewhere.requests.isEmpty, "the redirection was followed")
        #expect(moved.requests.first?.headers["authorization"] == "Bearer t")
    }

    @Test func aWriteWhoseAnswerIsLostIsSentAgainWithItsKeyAndDoneOnce() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let proxy = try AnswerDroppingProxy(upstreamPort: UInt16(server.client.baseURL.port ?? 0))
        defer { proxy.stop() }
        let token = try await server.client.createToken(name: "test").token
        let cli = CommandRunner(home: home)
        proxy.dropAnswers(1, to: "POST /api/v1/wishes ")

        let added = try await cli.run(
            ["wish", "add", "Lamp"], environment: ["WISHLIST_SERVER": proxy.baseURL.absoluteString, "WISHLIST_TOKEN": token])

        #expect(added.status == 0, "\(added.error)")
        #expect(try await server.client.wishes().items.map(\.name) == ["Lamp"], "one wish")
        let keys = proxy.idempotencyKeys("POST", "/api/v1/wishes")
        #expect(keys.count == 2 && Set(keys).count == 1 && !keys[0].isEmpty, "sent twice with one key: \(keys)")
    }
}

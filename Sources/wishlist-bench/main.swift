import Foundation
import LinkPreview
import WishlistBenchData
import WishlistServer
import WishlistStore

// Used by bench/run; not part of the product.
//
// `wishlist-bench generate DIR COUNT`: makes the account `bench` in data directory DIR, fills it
// with COUNT generated wishes (English and Korean names, tags, places over the world) and prints
// an API token for it. `wishlist-bench journal DIR COUNT` does the same with COUNT journal entries.
// Either adds to the account `bench` when DIR has it already, so one account can hold both
// (bench/run.d/25-postgresql).
//
// `wishlist-bench photos DIR COUNT FILE...`: puts COUNT photos, made from the image FILEs, on the
// newest wishes of the account `bench` made by `generate` (for scripts/export-memory-check).
//
// `wishlist-bench parse-previews DIR`: reads the link preview of every `*/input.html` under DIR
// (the saved pages in testdata/link-previews) and prints the median time per page in
// milliseconds, each page's time being the fastest of several runs.

let usage =
    "usage: wishlist-bench generate|journal DIR COUNT | wishlist-bench photos DIR COUNT FILE... | wishlist-bench parse-previews DIR\n"
let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("generate", 3), ("journal", 3):
    guard let count = Int(arguments[2]) else { fail() }
    try generate(arguments[0] == "journal" ? .journal : .wishes, in: arguments[1], count: count)
case ("photos", 4...):
    guard let count = Int(arguments[2]) else { fail() }
    try generatePhotos(in: arguments[1], count: count, from: Array(arguments[3...]))
case ("parse-previews", 2):
    try parsePreviews(in: arguments[1])
default:
    fail()
}

func fail() -> Never {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}

enum GeneratedRecords: String {
    case wishes
    case journal = "journal entries"
}

func generate(_ records: GeneratedRecords, in path: String, count: Int) throws {
    let directory = DataDirectory(path)
    let store = try directory.openStore()
    let accounts = AccountAdministration(store: store)
    let account =
        try store.users.credentials(username: "bench")?.account
        ?? accounts.addUser(username: "bench", password: "bench password", isAdmin: false)
    let started = Date()
    switch records {
    case .wishes: try store.wishes.generateBenchmarkData(owner: account.key, count: count)
    case .journal: try store.journal.generateBenchmarkData(owner: account.key, count: count)
    }
    // As a running server's hourly housekeeping leaves them (`Housekeeping.tidy`).
    try store.compactSearchIndexes()
    let token = try accounts.issueToken(for: account.key, name: "bench")
    try store.close()
    FileHandle.standardError.write(
        Data(
            "generated \(count) \(records.rawValue) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s\n".utf8))
    print(token.token)
}

func generatePhotos(in path: String, count: Int, from files: [String]) throws {
    let directory = DataDirectory(path)
    let store = try directory.openStore()
    guard let account = try store.users.credentials(username: "bench")?.account else {
        FileHandle.standardError.write(Data("no account 'bench' in \(path): run generate first\n".utf8))
        exit(1)
    }
    let started = Date()
    try PhotoLibrary(store: store, folder: directory.mediaPath).generateBenchmarkPhotos(
        owner: account.key, count: count, from: files, on: store.wishes)
    try store.close()
    FileHandle.standardError.write(
        Data(
            "generated \(count) photos in \(String(format: "%.1f", Date().timeIntervalSince(started))) s\n".utf8))
}

func parsePreviews(in path: String) throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    let url = URL(string: "https://example.org/")!
    var times: [Double] = []
    for folder in folders {
        guard let page = FileManager.default.contents(atPath: "\(path)/\(folder)/input.html") else { continue }
        let bytes = [UInt8](page)
        let fastest =
            (0..<9).map { _ in
                let clock = ContinuousClock()
                let elapsed = clock.measure { _ = LinkPreviewer.read(html: bytes, charset: nil, requestedURL: url, finalURL: url) }
                return Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            }.min() ?? 0
        times.append(fastest)
    }
    guard !times.isEmpty else { fail() }
    print(String(format: "%.3f", times.sorted()[(times.count - 1) / 2]))
}

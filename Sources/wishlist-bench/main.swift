import Foundation
import WishlistServer
import WishlistStore

// `wishlist-bench generate DIR COUNT`: makes the account `bench` in data directory DIR, fills it
// with COUNT generated wishes (English and Korean names, tags, places over the world) and prints
// an API token for it. `wishlist-bench journal DIR COUNT` does the same with COUNT journal entries.
// Used by bench/run; not part of the product.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3, ["generate", "journal"].contains(arguments[0]), let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: wishlist-bench generate|journal DIR COUNT\n".utf8))
    exit(64)
}
let directory = DataDirectory(arguments[1])
let store = try directory.openStore()
let accounts = AccountAdministration(store: store)
let account = try accounts.addUser(username: "bench", password: "bench password", isAdmin: false)
let started = Date()
if arguments[0] == "journal" {
    try store.journal.generateBenchmarkData(owner: account.key, count: count)
} else {
    try store.wishes.generateBenchmarkData(owner: account.key, count: count)
}
let token = try accounts.issueToken(for: account.key, name: "bench")
try store.close()
FileHandle.standardError.write(Data(
    "generated \(count) \(arguments[0] == "journal" ? "journal entries" : "wishes") in \(String(format: "%.1f", Date().timeIntervalSince(started))) s\n".utf8))
print(token.token)

import Foundation
import WishlistServer
import WishlistStore

// `wishlist-bench generate DIR COUNT`: makes the account `bench` in data directory DIR, fills it
// with COUNT generated wishes (English and Korean names, tags, places over the world) and prints
// an API token for it. Used by bench/run; not part of the product.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, arguments.first == "generate", let count = Int(arguments.last!) else {
    FileHandle.standardError.write(Data("usage: wishlist-bench generate DIR COUNT\n".utf8))
    exit(64)
}
let directory = DataDirectory(Array(arguments)[1])
let store = try directory.openStore()
let accounts = AccountAdministration(store: store)
let account = try accounts.addUser(username: "bench", password: "bench password", isAdmin: false)
let started = Date()
try store.wishes.generateBenchmarkData(owner: account.key, count: count)
let token = try accounts.issueToken(for: account.key, name: "bench")
try store.close()
FileHandle.standardError.write(
    Data("generated \(count) wishes in \(String(format: "%.1f", Date().timeIntervalSince(started))) s\n".utf8))
print(token.token)

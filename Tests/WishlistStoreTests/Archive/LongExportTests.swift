import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// An export reads the account in one transaction that lasts as long as the client takes to
/// receive the archive. On PostgreSQL it reads on a connection of its own, so that a client that
/// stops reading leaves the pool's connections to every other request.
@Suite struct LongExportTests {
    @Test func anExportWhoseClientStopsReadingLeavesThePoolToOtherReads() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        // Text that hardly compresses, more than the archive's 64 KB blocks: the archive reaches
        // its sink while the account is still being read.
        for number in 1...100 {
            let memo = Data((0..<1_500).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            _ = try test.wishes.create(WishDraft(name: "Wish \(number)", memo: memo), owner: alice)
        }
        // One connection: a read of the export's on it would leave none for the list below.
        let store = try Store(url: test.url, sqlitePath: "", connectionCount: 1)
        defer { try? store.close() }
        let library = try PhotoLibrary(store: store, folder: test.directory.appending(path: "media").path)

        let reachedTheClient = DispatchSemaphore(value: 0)
        let clientReadsAgain = DispatchSemaphore(value: 0)
        let exportEnded = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<Int, any Error>?>(nil)
        DispatchQueue(label: "export").async {
            var received = 0
            let result = Result {
                try AccountExporter(library: library).export(owner: alice) { bytes in
                    if received == 0 {
                        reachedTheClient.signal()
                        clientReadsAgain.wait()
                    }
                    received += bytes.count
                }
                return received
            }
            outcome.withLock { $0 = result }
            exportEnded.signal()
        }
        reachedTheClient.wait()
        #expect(outcome.withLock { $0 } == nil, "the archive reached its sink only when the export was done")
        do {
            defer {
                clientReadsAgain.signal()
                exportEnded.wait()
            }
            #expect(try store.wishes.list(WishListQuery(limit: 100), owner: alice).items.count == 100)
        }
        #expect(try outcome.withLock { $0 }?.get() ?? 0 > 150_000)
    }
}

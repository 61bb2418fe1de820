import Foundation
import Imaging
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// The media tidy (`PhotoLibrary.tidy`) on a folder other servers may be writing in: it removes
/// the files no row names only once they are older than `PhotoFiles.sweepGrace`, and reads the rows
/// after listing the files, so a file whose row commits meanwhile stays.
@Suite struct PhotoSweepTests {
    static let longAgo = Date().addingTimeInterval(-2 * PhotoFiles.sweepGrace)

    /// Sets the time of `url` and of everything under it to `longAgo`, as if left by a crash then.
    static func age(_ url: URL) throws {
        let inside = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        for item in inside + [url] {
            try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: item.path)
        }
    }

    /// A file of `bytes` at `relative` under the media folder, its folders made.
    static func write(_ relative: String, in root: URL) throws -> URL {
        let file = root.appending(path: relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("leftover".utf8).write(to: file)
        return file
    }

    static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    @Test(arguments: TestEngine.allCases) func youngFilesStayAndOldUnnamedOnesGo(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let alice = try test.addUser("alice")
        let library = test.library
        let root = library.files.root
        let named = try library.add([.file(path: TestData.photo("gps/DSCN0010.jpg").path)], owner: alice)[0]
        /// A staged folder, a photo's renditions folder and an original of `prefix` repeated, no row naming them.
        func leftovers(_ prefix: String) throws -> [URL] {
            let id = UUID().lowercasedString
            let staged = try Self.write("staging/\(UUID().lowercasedString)/thumb", in: root).deletingLastPathComponent()
            return [
                staged, try Self.write("renditions/\(id)/1-thumb.jpg", in: root).deletingLastPathComponent(),
                try Self.write("originals/\(prefix)/\(String(repeating: prefix, count: 32))", in: root)
            ]
        }
        let old = try leftovers("ab")
        for url in old { try Self.age(url) }
        // An old leftover of a photo that has a row: a revision it never reached.
        let unreached = try Self.write("renditions/\(named.id.lowercasedString)/2-thumb.jpg", in: root)
        try Self.age(unreached)
        // Young ones, as another server writes them now for an upload whose row is not committed yet.
        let young = try leftovers("cd")

        try library.tidy(now: Date())

        for url in old + [unreached] { #expect(!Self.exists(url), "\(url.path)") }
        for url in young { #expect(Self.exists(url), "\(url.path)") }
        #expect(
            RenditionSize.allCases.allSatisfy {
                Self.exists(URL(fileURLWithPath: library.files.renditionPath(named.id, revision: 1, size: $0)))
            })
        let stored = try #require(try library.store.photos.get(named.id, owner: alice))
        #expect(Self.exists(URL(fileURLWithPath: library.files.originalPath(stored.sha256))))
    }

    /// An upload on another server: its files were placed (long ago, say a stalled disk) and listed
    /// by the sweep, and its row commits before the sweep reads the rows: every file stays. The same
    /// files with no row go.
    @Test(arguments: TestEngine.allCases) func filesWhoseRowCommitsAfterTheListingStay(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let alice = try test.addUser("alice")
        let library = test.library
        let files = library.files
        func place(_ name: String) throws -> (NewPhoto, [URL]) {
            let source = PhotoSource.file(path: TestData.photo(name).path)
            let info = try files.inspect(source)
            let new = NewPhoto(
                id: UUID(), sha256: try PhotoFiles.digest(of: source), format: info.format.rawValue, width: info.uprightWidth,
                height: info.uprightHeight, takenAt: nil, gps: nil, frameCount: 1)
            try files.keepOriginal(source, sha256: new.sha256, format: info.format)
            try files.publish(try files.stageRenditions(of: source, edit: nil), as: new.id, revision: 1)
            let placed = [files.renditionsFolder(new.id), URL(fileURLWithPath: files.originalPath(new.sha256))]
            for url in placed { try Self.age(url) }
            return (new, placed)
        }
        let (committed, kept) = try place("gps/DSCN0010.jpg")
        let (_, unnamed) = try place("gps/DSCN0012.jpg")

        let listing = try files.oldFiles(before: Date().addingTimeInterval(-PhotoFiles.sweepGrace))
        #expect(listing.originals.count == 2 && listing.renditions.count == 2, "both uploads' files are listed")
        try library.store.database.write { db in _ = try PhotoRepository.insert(committed, owner: alice, now: Date(), db) }
        try library.sweep(listing)

        for url in kept { #expect(Self.exists(url), "\(url.path)") }
        #expect(
            RenditionSize.allCases.allSatisfy {
                Self.exists(URL(fileURLWithPath: files.renditionPath(committed.id, revision: 1, size: $0)))
            })
        for url in unnamed { #expect(!Self.exists(url), "\(url.path)") }
    }
}

import Foundation

/// fsync(2) for the photo files and the folders that name them. A file renamed into place is only
/// sure to survive a power cut once its bytes are flushed (before the rename) and the folder
/// holding the new name is flushed (after it); `PhotoLibrary` does both before it commits the row
/// that names the file, so a row that survived never points at a file that did not.
enum FileSync {
    /// Flushes a file's contents to the disk.
    static func file(_ path: String) throws {
        try sync(path, flags: O_RDONLY)
    }

    /// Flushes a folder's entries (the names created, renamed or removed in it) to the disk.
    static func folder(_ path: String) throws {
        try sync(path, flags: O_RDONLY | O_DIRECTORY)
    }

    private static func sync(_ path: String, flags: Int32) throws {
        let descriptor = open(path, flags | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure(path) }
    }

    private static func failure(_ path: String) -> Error {
        let code = POSIXErrorCode(rawValue: errno) ?? .EIO
        return CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(code)])
    }
}

import Foundation

/// Collects a body as it arrives: in memory up to a threshold, then in a
/// temporary file written chunk by chunk, so a large body is never held whole.
final class BodySink {
    enum Failure: Error {
        case tooLarge(limit: Int)
        case writeFailed(errno: Int32)

        /// A write failed because the disk is full (or the quota used up): a 507, not a fault.
        var isNoSpace: Bool {
            guard case .writeFailed(let code) = self else { return false }
            return code == ENOSPC || code == EDQUOT
        }
    }

    let limit: Int
    private let memoryThreshold: Int
    private let directory: String
    private let temporaryFiles: TemporaryFiles
    private var memory = Data()
    private var descriptor: Int32 = -1
    private var filePath: String?
    private(set) var count = 0

    init(limit: Int, memoryThreshold: Int, directory: String, temporaryFiles: TemporaryFiles) {
        self.limit = limit
        self.memoryThreshold = memoryThreshold
        self.directory = directory
        self.temporaryFiles = temporaryFiles
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        guard bytes.count <= limit - count else { throw .tooLarge(limit: limit) }
        count += bytes.count
        if descriptor < 0, count <= memoryThreshold {
            memory.append(contentsOf: bytes)
            return
        }
        if descriptor < 0 {
            try openFile()
            let spilled = memory.withUnsafeBytes { writeAll($0) }
            memory = Data()
            guard spilled == 0 else { throw .writeFailed(errno: spilled) }
        }
        let code = writeAll(bytes)
        guard code == 0 else { throw .writeFailed(errno: code) }
    }

    /// The body received so far; the sink must not be appended to afterwards.
    func finish() -> RequestBody {
        if let filePath {
            close(descriptor)
            descriptor = -1
            return .file(path: filePath, size: count)
        }
        return count == 0 ? .empty : .memory(memory)
    }

    private func openFile() throws(Failure) {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template.append(contentsOf: "wishlist-body-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .writeFailed(errno: errno) }
        descriptor = fd
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        filePath = path
        temporaryFiles.register(path)
    }

    /// 0 on success, else the errno of the failed write.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }
}

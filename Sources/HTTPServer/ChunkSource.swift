import Foundation

/// Reads a request body in chunks, from memory or from its file.
struct ChunkSource {
    private var data: Data?
    private var offset = 0
    private var handle: FileHandle?

    init(_ body: RequestBody) throws {
        switch body {
        case .empty: data = Data()
        case .memory(let bytes): data = bytes
        case .file(let path, _):
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw ServerErrorBody.internalError
            }
            handle = opened
        }
    }

    mutating func next(_ size: Int) throws -> Data? {
        if let handle {
            let chunk = try handle.read(upToCount: size) ?? Data()
            if chunk.isEmpty { try handle.close() }
            return chunk.isEmpty ? nil : chunk
        }
        guard let data, offset < data.count else { return nil }
        let end = min(data.count, offset + size)
        defer { offset = end }
        return data.subdata(in: data.startIndex + offset..<data.startIndex + end)
    }
}

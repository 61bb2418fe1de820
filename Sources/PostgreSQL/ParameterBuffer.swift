import Foundation

/// A statement's parameters laid out as libpq takes them: one pointer per value into a single
/// buffer (NULL for SQL NULL), with lengths and formats beside.
struct ParameterBuffer {
    private var bytes: [UInt8] = []
    /// Where each value starts in `bytes`; nil for NULL.
    private var offsets: [Int?] = []
    private var lengths: [Int32] = []
    private var formats: [Int32] = []

    init(_ parameters: [PostgresParameter], sql: String) throws {
        for parameter in parameters {
            switch parameter {
            case .null:
                offsets.append(nil)
                lengths.append(0)
                formats.append(0)
            case .text(let text):
                // A text value travels NUL-terminated, so a NUL inside would cut it short silently;
                // the server stores no NUL in text either.
                guard !text.utf8.contains(0) else {
                    throw PostgresError(
                        code: .characterNotInRepertoire, message: "parameter $\(offsets.count + 1) contains a NUL character",
                        sql: sql)
                }
                try append(Array(text.utf8), format: 0, sql: sql)
                bytes.append(0)
            case .binary(let data):
                try append(Array(data), format: 1, sql: sql)
            }
        }
        // A value of no bytes still needs a pointer that is not NULL.
        bytes.append(0)
    }

    private mutating func append(_ value: [UInt8], format: Int32, sql: String) throws {
        guard let length = Int32(exactly: value.count) else {
            throw PostgresError(code: .invalidParameterValue, message: "parameter $\(offsets.count + 1) is over 2 GB", sql: sql)
        }
        offsets.append(bytes.count)
        lengths.append(length)
        formats.append(format)
        bytes += value
    }

    var count: Int { offsets.count }

    /// Calls `body` with the values, lengths and formats arrays of every buffer, as ``withPointers(_:)``
    /// gives each, valid only during the call.
    static func withPointers<T>(
        of buffers: [ParameterBuffer],
        _ body: ([UnsafePointer<UnsafePointer<CChar>?>?], [UnsafePointer<Int32>?], [UnsafePointer<Int32>?]) throws -> T
    ) rethrows -> T {
        func collect(
            _ index: Int, _ values: [UnsafePointer<UnsafePointer<CChar>?>?], _ lengths: [UnsafePointer<Int32>?],
            _ formats: [UnsafePointer<Int32>?]
        ) throws -> T {
            guard index < buffers.count else { return try body(values, lengths, formats) }
            return try buffers[index].withPointers { value, length, format in
                try collect(index + 1, values + [value], lengths + [length], formats + [format])
            }
        }
        return try collect(0, [], [], [])
    }

    /// Calls `body` with the values, lengths and formats arrays, valid only during the call.
    func withPointers<T>(
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) throws -> T
    ) rethrows -> T {
        try bytes.withUnsafeBytes { buffer in
            let values = offsets.map { offset in
                offset.map { buffer.baseAddress!.advanced(by: $0).assumingMemoryBound(to: CChar.self) }
            }
            return try values.withUnsafeBufferPointer { values in
                try lengths.withUnsafeBufferPointer { lengths in
                    try formats.withUnsafeBufferPointer { formats in
                        // Without parameters the addresses may be nil; libpq reads none of them then.
                        try body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                    }
                }
            }
        }
    }
}

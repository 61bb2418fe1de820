import CZlib
import Foundation

/// Decompresses gzip files (and passes plain data through), with a bound on the size it will
/// produce so that a small hostile file cannot fill memory.
public enum Gunzip {
    /// Whether `data` starts with the gzip magic bytes.
    public static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
    }

    /// The decompressed bytes of a gzip file (every member, as `gzip -d` does), or `data` itself
    /// when it is not compressed.
    public static func decompressIfNeeded(_ data: Data, limit: Int) throws(GunzipError) -> Data {
        guard isCompressed(data) else {
            guard data.count <= limit else { throw .tooLarge(limit: limit) }
            return data
        }
        var output = Data()
        var input = Array(data)
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header and trailer, not a raw zlib stream.
        guard wishlist_inflate_init2(&stream, 16 + MAX_WBITS) == Z_OK else { throw .corrupt }
        defer { inflateEnd(&stream) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var status = Z_OK
        input.withUnsafeMutableBufferPointer { bytes in
            stream.next_in = bytes.baseAddress
            stream.avail_in = uInt(bytes.count)
            while true {
                status = buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                output.append(contentsOf: buffer[0..<(buffer.count - Int(stream.avail_out))])
                guard output.count <= limit else { return }
                if status == Z_STREAM_END {
                    // Another member may follow (files joined with `cat`).
                    guard stream.avail_in > 0 else { return }
                    status = inflateReset(&stream)
                    guard status == Z_OK else { return }
                } else if status != Z_OK {
                    return
                }
            }
        }
        guard output.count <= limit else { throw .tooLarge(limit: limit) }
        guard status == Z_STREAM_END else { throw .corrupt }
        return output
    }
}

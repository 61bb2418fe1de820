import CZlib
import Foundation

/// Compresses bytes into one gzip member (RFC 1952), as HTTP's `Content-Encoding: gzip` sends them
/// and `Gunzip` reads them back.
public enum Gzip {
    /// zlib's levels run from 1 (fastest) to 9 (smallest); 6, its default, is most of the gain at
    /// a fraction of 9's time.
    public static let defaultLevel: Int32 = 6

    /// `data` as a gzip member, or nil when zlib cannot get the memory it needs (the caller then
    /// sends the bytes as they are). The header carries no name and no time, so the same bytes
    /// always compress to the same member: a copy kept and a fresh one are alike.
    public static func compress(_ data: Data, level: Int32 = defaultLevel) -> Data? {
        var stream = z_stream()
        // 16 + MAX_WBITS: write a gzip header and trailer, not a raw zlib stream. Memory level 8 is
        // zlib's default (about 256 KB a stream with the window).
        guard wishlist_deflate_init2(&stream, max(1, min(9, level)), 16 + MAX_WBITS, 8) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        // deflateBound: the most the whole input can become, so one call with Z_FINISH ends the stream.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
        let status = data.withUnsafeBytes { bytes in
            output.withUnsafeMutableBufferPointer { out in
                // zlib reads the input only; its pointer is not const for old compilers' sake.
                stream.next_in = UnsafeMutablePointer(mutating: bytes.bindMemory(to: UInt8.self).baseAddress)
                stream.avail_in = uInt(bytes.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Data(output[0..<Int(stream.total_out)])
    }
}

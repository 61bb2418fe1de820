import Foundation

/// Edits the RIFF container of a WebP file.
///
/// libvips 8.14's webpsave ignores "strip" and always writes an EXIF chunk
/// (with no metadata left on the image it builds a small one: resolution,
/// orientation, pixel size). Outputs must carry no EXIF, so the chunk is
/// cut from the finished file.
enum WebPContainer {
    /// VP8X feature flags announcing EXIF and XMP chunks.
    private static let metadataFlags: UInt8 = 0x08 | 0x04

    /// The file without EXIF and XMP chunks; nil when it is not a
    /// well-formed WebP file.
    static func removingMetadata(from data: Data) -> Data? {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            return nil
        }
        var output = Array(bytes[0..<12])
        var offset = 12
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else { return nil }
            let size = Int(littleEndian32(bytes, at: offset + 4))
            // Chunks are padded to an even length.
            let end = offset + 8 + size + (size & 1)
            guard end <= bytes.count else { return nil }
            var chunk = bytes[offset..<end]
            switch String(decoding: chunk.prefix(4), as: UTF8.self) {
            case "EXIF", "XMP ":
                break
            case "VP8X" where chunk.count > 8:
                chunk[offset + 8] &= ~metadataFlags
                output += chunk
            default:
                output += chunk
            }
            offset = end
        }
        let riffSize = UInt32(output.count - 8)
        output.replaceSubrange(4..<8, with: withUnsafeBytes(of: riffSize.littleEndian, Array.init))
        return Data(output)
    }

    private static func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}

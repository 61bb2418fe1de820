import Foundation

/// Reads what the tests check of a JPEG without decoding it.
enum JPEGHeader {
    /// Width and height from the first start-of-frame marker; nil when `data` is not a JPEG.
    static func size(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            index += 2 + length
        }
        return nil
    }
}

import Foundation

/// Where an encoded image comes from: a file on disk or bytes in memory.
public enum ImageSource: Sendable, Hashable {
    case file(path: String)
    case data(Data)

    /// The first bytes, enough to recognise the format.
    func leadingBytes() throws(ImagingError) -> [UInt8] {
        switch self {
        case .data(let data):
            return Array(data.prefix(ImageFormat.sniffLength))
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw .fileUnavailable(path: path)
            }
            defer { try? handle.close() }
            do {
                return Array(try handle.read(upToCount: ImageFormat.sniffLength) ?? Data())
            } catch {
                throw .fileUnavailable(path: path)
            }
        }
    }

    /// The format of the source, refusing anything Imaging does not accept
    /// before any decoder sees it.
    func sniffFormat() throws(ImagingError) -> ImageFormat {
        guard let format = ImageFormat(sniffing: try leadingBytes()) else {
            throw .unsupportedFormat
        }
        return format
    }
}

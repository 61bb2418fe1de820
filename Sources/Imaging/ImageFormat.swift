/// An image container format that Imaging accepts, recognised from a file's
/// first bytes rather than from its name or a client's claimed type.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg
    case png
    case webp
    case gif
    /// HEIF with HEVC images (HEIC), as iPhones save photos by default.
    case heif

    /// How many leading bytes `init(sniffing:)` needs to decide.
    public static let sniffLength = 16

    /// The format whose signature starts `bytes`, or nil for anything else.
    ///
    /// Pass at least `sniffLength` bytes; fewer simply recognise less.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.sniffLength))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count
                && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("ftyp".utf8), at: 4),
            head.count >= 12,
            Self.heifBrands.contains(String(decoding: head[8..<12], as: UTF8.self))
        {
            self = .heif
        } else {
            return nil
        }
    }

    /// Major brands of HEIF files whose images are HEVC coded (or plain HEIF
    /// image/sequence files). AVIF ("avif") is left out: Debian's libheif
    /// has no AV1 decoder plugin installed by default.
    static let heifBrands: Set<String> = [
        "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"
    ]

    /// The media type to send with files of this format.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .heif: "image/heic"
        }
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .gif: "gif"
        case .heif: "heic"
        }
    }
}

import Imaging
import WishlistCore

/// What the photo library refuses: files that are not acceptable photos, edits that do not fit,
/// and changes that clash with the photo's state.
public enum PhotoError: DomainError, Equatable {
    /// Not a JPEG, PNG, WebP, GIF or HEIC image (by its bytes, whatever its name says).
    case unsupportedImage
    /// A known format the decoder cannot read: corrupt or truncated.
    case unreadableImage(reason: String)
    /// A file over the size limit.
    case fileTooLarge(bytes: Int, limit: Int)
    /// An image over the pixel limit, refused from its header.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// An edit that does not fit the photo.
    case invalidEdit(reason: String)
    /// The photo is on a wish or a journal entry, so it cannot be deleted on its own.
    case inUse
    /// Another edit of the photo was saved while this one was made.
    case editConflict
    /// The image library failed on an acceptable file (could not load, encode or write).
    case imagingFailed(String)
    /// The image library could not write a file: the disk is full (see `StorageFullError`).
    case storageFull

    public var kind: DomainErrorKind {
        switch self {
        case .unsupportedImage: .unsupportedType
        case .unreadableImage: .unprocessable
        case .fileTooLarge, .tooManyPixels: .tooLarge
        case .invalidEdit: .invalidInput
        case .inUse, .editConflict: .conflict
        case .imagingFailed: .internalFault
        case .storageFull: .storageFull
        }
    }

    public var code: String {
        switch self {
        case .unsupportedImage: "unsupported_image"
        case .unreadableImage: "unreadable_image"
        case .fileTooLarge: "file_too_large"
        case .tooManyPixels: "too_many_pixels"
        case .invalidEdit: "invalid_edit"
        case .inUse: "photo_in_use"
        case .editConflict: "edit_conflict"
        case .imagingFailed: "internal_error"
        case .storageFull: StorageFullError().code
        }
    }

    public var message: String {
        switch self {
        case .unsupportedImage:
            "This file is not a JPEG, PNG, WebP, GIF or HEIC image."
        case .unreadableImage(let reason):
            "The image cannot be read: \(reason)."
        case .fileTooLarge(let bytes, let limit):
            "A photo may be at most \(limit >> 20) MB; this one is \(bytes >> 20) MB."
        case .tooManyPixels(let width, let height, let limit):
            "The image is \(width)×\(height) pixels; at most \(limit / 1_000_000) megapixels are accepted."
        case .invalidEdit(let reason):
            "The edit does not fit the photo: \(reason)."
        case .inUse:
            "This photo is on a wish or a journal entry; take it off (photoIds) to delete it."
        case .editConflict:
            "The photo was edited at the same time by another request; reload it and try again."
        case .imagingFailed:
            "The photo could not be processed. See the server log."
        case .storageFull:
            StorageFullError().message
        }
    }

    /// The message, with what the image library said for a failure of its own (it may name
    /// files, so the client is not shown it).
    public var description: String {
        if case .imagingFailed(let reason) = self { return "\(message) (\(reason))" }
        return message
    }

    /// Runs `body`, turning Imaging's errors into the library's.
    static func translating<Value>(_ body: () throws(ImagingError) -> Value) throws(PhotoError) -> Value {
        do {
            return try body()
        } catch {
            switch error {
            case .unsupportedFormat: throw .unsupportedImage
            case .unreadable(let reason): throw .unreadableImage(reason: reason)
            case .tooManyPixels(let width, let height, let limit): throw .tooManyPixels(width: width, height: height, limit: limit)
            case .invalidEdit(let reason): throw .invalidEdit(reason: reason)
            case .noSpaceLeft: throw .storageFull
            case .writeFailed, .fileUnavailable, .libraryUnavailable: throw .imagingFailed(error.description)
            }
        }
    }
}

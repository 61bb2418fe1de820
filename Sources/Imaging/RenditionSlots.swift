import Dispatch
import Foundation

/// Bounds how many renditions decode at once in the whole process.
///
/// Decoding is CPU-bound and each pipeline runs on one libvips thread, so
/// more pipelines than cores finish no sooner; they only hold more decoded
/// pixels at once (a 12 MP HEIC is decoded whole by libheif: about 55 MB).
/// Callers beyond the limit wait their turn.
enum RenditionSlots {
    static let limit = max(2, ProcessInfo.processInfo.activeProcessorCount)

    private static let semaphore = DispatchSemaphore(value: limit)

    static func withSlot<Result>(_ body: () throws(ImagingError) -> Result) throws(ImagingError) -> Result {
        semaphore.wait()
        defer { semaphore.signal() }
        return try body()
    }
}

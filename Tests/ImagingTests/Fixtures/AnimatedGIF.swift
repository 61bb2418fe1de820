import Foundation

/// A 12×8 two-frame GIF made with libvips (cgif): frame 1 pure red, frame 2
/// pure blue, 1 s each. Kept inline so the test target needs no resources.
enum AnimatedGIF {
    static let base64 =
        "R0lGODlhDAAIAIAAAEdwTP8AACH/C05FVFNDQVBFMi4wAwEAAAAh+QQFCgAAACwAAAAADAAIAAACCIyPqcvtD2MqACH5BAUKAAAALAAAAAAMAAgAgEdwTAAA/wIIjI+py+0PYyoAOw=="
}

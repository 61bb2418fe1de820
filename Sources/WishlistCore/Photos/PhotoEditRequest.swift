/// The body of `PUT /api/v1/photos/{id}/edit`: a crop in the upright original's pixels (or null
/// for none) and a clockwise quarter turn applied after it.
public struct PhotoEditRequest: Codable, Sendable, Equatable {
    public var crop: Photo.Crop?
    public var rotate: Int

    /// An edit to apply: the crop, if any, then a turn of 0, 90, 180 or 270 degrees clockwise.
    public init(crop: Photo.Crop?, rotate: Int) {
        self.crop = crop
        self.rotate = rotate
    }

    /// Checks the shape of the edit against the upright original's size.
    public func validated(originalWidth: Int, originalHeight: Int) throws(ValidationError) -> Photo.Edit {
        guard [0, 90, 180, 270].contains(rotate) else {
            throw ValidationError(field: "rotate", code: "invalid_rotate", message: "rotate must be 0, 90, 180 or 270.")
        }
        if let crop {
            guard crop.x >= 0, crop.y >= 0, crop.width >= 1, crop.height >= 1,
                crop.x + crop.width <= originalWidth, crop.y + crop.height <= originalHeight
            else {
                throw ValidationError(
                    field: "crop", code: "invalid_crop",
                    message: "The crop must lie inside the photo, which is \(originalWidth)×\(originalHeight) pixels upright.")
            }
        }
        return Photo.Edit(crop: crop, rotate: rotate)
    }
}

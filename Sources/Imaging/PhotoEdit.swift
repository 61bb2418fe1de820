/// A non-destructive edit of a photo: crop the upright original, then rotate
/// the result. The original file is never changed.
public struct PhotoEdit: Sendable, Hashable {
    public var crop: CropRect?
    public var rotation: Rotation

    public init(crop: CropRect? = nil, rotation: Rotation = .none) {
        self.crop = crop
        self.rotation = rotation
    }

    /// No edit: the upright original as it is.
    public static let none = PhotoEdit()
}

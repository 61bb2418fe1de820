import Foundation

/// A photo on a wish, as the API shows it: its size as displayed, where its renditions are served,
/// the edit applied to the original (which is always kept), whether it moves, and what the camera recorded.
public struct Photo: Codable, Sendable, Hashable, Identifiable {
    /// Paths (`/media/…`, not full URLs) of each rendition; they change whenever the rendition does.
    public struct URLs: Codable, Sendable, Hashable {
        public var thumb: String
        public var medium: String
        public var large: String
        /// The photo as edited at the original's full resolution (upright, JPEG), made when first asked for.
        public var full: String
        public var original: String

        /// The paths of a photo's renditions, of its full-size edited picture and of its original.
        public init(thumb: String, medium: String, large: String, full: String, original: String) {
            self.thumb = thumb
            self.medium = medium
            self.large = large
            self.full = full
            self.original = original
        }
    }

    /// A rectangle in the pixels of the upright original.
    public struct Crop: Codable, Sendable, Hashable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        /// A crop of `width`×`height` pixels at `x`,`y` in the upright original.
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// Crop then rotate (0, 90, 180 or 270 degrees clockwise).
    public struct Edit: Codable, Sendable, Hashable {
        public var crop: Crop?
        public var rotate: Int

        /// An edit: the crop, if any, then a turn of 0, 90, 180 or 270 degrees clockwise.
        public init(crop: Crop?, rotate: Int) {
            self.crop = crop
            self.rotate = rotate
        }

        private enum CodingKeys: String, CodingKey { case crop, rotate }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(crop, forKey: .crop)
            try container.encode(rotate, forKey: .rotate)
        }
    }

    /// Where the camera was, from the photo's EXIF.
    public struct GPS: Codable, Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double

        /// A point where a photo was taken.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public var id: UUID
    public var width: Int
    public var height: Int
    /// The upright original's size: the pixels an edit's crop is measured in.
    public var originalWidth: Int
    public var originalHeight: Int
    public var urls: URLs
    public var edit: Edit?
    public var takenAt: Date?
    public var gps: GPS?
    /// Whether the photo as shown is an animation: its original has more than one frame (an
    /// animated GIF or WebP) and no edit turned it into a still. The renditions always show the
    /// first frame; only `urls.original` moves.
    public var animated: Bool

    /// A photo with these fields, as the store reads it.
    public init(
        id: UUID, width: Int, height: Int, originalWidth: Int? = nil, originalHeight: Int? = nil, urls: URLs,
        edit: Edit? = nil, takenAt: Date? = nil, gps: GPS? = nil, animated: Bool = false
    ) {
        self.id = id
        self.width = width
        self.height = height
        self.originalWidth = originalWidth ?? width
        self.originalHeight = originalHeight ?? height
        self.urls = urls
        self.edit = edit
        self.takenAt = takenAt
        self.gps = gps
        self.animated = animated
    }

    private enum CodingKeys: String, CodingKey {
        case id, width, height, originalWidth, originalHeight, urls, edit, takenAt, gps, animated
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        originalWidth = try container.decodeIfPresent(Int.self, forKey: .originalWidth) ?? width
        originalHeight = try container.decodeIfPresent(Int.self, forKey: .originalHeight) ?? height
        urls = try container.decode(URLs.self, forKey: .urls)
        edit = try container.decodeIfPresent(Edit.self, forKey: .edit)
        takenAt = try container.decodeTimestampIfPresent(forKey: .takenAt)
        gps = try container.decodeIfPresent(GPS.self, forKey: .gps)
        // Servers from before animations were told apart send no `animated`: their photos show as stills.
        animated = try container.decodeIfPresent(Bool.self, forKey: .animated) ?? false
    }

    /// Lower-case id, ISO 8601 `takenAt`, and explicit `null`s, as the API document (openapi.json) shows them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(LowercaseUUID(wrappedValue: id), forKey: .id)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(originalWidth, forKey: .originalWidth)
        try container.encode(originalHeight, forKey: .originalHeight)
        try container.encode(urls, forKey: .urls)
        try container.encode(edit, forKey: .edit)
        try container.encode(takenAt?.iso8601String, forKey: .takenAt)
        try container.encode(gps, forKey: .gps)
        try container.encode(animated, forKey: .animated)
    }
}

/// The JSON of the `encode(to:)`s, written by `JSONWriter` with the keys in sorted order.
extension Photo: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("animated", animated)
            try json.field("edit", edit)
            try json.field("gps", gps)
            try json.field("height", height)
            try json.field("id", LowercaseUUID(wrappedValue: id))
            try json.field("originalHeight", originalHeight)
            try json.field("originalWidth", originalWidth)
            try json.field("takenAt", takenAt)
            try json.field("urls", urls)
            try json.field("width", width)
        }
    }
}

extension Photo.URLs: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("full", full)
            try json.field("large", large)
            try json.field("medium", medium)
            try json.field("original", original)
            try json.field("thumb", thumb)
        }
    }
}

extension Photo.Crop: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("height", height)
            try json.field("width", width)
            try json.field("x", x)
            try json.field("y", y)
        }
    }
}

extension Photo.Edit: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("crop", crop)
            try json.field("rotate", rotate)
        }
    }
}

extension Photo.GPS: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("latitude", latitude)
            try json.field("longitude", longitude)
        }
    }
}

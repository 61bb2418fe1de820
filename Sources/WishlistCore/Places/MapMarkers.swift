import Foundation

/// What the map shows for a box (`GET /api/v1/map/markers`): single wishes as bare points (details
/// load on tap, K3), or, when the box holds too many, clusters with their count and centre.
public struct MapMarkers: Codable, Sendable, Equatable {
    /// One record at its point; its id says which (a wish, a journal entry or a spot).
    public struct Marker: Codable, Sendable, Equatable {
        @LowercaseUUID public var id: UUID
        public let latitude: Double
        public let longitude: Double

        /// A marker of the record `id` at its point.
        public init(id: UUID, latitude: Double, longitude: Double) {
            _id = LowercaseUUID(wrappedValue: id)
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// Several records close together, shown as one circle with their count at their centre.
    public struct Cluster: Codable, Sendable, Equatable {
        public let latitude: Double
        public let longitude: Double
        public let count: Int

        /// A cluster of `count` records around a point.
        public init(latitude: Double, longitude: Double, count: Int) {
            self.latitude = latitude
            self.longitude = longitude
            self.count = count
        }
    }

    /// Above this many wishes in a box, the answer is clusters.
    public static let markerLimit = 300

    public let markers: [Marker]
    public let clusters: [Cluster]

    /// An answer of points, clusters, or both.
    public init(markers: [Marker], clusters: [Cluster]) {
        self.markers = markers
        self.clusters = clusters
    }

    /// The map zoom (0 = whole world in one 256-pixel tile), 0–22; when absent, the zoom at
    /// which `box` fills about a 1024-pixel-wide map.
    public static func zoom(parameter: String?, box: BoundingBox) throws(ValidationError) -> Int {
        guard let parameter else {
            return max(0, min(22, Int(log2(360 / max(box.longitudeSpan, 1e-9) * 4))))
        }
        guard let zoom = Int(parameter), (0...22).contains(zoom) else {
            throw ValidationError(field: "zoom", code: "invalid_zoom", message: "Zoom must be a whole number from 0 to 22.")
        }
        return zoom
    }
}

/// The JSON of the encoder, written by `JSONWriter` with the keys in sorted order: a box of a
/// city's wishes spent a third of its server's time in `JSONEncoder`.
extension MapMarkers: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("clusters", clusters)
            try json.field("markers", markers)
        }
    }
}

extension MapMarkers.Marker: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("id", _id)
            try json.field("latitude", latitude)
            try json.field("longitude", longitude)
        }
    }
}

extension MapMarkers.Cluster: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("count", count)
            try json.field("latitude", latitude)
            try json.field("longitude", longitude)
        }
    }
}

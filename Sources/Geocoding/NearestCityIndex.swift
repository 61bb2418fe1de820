import Foundation

/// Cities sorted by latitude with their unit vectors, for nearest-city lookups.
///
/// The angle between two points is never less than their difference in latitude, so the
/// search walks outwards from the asked latitude and stops once that difference exceeds the
/// best angle found: only a thin band of cities is ever looked at, at any longitude, across
/// the antimeridian and near the poles alike.
struct NearestCityIndex: Sendable {
    private let cities: [Int32]
    private let latitudes: [Double]
    private let x: [Double]
    private let y: [Double]
    private let z: [Double]

    init(latitudes cityLatitudes: [Double], longitudes cityLongitudes: [Double]) {
        let order = cityLatitudes.indices.sorted { cityLatitudes[$0] < cityLatitudes[$1] }
        cities = order.map { Int32($0) }
        latitudes = order.map { cityLatitudes[$0].radians }
        x = order.map { cos(cityLatitudes[$0].radians) * cos(cityLongitudes[$0].radians) }
        y = order.map { cos(cityLatitudes[$0].radians) * sin(cityLongitudes[$0].radians) }
        z = order.map { sin(cityLatitudes[$0].radians) }
    }

    /// The index of the city nearest to a point, or nil when there are no cities.
    func nearest(to point: Coordinate) -> Int? {
        let latitude = point.latitude.radians
        let longitude = point.longitude.radians
        let (px, py, pz) = (cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
        var up = firstIndex(atOrAbove: latitude)
        var down = up - 1
        var best: Int?
        var bestDot = -Double.infinity
        // acos loses a few digits near 0; the slack keeps a city a few centimetres closer from being skipped.
        var bestAngle = Double.infinity
        while up < latitudes.count || down >= 0 {
            let upGap = up < latitudes.count ? latitudes[up] - latitude : .infinity
            let downGap = down >= 0 ? latitude - latitudes[down] : .infinity
            let candidate: Int
            if upGap <= downGap {
                guard upGap <= bestAngle else { break }
                candidate = up
                up += 1
            } else {
                guard downGap <= bestAngle else { break }
                candidate = down
                down -= 1
            }
            // The largest dot product of unit vectors is the smallest angle: no trigonometry per city.
            let dot = px * x[candidate] + py * y[candidate] + pz * z[candidate]
            if dot > bestDot {
                bestDot = dot
                best = candidate
                bestAngle = acos(min(1, max(-1, dot))) + 1e-7
            }
        }
        return best.map { Int(cities[$0]) }
    }

    private func firstIndex(atOrAbove latitude: Double) -> Int {
        var low = 0
        var high = latitudes.count
        while low < high {
            let middle = (low + high) / 2
            if latitudes[middle] < latitude { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

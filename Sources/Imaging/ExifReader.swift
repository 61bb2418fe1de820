import Foundation

/// Reads capture time and GPS position from the EXIF fields libvips exposes
/// (via libexif) as strings such as
/// "43/1 28/1 281400000/100000000 (43, 28, 2.81400000, Rational, 3 components, 24 bytes)":
/// the raw value comes first, libexif's description follows in parentheses.
struct ExifReader {
    /// Looks a field up by its libvips name, e.g. "exif-ifd2-DateTimeOriginal".
    let field: (String) -> String?

    /// The field's raw value, without libexif's description.
    func value(_ name: String) -> String? {
        guard let text = field(name) else { return nil }
        let raw = text.range(of: " (").map { String(text[..<$0.lowerBound]) } ?? text
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// DateTimeOriginal ("yyyy:MM:dd HH:mm:ss") plus SubSecTimeOriginal,
    /// less OffsetTimeOriginal ("+09:00") when present; read as UTC otherwise.
    var captureDate: Date? {
        guard let stamp = value("exif-ifd2-DateTimeOriginal"),
            let wallClock = Self.parseTimestamp(stamp)
        else { return nil }
        let fraction = value("exif-ifd2-SubSecTimeOriginal").flatMap(Self.parseSubseconds) ?? 0
        let offset = value("exif-ifd2-OffsetTimeOriginal").flatMap(Self.parseOffset) ?? 0
        return wallClock.addingTimeInterval(fraction - TimeInterval(offset))
    }

    /// GPSLatitude/GPSLongitude with their N/S and E/W references.
    var location: GeoCoordinate? {
        guard let latitude = coordinate("GPSLatitude", negativeRef: "S", limit: 90),
            let longitude = coordinate("GPSLongitude", negativeRef: "W", limit: 180)
        else { return nil }
        return GeoCoordinate(latitude: latitude, longitude: longitude)
    }

    private func coordinate(_ tag: String, negativeRef: Character, limit: Double) -> Double? {
        guard let text = value("exif-ifd3-\(tag)"),
            let degrees = Self.parseDegrees(text),
            degrees <= limit
        else { return nil }
        // A missing reference is read as north/east, as most readers do.
        let ref = value("exif-ifd3-\(tag)Ref")?.uppercased().first
        return ref == negativeRef ? -degrees : degrees
    }

    /// "2008:05:30 15:56:01" as that wall-clock time in UTC; nil for the
    /// "0000:00:00 00:00:00" placeholder and anything out of range.
    static func parseTimestamp(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " })
        guard parts.count == 6 else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == 6 else { return nil }
        let (year, month, day) = (numbers[0], numbers[1], numbers[2])
        let (hour, minute, second) = (numbers[3], numbers[4], numbers[5])
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        // Reject dates that do not exist (31 February) instead of rolling over.
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day
        else { return nil }
        return date
    }

    /// "054" → 0.054 seconds.
    static func parseSubseconds(_ text: String) -> TimeInterval? {
        guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return Double("0." + text)
    }

    /// "+09:00" → 32400 seconds east of UTC.
    static func parseOffset(_ text: String) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let parts = text.dropFirst().split(separator: ":")
        guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
            (0...14).contains(hours), (0...59).contains(minutes)
        else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return sign == "-" ? -seconds : seconds
    }

    /// "43/1 28/1 281400000/100000000" (degrees, minutes, seconds as
    /// rationals; minutes and seconds may be missing) → 43.46745.
    static func parseDegrees(_ text: String) -> Double? {
        let rationals = text.split(separator: " ").map { part -> Double? in
            let fraction = part.split(separator: "/")
            guard fraction.count == 2, let numerator = Double(fraction[0]),
                let denominator = Double(fraction[1]), denominator != 0
            else { return nil }
            return numerator / denominator
        }
        guard (1...3).contains(rationals.count) else { return nil }
        let values = rationals.compactMap { $0 }
        guard values.count == rationals.count, values.allSatisfy({ $0 >= 0 && $0.isFinite }) else {
            return nil
        }
        let divisors: [Double] = [1, 60, 3600]
        return zip(values, divisors).reduce(0) { $0 + $1.0 / $1.1 }
    }
}

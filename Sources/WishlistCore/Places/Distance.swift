/// Distances as people read them: "850 m", "12 km", "1.5 km".
public enum Distance {
    /// The unit is chosen after rounding, so 999.6 m reads "1 km" and 9.96 km "10 km"; whole
    /// kilometres have no ".0".
    public static func text(meters: Double) -> String {
        let wholeMeters = meters.rounded()
        if wholeMeters < 1000 { return "\(Int(wholeMeters)) m" }
        let tenthsOfKilometers = Int((meters / 100).rounded())
        if tenthsOfKilometers < 100, !tenthsOfKilometers.isMultiple(of: 10) {
            return "\(tenthsOfKilometers / 10).\(tenthsOfKilometers % 10) km"
        }
        return "\(Int((meters / 1000).rounded())) km"
    }
}

/// Distances as people read them: "850 m", "12 km", "1.5 km".
public enum Distance {
    public static func text(meters: Double) -> String {
        if meters < 1000 { return "\(Int(meters.rounded())) m" }
        let kilometers = meters / 1000
        if kilometers < 10 { return "\((kilometers * 10).rounded() / 10) km" }
        return "\(Int(kilometers.rounded())) km"
    }
}

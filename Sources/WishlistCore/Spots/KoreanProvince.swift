/// Korea's provinces and metropolitan cities with a box around each, to tell whether a point lies
/// in the region an address names: Korean addresses start with it ("서울특별시 강남구 …",
/// "경기 양주시 …", "강원특별자치도 춘천시 …").
///
/// The boxes hold each region's islands and are widened by `margin`; every city the offline
/// gazetteer knows in Korea lies in its region's box (a test checks it).
public struct KoreanProvince: Sendable, Hashable {
    /// The first characters of an address naming the region, long and short forms.
    public let prefixes: [String]
    /// The region's name in the geonames gazetteer.
    public let gazetteerName: String
    public let south: Double
    public let north: Double
    public let west: Double
    public let east: Double

    /// How far outside its box a point may lie, in degrees (about 5 km).
    public static let margin = 0.05

    public static let all: [KoreanProvince] = [
        .init(["서울"], "Seoul", 37.41, 37.72, 126.76, 127.19),
        .init(["부산"], "Busan", 34.88, 35.39, 128.76, 129.31),
        .init(["대구"], "Daegu", 35.60, 36.30, 128.35, 128.85),
        .init(["인천"], "Incheon", 36.90, 38.00, 124.50, 126.80),
        .init(["광주"], "Gwangju", 35.05, 35.26, 126.64, 127.02),
        .init(["대전"], "Daejeon", 36.18, 36.50, 127.24, 127.56),
        .init(["울산"], "Ulsan", 35.32, 35.73, 128.96, 129.47),
        .init(["세종"], "Sejong-si", 36.40, 36.75, 127.15, 127.40),
        .init(["경기"], "Gyeonggi-do", 36.89, 38.30, 126.36, 127.86),
        .init(["강원"], "Gangwon-do", 37.00, 38.62, 127.08, 129.37),
        .init(["충청북도", "충북"], "North Chungcheong", 35.98, 37.27, 127.27, 128.66),
        .init(["충청남도", "충남"], "Chungcheongnam-do", 35.97, 37.07, 125.50, 127.65),
        .init(["전라북도", "전북"], "Jeollabuk-do", 35.28, 36.16, 125.90, 127.92),
        .init(["전라남도", "전남"], "Jeollanam-do", 33.90, 35.50, 125.00, 127.90),
        .init(["경상북도", "경북"], "Gyeongsangbuk-do", 35.57, 37.56, 127.80, 131.90),
        .init(["경상남도", "경남"], "Gyeongsangnam-do", 34.46, 35.90, 127.58, 129.22),
        .init(["제주"], "Jeju-do", 33.10, 34.00, 126.08, 126.98)
    ]

    private init(
        _ prefixes: [String], _ gazetteerName: String, _ south: Double, _ north: Double, _ west: Double, _ east: Double
    ) {
        self.prefixes = prefixes
        self.gazetteerName = gazetteerName
        self.south = south
        self.north = north
        self.west = west
        self.east = east
    }

    /// The region an address starts with, if it names one ("전북특별자치도 …" and "전라북도 …" alike).
    public static func named(in address: String) -> KoreanProvince? {
        // Compared as scalars of the composed form: `hasPrefix` on characters cost as much as the
        // rest of a row's cleaning.
        let start = address.canonicallyComposed.unicodeScalars.drop { $0.properties.isWhitespace }
        return all.first { province in province.prefixes.contains { start.starts(with: $0.unicodeScalars) } }
    }

    /// Whether the point lies in the region's box, give or take `margin`.
    public func contains(latitude: Double, longitude: Double) -> Bool {
        (south - Self.margin...north + Self.margin).contains(latitude)
            && (west - Self.margin...east + Self.margin).contains(longitude)
    }
}

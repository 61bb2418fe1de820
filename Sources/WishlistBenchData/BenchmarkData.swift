import WishlistCore

/// Made-up but plausible wishes for benchmarks: English and Korean names (some Korean compounds
/// without spaces, like "운동신발"), one to four tags from a small vocabulary, a place on about 30%
/// (half of them within about 20 km of one of 25 cities, half anywhere on Earth), a favorite star on
/// about 10%.
///
/// Seeded (``SeededRandom``), so a benchmark sees the same data on every run.
struct BenchmarkData {
    private var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    mutating func nextDraft() -> WishDraft {
        let name: String
        switch next(below: 10) {
        case 0..<5: name = pick(Self.englishAdjectives) + " " + pick(Self.englishNouns)
        case 5..<8: name = pick(Self.koreanAdjectives) + " " + pick(Self.koreanNouns)
        default: name = pick(Self.koreanAdjectives) + pick(Self.koreanNouns)
        }
        var seen = Set<String>()
        let tags = (0...next(below: 4)).map { _ in pick(Self.tags) }.filter { seen.insert($0.lowercased()).inserted }
        var place: Place?
        switch next(below: 20) {
        case 0..<3:
            // Around a city, within about 20 km of its centre: dense where people live.
            let city = pick(Self.places)
            place = Place(
                name: city.name, latitude: city.latitude + Double(next(below: 40_000)) / 100_000 - 0.2,
                longitude: city.longitude + Double(next(below: 40_000)) / 100_000 - 0.2, source: .search)
        case 3..<6:
            // Anywhere on Earth.
            place = Place(
                name: "Somewhere", latitude: Double(next(below: 170_000)) / 1_000 - 85,
                longitude: Double(next(below: 360_000)) / 1_000 - 180, source: .manual)
        default:
            break
        }
        return WishDraft(
            name: name, memo: next(below: 4) == 0 ? "Seen at a friend's place; check the price again." : nil,
            link: next(below: 3) == 0 ? "https://shop.example.com/item/\(next(below: 1_000_000))" : nil,
            tags: tags, place: place, favorite: next(below: 10) == 0)
    }

    private mutating func next(below bound: Int) -> Int {
        random.next(below: bound)
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        random.pick(items)
    }

    private static let englishAdjectives = [
        "Red", "Blue", "Green", "Black", "White", "Vintage", "Wooden", "Leather", "Electric", "Tiny",
        "Large", "Cozy", "Waterproof", "Wireless", "Handmade", "Folding", "Ceramic", "Silver", "Golden",
        "Striped", "Linen", "Smart", "Retro", "Portable", "Quiet", "Heavy", "Light", "Soft", "Warm", "Bright"
    ]
    private static let englishNouns = [
        "bike", "camera", "backpack", "lamp", "chair", "desk", "watch", "jacket", "sneakers", "headphones",
        "kettle", "teapot", "guitar", "notebook", "pen", "umbrella", "tent", "sleeping bag", "scarf", "wallet",
        "keyboard", "monitor", "speaker", "mug", "plant", "rug", "blanket", "sofa", "mirror", "clock",
        "suitcase", "telescope", "drone", "skateboard", "kayak", "hammock", "boots", "sunglasses", "vase", "book"
    ]
    private static let koreanAdjectives = [
        "빨간", "파란", "하얀", "까만", "작은", "큰", "예쁜", "가벼운", "따뜻한", "새", "오래된", "귀여운",
        "튼튼한", "조용한", "여행", "운동", "캠핑", "겨울", "여름", "나무"
    ]
    private static let koreanNouns = [
        "자전거", "가방", "신발", "모자", "시계", "카메라", "의자", "책상", "램프", "우산", "텐트", "지갑",
        "이어폰", "노트북", "머그컵", "담요", "거울", "화분", "선글라스", "운동화", "자켓", "목도리", "책", "스피커"
    ]
    private static let tags = [
        "travel", "gift", "home", "kitchen", "outdoor", "camping", "tech", "music", "books", "fashion",
        "sport", "bike", "photo", "office", "garden", "kids", "birthday", "christmas", "someday", "cheap",
        "여행", "선물", "생일", "집", "캠핑", "운동", "패션", "주방", "책", "음악", "사진", "겨울", "여름",
        "언젠가", "크리스마스", "인테리어", "취미", "전자기기", "아웃도어", "Road Trip"
    ]
    private static let places: [(name: String, latitude: Double, longitude: Double)] = [
        ("Seoul", 37.5665, 126.978), ("Busan", 35.1796, 129.0756), ("Jeonju", 35.8242, 127.148),
        ("Jeju", 33.4996, 126.5312), ("Gyeongju", 35.8562, 129.2247), ("Tokyo", 35.6762, 139.6503),
        ("Kyoto", 35.0116, 135.7681), ("Osaka", 34.6937, 135.5023), ("Taipei", 25.033, 121.5654),
        ("Bangkok", 13.7563, 100.5018), ("Paris", 48.8566, 2.3522), ("Lisbon", 38.7223, -9.1393),
        ("Berlin", 52.52, 13.405), ("London", 51.5072, -0.1276), ("New York", 40.7128, -74.006),
        ("San Francisco", 37.7749, -122.4194), ("Mexico City", 19.4326, -99.1332), ("Sydney", -33.8688, 151.2093),
        ("Cape Town", -33.9249, 18.4241), ("Reykjavík", 64.1466, -21.9426), ("Istanbul", 41.0082, 28.9784),
        ("Hanoi", 21.0278, 105.8342), ("Singapore", 1.3521, 103.8198), ("Vancouver", 49.2827, -123.1207),
        ("Buenos Aires", -34.6037, -58.3816)
    ]
}

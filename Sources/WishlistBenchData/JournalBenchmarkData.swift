import WishlistCore

/// Made-up but plausible journal entries for benchmarks: a title and a few sentences in English
/// or Korean (Korean words run together with their particles, as written: "가방을"), a day in the
/// ten years before the end with several entries on many days, a time on about half, a heart on
/// about 15%, a place on about 20%.
///
/// Seeded (``SeededRandom``), so a benchmark sees the same data on every run.
struct JournalBenchmarkData {
    private var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The draft of entry `index` of `count`, on a day that grows with the index (so later entries
    /// are about later days, as a journal is written).
    mutating func nextDraft(index: Int, count: Int) -> JournalDraft {
        let korean = next(below: 2) == 0
        let sentences = (0...next(below: 4)).map { _ in korean ? pick(Self.koreanSentences) : pick(Self.englishSentences) }
        let dayNumber = 3_650 * index / max(count, 1)
        let year = 2016 + dayNumber / 365
        let dayOfYear = dayNumber % 365
        let month = min(12, dayOfYear / 31 + 1)
        let day = min(28, dayOfYear % 31 + 1)
        let city = pick(Self.places)
        return JournalDraft(
            title: korean ? pick(Self.koreanTitles) : pick(Self.englishTitles),
            contents: sentences.joined(separator: " "),
            date: "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)",
            time: next(below: 2) == 0 ? "\(10 + next(below: 14)):\(10 + next(below: 50))" : nil,
            place: next(below: 5) == 0
                ? Place(
                    name: city.name, latitude: city.latitude + Double(next(below: 20_000)) / 100_000 - 0.1,
                    longitude: city.longitude + Double(next(below: 20_000)) / 100_000 - 0.1, source: .search)
                : nil,
            hearted: next(below: 20) < 3)
    }

    private mutating func next(below bound: Int) -> Int {
        random.next(below: bound)
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        random.pick(items)
    }

    private static let englishTitles = [
        "A slow Sunday", "Rainy morning", "Long walk home", "Finally got it", "Market day", "Train to the coast",
        "Coffee with Min", "First snow", "Moving day", "A quiet evening", "Birthday dinner", "Lost and found"
    ]
    private static let koreanTitles = [
        "느린 일요일", "비 오는 아침", "집으로 가는 길", "드디어 샀다", "장날", "바닷가 기차", "친구와 커피",
        "첫눈", "이사하는 날", "조용한 저녁", "생일 저녁", "잃어버린 우산"
    ]
    private static let englishSentences = [
        "Walked along the river until the lights came on.", "The bike shop was closed again, so I looked at tents.",
        "Bought a small lamp for the desk by the window.", "We talked about the trip to Jeonju for hours.",
        "It rained all day and the kettle never stopped.", "Found the old camera in a box under the bed.",
        "The new backpack is lighter than I thought.", "Read half a book on the train and slept the rest."
    ]
    private static let koreanSentences = [
        "오늘은 시장에서 새 가방을 샀다.", "강을 따라 오래 걸었다.", "자전거 가게가 또 문을 닫았다.",
        "책상 옆에 작은 램프를 두었다.", "전주 여행 이야기를 몇 시간이나 했다.", "하루 종일 비가 내렸다.",
        "침대 밑 상자에서 오래된 카메라를 찾았다.", "기차에서 책을 반쯤 읽고 잠들었다."
    ]
    private static let places: [(name: String, latitude: Double, longitude: Double)] = [
        ("Seoul", 37.5665, 126.978), ("Busan", 35.1796, 129.0756), ("Jeonju", 35.8242, 127.148),
        ("Jeju", 33.4996, 126.5312), ("Tokyo", 35.6762, 139.6503), ("Paris", 48.8566, 2.3522),
        ("New York", 40.7128, -74.006), ("Lisbon", 38.7223, -9.1393)
    ]
}

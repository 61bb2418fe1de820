/// The best few search candidates, at most one per city, kept sorted while the matches stream by.
///
/// A one-letter query matches thousands of names; keeping only `capacity` of them makes that
/// cost one comparison per rejected name instead of a dictionary and a full sort.
struct TopCandidates {
    let capacity: Int
    private(set) var sorted: [SearchCandidate] = []

    init(capacity: Int) {
        self.capacity = capacity
        sorted.reserveCapacity(capacity + 1)
    }

    mutating func offer(_ candidate: SearchCandidate) {
        // A city already kept ranks at or above the last, so anything not beating the last is
        // neither new enough nor an improvement.
        if sorted.count == capacity, let last = sorted.last, !(candidate < last) { return }
        if let kept = sorted.firstIndex(where: { $0.city == candidate.city }) {
            guard candidate < sorted[kept] else { return }
            sorted.remove(at: kept)
        }
        sorted.insert(candidate, at: sorted.firstIndex { candidate < $0 } ?? sorted.endIndex)
        if sorted.count > capacity { sorted.removeLast() }
    }
}

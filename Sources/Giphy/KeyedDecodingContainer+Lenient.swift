extension KeyedDecodingContainer {
    /// An integer written as a number or as a string of digits; nil when absent or neither.
    func lenientInt(_ key: Key) -> Int? {
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return number }
        return (try? decodeIfPresent(String.self, forKey: key)).flatMap { Int($0) }
    }
}

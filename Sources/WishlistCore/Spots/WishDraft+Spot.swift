extension WishDraft {
    /// The wish made from a K-culture spot (K8): named after the place, placed at it, tagged with
    /// the work or artist, the scene described in the memo. Cut to the wish's limits, since the
    /// data set's texts are not bound by them.
    public init(spot: Spot) {
        let name = String(spot.name.prefix(WishRules.nameLimit))
        self.init(
            name: name,
            memo: spot.description.isEmpty ? nil : String(spot.description.prefix(WishRules.memoLimit)),
            tags: [String(spot.title.prefix(Tag.lengthLimit)).trimmingWhitespace()],
            place: Place(
                name: name, address: String(spot.address.prefix(Place.addressLimit)),
                latitude: spot.latitude, longitude: spot.longitude, source: .search))
    }
}

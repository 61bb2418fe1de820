/// One page of search or trending results.
public struct GiphyPage: Sendable, Hashable {
    public var gifs: [GiphyGif]
    /// Where this page starts among all results.
    public var offset: Int
    /// How many results Giphy gave for this page, counting any left out of `gifs` for lack of
    /// renditions: the next page starts at `offset + count`.
    public var count: Int
    public var totalCount: Int
    /// Where the next page starts; nil at the end of the results or at Giphy's last offset.
    public var nextOffset: Int?

    public init(gifs: [GiphyGif], offset: Int, count: Int, totalCount: Int, nextOffset: Int?) {
        self.gifs = gifs
        self.offset = offset
        self.count = count
        self.totalCount = totalCount
        self.nextOffset = nextOffset
    }
}

import Giphy
import WishlistCore

extension Gif {
    /// The API's GIF of one Giphy described.
    init(_ gif: GiphyGif) {
        func image(_ rendition: GiphyRendition) -> Image {
            Image(url: rendition.url.absoluteString, width: rendition.width, height: rendition.height)
        }
        self.init(
            id: gif.id, title: gif.title, rating: gif.rating, url: gif.pageURL.absoluteString,
            images: Images(preview: image(gif.preview), still: image(gif.still), original: image(gif.original)))
    }
}

extension GifPage {
    /// The API's page of one of Giphy's.
    init(_ page: GiphyPage) {
        self.init(
            items: page.gifs.map(Gif.init),
            pagination: Pagination(
                offset: page.offset, count: page.count, totalCount: page.totalCount, nextOffset: page.nextOffset))
    }
}

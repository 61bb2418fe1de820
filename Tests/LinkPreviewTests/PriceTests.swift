import Foundation
import LinkPreview
import Testing

@Suite struct PriceTests {
    static let page = URL(string: "https://shop.example/item/1")!

    static func price(_ head: String, body: String = "") -> PreviewPrice? {
        let html = "<!doctype html><html><head><meta charset=utf-8><title>Item</title>\(head)</head><body>\(body)</body></html>"
        return LinkPreviewer.read(html: Array(html.utf8), charset: nil, requestedURL: page, finalURL: page).price
    }

    static func jsonLD(_ json: String) -> String {
        #"<script type="application/ld+json">\#(json)</script>"#
    }

    @Test func jsonLDProductOffer() {
        let head = Self.jsonLD(
            #"{"@context":"https://schema.org","@type":"Product","name":"Bag","offers":{"@type":"Offer","price":"129.99","priceCurrency":"USD"}}"#
        )
        #expect(Self.price(head) == PreviewPrice(amount: Decimal(string: "129.99")!, currency: "USD"))
    }

    @Test func jsonLDInsideAGraph() {
        let head = Self.jsonLD(
            #"{"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"Shop"},{"@type":["Product"],"offers":[{"@type":"Offer","price":45,"priceCurrency":"eur"}]}]}"#
        )
        #expect(Self.price(head) == PreviewPrice(amount: 45, currency: "EUR"))
    }

    @Test func aggregateOfferLowPrice() {
        let head = Self.jsonLD(
            #"{"@type":"Product","offers":{"@type":"AggregateOffer","lowPrice":"19.5","highPrice":"30","priceCurrency":"GBP"}}"#)
        #expect(Self.price(head) == PreviewPrice(amount: Decimal(string: "19.5")!, currency: "GBP"))
    }

    @Test func openGraphAndProductMeta() {
        #expect(
            Self.price(#"<meta property="og:price:amount" content="15.00"><meta property="og:price:currency" content="CAD">"#)
                == PreviewPrice(amount: 15, currency: "CAD"))
        #expect(
            Self.price(#"<meta property="product:price:amount" content="2,500"><meta property="product:price:currency" content="JPY">"#)
                == PreviewPrice(amount: 2500, currency: "JPY"))
    }

    @Test func microdata() {
        let body =
            #"<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Lamp</span><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="USD"><span itemprop="price">$1,299.00</span></div></div>"#
        #expect(Self.price("", body: body) == PreviewPrice(amount: 1299, currency: "USD"))
    }

    @Test func theOfferWinsOverOtherPrices() {
        let head =
            #"<meta property="og:price:amount" content="89000"><meta property="og:price:currency" content="KRW">"#
            + Self.jsonLD(#"{"@type":"Product","offers":{"@type":"Offer","price":"79000","priceCurrency":"KRW"}}"#)
        let body = #"<span itemprop="price">99,000원</span>"#
        #expect(Self.price(head, body: body) == PreviewPrice(amount: 79000, currency: "KRW"))
    }

    @Test func koreanWonWithoutDecimals() {
        #expect(Self.price("", body: #"<span itemprop="price">₩89,000</span>"#) == PreviewPrice(amount: 89000, currency: "KRW"))
        #expect(
            Self.price(#"<meta property="product:price:amount" content="1.290.000"><meta property="product:price:currency" content="KRW">"#)
                == PreviewPrice(amount: 1_290_000, currency: "KRW"))
    }

    @Test func europeanDecimalComma() {
        #expect(
            Self.price("", body: #"<span itemprop="price" content="1.299,95">1.299,95 €</span>"#)
                == PreviewPrice(amount: Decimal(string: "1299.95")!, currency: "EUR"))
        #expect(
            Self.price(#"<meta property="og:price:amount" content="12,50"><meta property="og:price:currency" content="EUR">"#)
                == PreviewPrice(amount: Decimal(string: "12.5")!, currency: "EUR"))
    }

    @Test func noPriceIsNil() {
        #expect(Self.price(#"<meta property="og:title" content="An article">"#) == nil)
        #expect(Self.price("", body: #"<span itemprop="price">free</span>"#) == nil)
    }
}

import Foundation

/// Finds a page's price, most trustworthy source first: JSON-LD (`Product` → `offers`, also
/// inside `@graph`, `AggregateOffer`'s `lowPrice`), then `og:price:*` / `product:price:*`
/// meta tags, then microdata (`itemprop="price"`).
enum PriceReader {
    static func price(in elements: [HTMLElement], jsonLD: JSONLD, meta: [String: String]) -> PreviewPrice? {
        jsonLDPrice(jsonLD) ?? metaPrice(meta) ?? microdataPrice(in: elements)
    }

    // MARK: JSON-LD

    private static func jsonLDPrice(_ jsonLD: JSONLD) -> PreviewPrice? {
        let nodes = jsonLD.allNodes
        // A product's own offer first; a page can also carry other things' offers.
        for node in nodes where JSONLD.isA(node, "Product") {
            if let price = offerPrice(node["offers"]) { return price }
        }
        for node in nodes where JSONLD.isA(node, "Offer") || JSONLD.isA(node, "AggregateOffer") {
            if let price = offerPrice(node) { return price }
        }
        return nil
    }

    /// The first priced offer in an `offers` value (one offer, an array, or an AggregateOffer).
    private static func offerPrice(_ value: Any?) -> PreviewPrice? {
        if let offers = value as? [Any] { return offers.lazy.compactMap(offerPrice).first }
        guard let offer = value as? [String: Any] else { return nil }
        let specification = (offer["priceSpecification"] as? [Any])?.first ?? offer["priceSpecification"]
        let specified = specification as? [String: Any]
        let currency = PriceText.code(text(offer["priceCurrency"]) ?? text(specified?["priceCurrency"]))
        for candidate in [offer["price"], offer["lowPrice"], specified?["price"], specified?["minPrice"]] {
            guard let raw = text(candidate) else { continue }
            let shownCurrency = currency ?? PriceText.currency(in: raw)
            if let amount = PriceText.amount(raw, currency: shownCurrency) {
                return PreviewPrice(amount: amount, currency: shownCurrency)
            }
        }
        // AggregateOffer may list its offers instead of a low price.
        return offerPrice(offer["offers"])
    }

    /// A JSON scalar as text; numbers keep their written digits (no binary rounding of 12.99).
    private static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: string.isEmpty ? nil : string
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    // MARK: Meta tags and microdata

    private static func metaPrice(_ meta: [String: String]) -> PreviewPrice? {
        for prefix in ["og:price:", "product:price:"] {
            guard let raw = meta[prefix + "amount"] else { continue }
            let currency = PriceText.code(meta[prefix + "currency"]) ?? PriceText.currency(in: raw)
            if let amount = PriceText.amount(raw, currency: currency) { return PreviewPrice(amount: amount, currency: currency) }
        }
        return nil
    }

    private static func microdataPrice(in elements: [HTMLElement]) -> PreviewPrice? {
        func value(_ element: HTMLElement) -> String? {
            (element["content"] ?? element.text)?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let priced = elements.first(where: { $0["itemprop"] == "price" || $0["itemprop"] == "lowPrice" }),
            let raw = value(priced)
        else { return nil }
        let declared = elements.first { $0["itemprop"] == "priceCurrency" }.flatMap(value)
        let currency = PriceText.code(declared) ?? PriceText.currency(in: raw) ?? priced.text.flatMap(PriceText.currency(in:))
        return PriceText.amount(raw, currency: currency).map { PreviewPrice(amount: $0, currency: currency) }
    }
}

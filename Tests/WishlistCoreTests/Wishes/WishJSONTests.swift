import Foundation
import Testing

@testable import WishlistCore

@Suite struct WishJSONTests {
    private let wish = Wish(
        id: UUID(uuidString: "0E5C1F5A-2A51-4F7B-9C07-6F3B1D0C2B11")!, name: "Red bike", tags: ["bike"],
        createdAt: Date(millisecondsSince1970: 1_795_959_435_123),
        updatedAt: Date(millisecondsSince1970: 1_795_959_435_000), version: 3)

    private func object(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func encodesTheContractShape() throws {
        let json = try object(wish)
        #expect(
            Set(json.keys) == [
                "id", "name", "memo", "link", "tags", "place", "photos", "favorite", "price", "priceHistory", "createdAt",
                "updatedAt", "version", "private"
            ])
        #expect(json["price"] is NSNull)
        #expect((json["priceHistory"] as? [Any])?.isEmpty == true)
        #expect(json["id"] as? String == "0e5c1f5a-2a51-4f7b-9c07-6f3b1d0c2b11")
        #expect(json["memo"] is NSNull)
        #expect(json["link"] is NSNull)
        #expect(json["place"] is NSNull)
        #expect(json["createdAt"] as? String == "2026-11-29T13:37:15.123Z")
        #expect(json["updatedAt"] as? String == "2026-11-29T13:37:15.000Z")
        #expect(json["version"] as? Int == 3)
    }

    @Test func priceIsTheNewestOfTheHistory() throws {
        var priced = wish
        priced.priceHistory = [
            SeenPrice(amount: 79000, currency: "KRW", seenAt: Date(millisecondsSince1970: 2_000)),
            SeenPrice(amount: Decimal(string: "89000.5")!, currency: "KRW", seenAt: Date(millisecondsSince1970: 1_000))
        ]
        let json = try object(priced)
        let price = try #require(json["price"] as? [String: Any])
        #expect(price["amount"] as? Int == 79000)
        #expect(price["currency"] as? String == "KRW")
        #expect(price["seenAt"] as? String == "1970-01-01T00:00:02.000Z")
        #expect((json["priceHistory"] as? [[String: Any]])?.last?["amount"] as? Double == 89000.5)
        let decoded = try JSONDecoder().decode(Wish.self, from: try JSONEncoder().encode(priced))
        #expect(decoded == priced)
    }

    /// Ids are lower case in every type that encodes them, whatever encoder is used.
    @Test func everyEncodedIDIsLowerCase() throws {
        let id = UUID(uuidString: "0E5C1F5A-2A51-4F7B-9C07-6F3B1D0C2B11")!
        let urls = Photo.URLs(thumb: "/t", medium: "/m", large: "/l", full: "/f", original: "/o")
        let values: [any Encodable] = [
            wish, Photo(id: id, width: 1, height: 1, urls: urls),
            RecentSearch(id: id, query: "q", searchedAt: Date(millisecondsSince1970: 0)),
            WishDraft(name: "n", photoIDs: [id]), WishPatch(photoIDs: [id]),
            User(id: id, username: "u", isAdmin: false, createdAt: Date(millisecondsSince1970: 0))
        ]
        for value in values {
            let json = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
            #expect(json.contains("0e5c1f5a-2a51-4f7b-9c07-6f3b1d0c2b11"), "\(json)")
            #expect(!json.contains("0E5C1F5A"), "\(json)")
        }
    }

    @Test func roundTripsThroughJSON() throws {
        var full = wish
        full.memo = "메모"
        full.link = "https://example.com"
        full.place = Place(name: "Jeonju", latitude: 35.8, longitude: 127.1, source: .device)
        full.photos = [
            Photo(
                id: UUID(), width: 10, height: 20,
                urls: .init(
                    thumb: "/media/a/thumb", medium: "/media/a/medium", large: "/media/a/large", full: "/media/a/full",
                    original: "/media/a/original"),
                edit: .init(crop: nil, rotate: 90), takenAt: Date(millisecondsSince1970: 5), gps: nil),
            Photo(
                id: UUID(), width: 480, height: 320, urls: .init(thumb: "/t", medium: "/m", large: "/l", full: "/f", original: "/o"),
                animated: true)
        ]
        let decoded = try JSONDecoder().decode(Wish.self, from: JSONEncoder().encode(full))
        #expect(decoded == full)
    }

    /// A photo says whether it moves; one from a server that never said so is a still.
    @Test func aPhotoSaysWhetherItIsAnimated() throws {
        let urls = Photo.URLs(thumb: "/t", medium: "/m", large: "/l", full: "/f", original: "/o")
        #expect(try object(Photo(id: UUID(), width: 1, height: 1, urls: urls, animated: true))["animated"] as? Bool == true)
        #expect(try object(Photo(id: UUID(), width: 1, height: 1, urls: urls))["animated"] as? Bool == false)
        var json = try object(Photo(id: UUID(), width: 1, height: 1, urls: urls, animated: true))
        json["animated"] = nil
        let older = try JSONDecoder().decode(Photo.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(older.animated == false)
    }

    @Test func decodesDatesWithoutFractionOrWithOffset() throws {
        #expect(Date(iso8601String: "2026-11-29T13:37:15Z")?.millisecondsSince1970 == 1_795_959_435_000)
        #expect(Date(iso8601String: "2026-11-29T22:37:15.5+09:00")?.millisecondsSince1970 == 1_795_959_435_500)
        #expect(Date(iso8601String: "yesterday") == nil)
    }

    @Test func beforeNineteenSeventyStillFormatsItsFraction() {
        #expect(Date(millisecondsSince1970: -1).iso8601String == "1969-12-31T23:59:59.999Z")
    }

    @Test func badDateIsADecodingErrorNotACrash() throws {
        var json = try object(wish)
        json["createdAt"] = "soon"
        let data = try JSONSerialization.data(withJSONObject: json)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Wish.self, from: data) }
    }
}

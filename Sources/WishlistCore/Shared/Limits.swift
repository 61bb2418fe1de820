/// The limits a person can meet while filling in a form, in one table: the rules that enforce
/// them (`WishRules`, `Tag`, `JournalRules`, `Place`, `AccountRules`, the store's largest photo
/// file) take their numbers from `Limits.standard`, and the server publishes the same value to the
/// web app in its page (`<meta name="wishlist-limits">`), which checks a form before sending it.
/// Lengths count characters as people see them.
public struct Limits: Codable, Sendable, Equatable {
    public let wishName: Int
    public let wishMemo: Int
    public let wishLink: Int
    /// Photos on one wish.
    public let wishPhotos: Int
    public let tagLength: Int
    /// Tags on one wish.
    public let tagCount: Int
    public let journalTitle: Int
    public let journalContents: Int
    /// Photos on one journal entry.
    public let journalPhotos: Int
    public let placeName: Int
    public let placeAddress: Int
    /// The largest file one photo may be, in bytes.
    public let photoFileBytes: Int
    public let usernameMinimum: Int
    public let usernameMaximum: Int
    public let passwordMinimum: Int
    public let passwordMaximum: Int
    /// Characters of a GIF search, as many as Giphy answers (the Giphy library's own limit).
    public let gifQuery: Int
    /// The title of a shared list.
    public let shareTitle: Int
    /// The name and the note a friend may leave when reserving a gift.
    public let reserverName: Int
    public let reservationNote: Int

    /// The limits of this server.
    public static let standard = Limits(
        wishName: 200, wishMemo: 10_000, wishLink: 2_048, wishPhotos: 20, tagLength: 30, tagCount: 20,
        journalTitle: 200, journalContents: 50_000, journalPhotos: 10, placeName: 200, placeAddress: 500,
        photoFileBytes: 40 << 20, usernameMinimum: 3, usernameMaximum: 32, passwordMinimum: 10, passwordMaximum: 1024,
        gifQuery: 50, shareTitle: 100, reserverName: 60, reservationNote: 500)
}

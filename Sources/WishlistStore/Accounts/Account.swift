import WishlistCore

/// A signed-in account: the store's key for it and what the API shows of it.
public struct Account: Sendable, Equatable {
    public let key: UserKey
    public let user: User
}

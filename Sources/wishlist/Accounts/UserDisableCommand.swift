/// `wishlist user disable NAME`.
struct UserDisableCommand: UserAccessCommand {
    static let disables = true
    let account: NamedAccount
}

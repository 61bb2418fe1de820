/// `wishlist user enable NAME`.
struct UserEnableCommand: UserAccessCommand {
    static let disables = false
    let account: NamedAccount
}

import CSodium

/// libsodium must be initialised once before any other call; `sodium_init` is idempotent and
/// thread-safe, so every entry point of this module calls `Sodium.ready()` first.
enum Sodium {
    private static let initialised: Bool = sodium_init() >= 0

    static func ready() {
        precondition(initialised, "libsodium could not be initialised")
    }
}

import Crypto
import Synchronization

/// A hash of a random password, verified when a sign-in names an unknown user so that a wrong
/// username takes as long as a wrong password. Made at the first such sign-in, not at start-up,
/// where one argon2id hash costs a tenth of a second and 64 MB.
final class DecoyPasswordHash: Sendable {
    private let hasher: PasswordHasher
    private let made = Mutex<String?>(nil)

    init(hasher: PasswordHasher) {
        self.hasher = hasher
    }

    func value() throws -> String {
        if let hash = made.withLock({ $0 }) { return hash }
        let hash = try hasher.hash(SecureRandom.token())
        return made.withLock { made in
            if made == nil { made = hash }
            return made!
        }
    }
}

import Crypto
import Foundation

extension Data {
    /// The SHA-256 of `text`'s UTF-8: how a secret that finds a row (a pending share's token, a
    /// reservation's key) is stored, so that a copy of the database gives none of them away.
    init(sha256Of text: String) {
        self.init(SHA256.digest(Array(text.utf8)))
    }
}

import CSodium

/// Unpredictable bytes and tokens from the operating system's CSPRNG (libsodium's `randombytes_buf`).
public enum SecureRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        Sodium.ready()
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, count) }
        return bytes
    }

    /// A token of `byteCount` random bytes in URL-safe base64 without padding (43 characters for 32 bytes).
    public static func token(byteCount: Int = 32) -> String {
        Base64URL.encode(bytes(byteCount))
    }

    /// `length` characters each drawn uniformly from `alphabet` (no modulo bias).
    public static func string(length: Int, alphabet: [Character]) -> String {
        precondition(!alphabet.isEmpty && alphabet.count <= Int(UInt32.max))
        Sodium.ready()
        return String((0..<length).map { _ in alphabet[Int(randombytes_uniform(UInt32(alphabet.count)))] })
    }
}

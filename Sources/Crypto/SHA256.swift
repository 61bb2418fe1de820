import CSodium

/// SHA-256, in one call or fed piece by piece (for files too big to hold in memory).
public struct SHA256: ~Copyable {
    private var state = crypto_hash_sha256_state()

    public init() {
        Sodium.ready()
        _ = crypto_hash_sha256_init(&state)
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        _ = crypto_hash_sha256_update(
            &state, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
    }

    /// The 32-byte digest; the hasher is used up.
    public consuming func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: crypto_hash_sha256_bytes())
        _ = crypto_hash_sha256_final(&state, &digest)
        return digest
    }

    /// The digest of `bytes` in one call.
    public static func digest<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA256()
        let array = Array(bytes)
        array.withUnsafeBytes { hasher.update($0) }
        return hasher.finalize()
    }

    /// Lower-case hexadecimal of a digest.
    public static func hex(_ digest: [UInt8]) -> String {
        digest.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}

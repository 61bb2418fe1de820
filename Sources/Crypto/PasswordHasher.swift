import CSodium

/// Hashes and verifies passwords with argon2id (libsodium's `crypto_pwhash_str`), producing
/// self-describing strings (`$argon2id$v=19$m=…,t=…,p=1$…`) that carry their own salt and cost.
public struct PasswordHasher: Sendable {
    /// The work one hash costs: passes over memory and the memory itself in bytes.
    public struct Cost: Sendable, Equatable {
        public var operations: Int
        public var memoryBytes: Int

        /// libsodium's "interactive" setting: right for a login on a small server.
        public static let interactive = Cost(
            operations: crypto_pwhash_opslimit_interactive(), memoryBytes: crypto_pwhash_memlimit_interactive())
        /// The least libsodium allows; for tests only, where thousands of hashes must be cheap.
        public static let minimum = Cost(
            operations: crypto_pwhash_opslimit_min(), memoryBytes: crypto_pwhash_memlimit_min())

        public init(operations: Int, memoryBytes: Int) {
            self.operations = operations
            self.memoryBytes = memoryBytes
        }
    }

    /// Hashing failed: libsodium could not get the memory the cost asks for.
    public struct OutOfMemory: Error {}

    public let cost: Cost

    public init(cost: Cost = .interactive) {
        self.cost = cost
    }

    /// A new argon2id hash of `password` with a fresh random salt.
    public func hash(_ password: String) throws -> String {
        Sodium.ready()
        var output = [CChar](repeating: 0, count: crypto_pwhash_strbytes())
        let status = Self.withBytes(of: password) { bytes, count in
            crypto_pwhash_str_alg(
                &output, bytes, count, UInt64(cost.operations), cost.memoryBytes, crypto_pwhash_ALG_ARGON2ID13)
        }
        guard status == 0 else { throw OutOfMemory() }
        return String(nulTerminated: output)
    }

    /// Whether `password` matches `hash`; false (never a throw) for a malformed hash.
    public func verify(_ password: String, against hash: String) -> Bool {
        Sodium.ready()
        return Self.withBytes(of: password) { bytes, count in
            crypto_pwhash_str_verify(hash, bytes, count) == 0
        }
    }

    /// Every UTF-8 byte of `password`, a NUL and what follows it included (a C string would end
    /// there, so "secret\0anything" would pass for "secret").
    private static func withBytes<Result>(
        of password: String, _ body: (UnsafePointer<CChar>, UInt64) -> Result
    ) -> Result {
        var password = password
        return password.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { bytes in
                // An empty buffer may have no address; the hash functions need one even for no bytes.
                guard let base = bytes.baseAddress else { return "".withCString { body($0, 0) } }
                return body(base, UInt64(bytes.count))
            }
        }
    }

    /// Whether `hash` was made with another cost than this hasher's and should be redone at the next sign-in.
    public func needsRehash(_ hash: String) -> Bool {
        Sodium.ready()
        return crypto_pwhash_str_needs_rehash(hash, UInt64(cost.operations), cost.memoryBytes) != 0
    }
}

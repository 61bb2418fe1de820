extension Database {
    /// Runs `body` with foreign key enforcement off, then puts it back as it was, also when `body`
    /// throws. Must be called outside a transaction, where SQLite ignores the pragma.
    func withForeignKeysOff<T>(_ body: () throws -> T) throws -> T {
        let wasOn: Bool = try scalar("PRAGMA foreign_keys") ?? false
        try execute("PRAGMA foreign_keys = OFF")
        let result: T
        do {
            result = try body()
        } catch {
            try? setForeignKeys(on: wasOn)
            throw error
        }
        try setForeignKeys(on: wasOn)
        return result
    }

    private func setForeignKeys(on: Bool) throws {
        try execute("PRAGMA foreign_keys = \(on ? "ON" : "OFF")")
    }
}

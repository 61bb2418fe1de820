import Foundation
import SQLite
import Testing

/// Timings at a million rows. Opt-in (`SQLITE_BENCHMARK=1`), best in release: `swift test -c release`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SQLITE_BENCHMARK"] != nil))
struct BenchmarkTests {
    private func measure<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        let result = try body()
        print("benchmark: \(label): \(ContinuousClock.now - start)")
        return result
    }

    @Test func millionRows() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("million.sqlite"))
        let rowCount = 1_000_000
        try pool.write { try $0.execute("CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL)") }
        try measure("insert \(rowCount) rows in one write") {
            try pool.write { database in
                for id in 1...rowCount {
                    try database.run("INSERT INTO item(id, name, price) VALUES (?, ?, ?)", [id, "item \(id)", Double(id) / 100])
                }
            }
        }
        let total: Double = try measure("forEach over \(rowCount) rows") {
            try pool.read { database in
                var total = 0.0
                try database.forEach("SELECT price FROM item") { total += try $0[0] }
                return total
            }
        }
        #expect(total == (1...rowCount).reduce(0.0) { $0 + Double($1) / 100 })
        let lookups = 100_000
        let found = try measure("\(lookups) point reads, one pool.read each") {
            try (1...lookups).reduce(0) { count, id in
                let name: String? = try pool.read { try $0.scalar("SELECT name FROM item WHERE id = ?", [id * 7 % rowCount + 1]) }
                return count + (name == nil ? 0 : 1)
            }
        }
        #expect(found == lookups)
        let updated = try measure("\(lookups) single-row writes, one pool.write each") {
            try (1...lookups).reduce(0) { count, id in
                try pool.write { database in
                    try database.run("UPDATE item SET price = price + 1 WHERE id = ?", [id])
                    return count + database.changes
                }
            }
        }
        #expect(updated == lookups)
        try measure("close (checkpoint)") { try pool.close() }
    }

    /// Binding by name looks each name up in the statement: the cost per statement, against binding
    /// by position, for a statement as a search runs them (several arguments, one row).
    @Test func bindingByNameAndByPosition() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE item(id INTEGER PRIMARY KEY, owner INTEGER NOT NULL, name TEXT NOT NULL)")
        try database.transaction {
            for id in 1...10_000 { try database.run("INSERT INTO item VALUES (?, ?, ?)", [id, id % 7, "item \(id)"]) }
        }
        let lookups = 100_000
        let lookUps: [(label: String, name: (Int) throws -> String?)] = [
            (
                "by position",
                { id in
                    try database.scalar("SELECT name FROM item WHERE id = ? AND owner = ? AND name <> ? LIMIT ?", [id, id % 7, "", 1])
                }
            ),
            (
                "by name",
                { id in
                    try database.scalar(
                        "SELECT name FROM item WHERE id = :id AND owner = :owner AND name <> :name LIMIT :limit",
                        ["id": id, "owner": id % 7, "name": "", "limit": 1])
                }
            )
        ]
        for lookUp in lookUps {
            let found = try measure("\(lookups) point reads binding 4 arguments \(lookUp.label)") {
                try (1...lookups).reduce(0) { count, id in count + (try lookUp.name(id % 10_000 + 1) == nil ? 0 : 1) }
            }
            #expect(found == lookups)
        }
    }
}

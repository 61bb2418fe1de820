import Testing
import WishlistCore

@testable import WishlistStore

/// `StatementRounds`: a read in rounds of statements, and reads side by side (`and`) sharing their
/// round trips. On both engines the values are those of the statements run one by one.
@Suite struct StatementRoundsTests {
    /// A read of `rounds` rounds, one statement each, whose value lists what each round answered.
    private static func counting(_ rounds: Int, from start: Int = 0, _ dialect: SQLDialect) -> StatementRounds<[Int]> {
        var read = StatementRounds.done([Int]())
        for round in 0..<rounds {
            read = read.then { seen in
                StatementRounds.rows("SELECT CAST(:n AS BIGINT) AS n", ["n": start + round]).map { seen + [try $0[0]["n"] as Int] }
            }
        }
        return read
    }

    @Test(arguments: TestEngine.allCases) func readsSideBySideTakeTheRoundsOfTheLonger(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let dialect = Self.dialect(of: engine)
        let read = Self.counting(3, dialect).and(Self.counting(1, from: 10, dialect))
            .and(.done("kept"))
        let (both, kept) = try test.store.database.read { try $0.perform(read) }
        #expect(both.0 == [0, 1, 2])
        #expect(both.1 == [10])
        #expect(kept == "kept")
        guard engine == .postgres else { return }
        let (store, pool) = try test.oneConnectionStore()
        defer { try? store.close() }
        _ = try store.database.read { try $0.perform(Self.counting(3, dialect).and(Self.counting(2, dialect))) }  // prepares
        // Each read's first round goes with the read's BEGIN.
        #expect(try TestStore.roundTrips(of: { _ = try store.database.read { try $0.perform(Self.counting(3, dialect)) } }, on: pool) == 3)
        let sideBySide = try TestStore.roundTrips(
            of: { _ = try store.database.read { try $0.perform(Self.counting(3, dialect).and(Self.counting(2, dialect))) } }, on: pool)
        #expect(sideBySide == 3)
        // A value known without a statement, and what follows from it, add no round trip.
        let afterAValue = try TestStore.roundTrips(
            of: { _ = try store.database.read { try $0.perform(StatementRounds.done(1).then { _ in Self.counting(2, dialect) }) } },
            on: pool)
        #expect(afterAValue == 2)
    }

    private static func dialect(of engine: TestEngine) -> SQLDialect {
        engine == .postgres ? .postgres : .sqlite
    }

    private struct Refused: Error {}

    @Test(arguments: TestEngine.allCases) func aFailureInOneReadEndsBoth(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let dialect = Self.dialect(of: engine)
        var laterRoundRan = false
        let failing = Self.counting(1, dialect).map { _ -> Int in throw Refused() }
        let other = Self.counting(1, dialect).then { _ in
            laterRoundRan = true
            return Self.counting(1, dialect)
        }
        #expect(throws: Refused.self) { _ = try test.store.database.read { try $0.perform(failing.and(other)) } }
        #expect(!laterRoundRan)
        // A statement that fails throws the engine's error, not a value.
        let broken = StatementRounds.rows("SELECT no_such_column FROM users", [:]).and(Self.counting(1, dialect))
        #expect(throws: (any Error).self) { _ = try test.store.database.read { try $0.perform(broken) } }
    }
}

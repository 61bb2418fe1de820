/// The engines a store test runs on, as the arguments of a parameterized test:
/// `@Test(arguments: TestEngine.allCases) func x(engine: TestEngine)`, then `TestStore(engine:)`.
/// PostgreSQL's is a new database of the test process's throwaway cluster (`TestDatabase`).
enum TestEngine: String, CaseIterable, Sendable {
    case sqlite
    case postgres
}

/// Which engine a statement is for, for the few fragments whose text differs between them (most
/// SQL reads the same on both: named parameters, `ON CONFLICT … DO UPDATE`, `RETURNING`).
enum SQLDialect: Sendable, Equatable {
    case sqlite
    case postgres

    /// The fragment for this engine: `db.dialect.choose(sqlite: "json_each(:ids)", postgres: "…")`.
    /// Both are written side by side where they are used, so neither engine's text is forgotten.
    func choose(sqlite: String, postgres: String) -> String {
        switch self {
        case .sqlite: sqlite
        case .postgres: postgres
        }
    }
}

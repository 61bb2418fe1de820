import Foundation

/// The `WISHLIST_*` environment variables, each the default of a command-line option.
enum Environment {
    static func value(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `--data`, else `WISHLIST_DATA`, else `./data`.
    static func dataDirectory(_ arguments: inout Arguments) throws -> String {
        try arguments.option(dataOption) ?? value("WISHLIST_DATA") ?? "./data"
    }

    static let dataOption = Option("--data", "DIR", help: "The data directory (default: $WISHLIST_DATA or ./data).")
}

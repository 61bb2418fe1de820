import Foundation

/// The `WISHLIST_*` environment variables, each the default of a command-line option.
enum Environment {
    static func value(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `option`'s value, else the variable `name`'s read the same way; nil when neither is given.
    static func option<Value>(_ option: Option<Value>, orVariable name: String, in arguments: inout Arguments) throws -> Value? {
        if let given = try arguments.option(option) { return given }
        return try value(name).map { try option.format.value(of: $0, for: "$" + name) }
    }

    /// `--data`, else `WISHLIST_DATA`, else `./data`.
    static func dataDirectory(_ arguments: inout Arguments) throws -> String {
        try arguments.option(dataOption) ?? value("WISHLIST_DATA") ?? "./data"
    }

    static let dataOption = Option("--data", "DIR", help: "The data directory (default: $WISHLIST_DATA or ./data).")
}

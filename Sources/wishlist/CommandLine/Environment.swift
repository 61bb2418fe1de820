import Foundation
import WishlistServer

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

    /// The data directory (`--data`, else `WISHLIST_DATA`, else `./data`) with its database
    /// (`--database`, else `WISHLIST_DATABASE`, else the folder's SQLite file) and, for a command
    /// that declares `mediaOption`, where its photos are (`--media`, else `WISHLIST_MEDIA`).
    static func data(
        _ arguments: inout Arguments, withMedia: Bool = false
    ) throws -> DataDirectory {
        let path = try dataPath(&arguments)
        let database = try option(databaseOption, orVariable: databaseVariable, in: &arguments)
        let media = withMedia ? try option(mediaOption, orVariable: "WISHLIST_MEDIA", in: &arguments) : nil
        return DataDirectory(path, databaseURL: database, media: media)
    }

    /// The data directory's folder alone, for a command that uses none of its database.
    static func dataPath(_ arguments: inout Arguments) throws -> String {
        try arguments.option(dataOption) ?? value("WISHLIST_DATA") ?? "./data"
    }

    static let dataOption = Option("--data", "DIR", help: "The data directory (default: $WISHLIST_DATA or ./data).")

    static let databaseVariable = "WISHLIST_DATABASE"

    /// Given where a password may show (`ps`), so the variable is the better place for a URL with one.
    static let databaseOption = Option(
        "--database", "URL",
        help: "A PostgreSQL database, postgresql://USER@HOST/NAME, in place of the data directory's SQLite file"
            + " ($WISHLIST_DATABASE, the better place for a URL with a password).",
        format: .checked("a postgresql:// URL") { url in
            url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") ? url : nil
        })

    /// For the commands that read or write photo files: several servers share one folder or bucket.
    static let mediaOption = Option(
        "--media", "DIR|S3",
        help: "Where the photos are kept: a folder every server mounts, or s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION"
            + " with the keys in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY ($WISHLIST_MEDIA; default: media/ in the data directory).",
        format: .checked("a folder or an s3://BUCKET location") { text in
            guard text.hasPrefix("s3://") else { return text.isEmpty ? nil : text }
            return URLComponents(string: text)?.host?.isEmpty == false ? text : nil
        })

    /// What every command on a data directory declares.
    static let dataOptions: [any ArgumentDeclaration] = [dataOption, databaseOption]
}

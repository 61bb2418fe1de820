import WishlistCore

extension NearQuery {
    /// The synopsis of a command that lists what is nearest to a point.
    static let usage = "LAT LNG [--limit N] [--json]"
    static let limitOptionHelp = ("--limit N", "How many, 1 to 100.")

    /// Reads `LAT LNG [--limit N]` from the command line.
    init(_ arguments: inout Arguments) throws {
        var parameters: [String: String] = [:]
        parameters["limit"] = try arguments.option("--limit")
        parameters["lat"] = try arguments.positional("LAT")
        parameters["lng"] = try arguments.positional("LNG")
        try self.init(parameters: parameters)
    }
}

import WishlistCore

extension NearQuery {
    /// `LAT LNG [--limit N]`, declared once for every command that lists what is nearest to a point.
    static let latitudeArgument = Positional("LAT", help: "The point's latitude, -90 to 90.")
    static let longitudeArgument = Positional("LNG", help: "The point's longitude, -180 to 180.")
    static let limitOption = Option("--limit", "N", help: "How many, 1 to 100.")
    static let arguments: [any ArgumentDeclaration] = [latitudeArgument, longitudeArgument, limitOption]

    /// Reads `LAT LNG [--limit N]` from the command line.
    init(_ arguments: inout Arguments) throws {
        var parameters: [String: String] = [:]
        parameters["limit"] = try arguments.option(Self.limitOption)
        parameters["lat"] = try arguments.positional(Self.latitudeArgument)
        parameters["lng"] = try arguments.positional(Self.longitudeArgument)
        try self.init(parameters: parameters)
    }
}

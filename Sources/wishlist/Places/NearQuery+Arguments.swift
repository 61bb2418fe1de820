import WishlistCore

extension NearQuery {
    /// `LAT LNG [--limit N]`, declared once for every command that lists what is nearest to a point.
    static let latitudeArgument = Positional("LAT", help: "The point's latitude, -90 to 90.", format: .latitude)
    static let longitudeArgument = Positional("LNG", help: "The point's longitude, -180 to 180.", format: .longitude)
    static let limitOption = Option("--limit", "N", help: "How many, 1 to 100.", format: .pageSize)
    static let arguments: [any ArgumentDeclaration] = [latitudeArgument, longitudeArgument, limitOption]

    /// Reads `LAT LNG [--limit N]` from the command line.
    init(_ arguments: inout Arguments) throws {
        let limit = try arguments.option(Self.limitOption) ?? WishListQuery.defaultLimit
        try self.init(
            latitude: arguments.positional(Self.latitudeArgument), longitude: arguments.positional(Self.longitudeArgument),
            limit: limit)
    }
}

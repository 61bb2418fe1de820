/// A column's type, as the server's type OID (the `oid` of `pg_type`), e.g. 23 for `int4`.
///
/// The OIDs of built-in types are fixed in PostgreSQL's catalog and never change; a type made with
/// `CREATE TYPE` gets a new one per database, so only built-in types have constants.
public struct PostgresType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let bool = PostgresType(rawValue: 16)
    public static let bytea = PostgresType(rawValue: 17)
    public static let name = PostgresType(rawValue: 19)
    public static let int8 = PostgresType(rawValue: 20)
    public static let int2 = PostgresType(rawValue: 21)
    public static let int4 = PostgresType(rawValue: 23)
    public static let text = PostgresType(rawValue: 25)
    public static let oid = PostgresType(rawValue: 26)
    public static let json = PostgresType(rawValue: 114)
    public static let float4 = PostgresType(rawValue: 700)
    public static let float8 = PostgresType(rawValue: 701)
    public static let unknown = PostgresType(rawValue: 705)
    public static let bpchar = PostgresType(rawValue: 1042)
    public static let varchar = PostgresType(rawValue: 1043)
    public static let timestamptz = PostgresType(rawValue: 1184)
    public static let numeric = PostgresType(rawValue: 1700)
    public static let void = PostgresType(rawValue: 2278)
    public static let uuid = PostgresType(rawValue: 2950)
    public static let jsonb = PostgresType(rawValue: 3802)

    /// Integer types, which read as `Int` and `Int64`.
    var isInteger: Bool { self == .int2 || self == .int4 || self == .int8 || self == .oid }

    /// Types whose text form is the value itself, which read as `String`. Numbers, booleans and
    /// bytea do not: reading them as text would hide a schema mistake.
    var isTextual: Bool {
        [.text, .varchar, .bpchar, .name, .json, .jsonb, .uuid, .unknown].contains(self)
    }

    private static let names: [PostgresType: String] = [
        .bool: "bool", .bytea: "bytea", .name: "name", .int8: "int8", .int2: "int2", .int4: "int4", .text: "text", .oid: "oid",
        .json: "json", .float4: "float4", .float8: "float8", .unknown: "unknown", .bpchar: "bpchar", .varchar: "varchar",
        .timestamptz: "timestamptz", .numeric: "numeric", .void: "void", .uuid: "uuid", .jsonb: "jsonb"
    ]

    /// The type's name when it is built in, else its OID.
    public var description: String { Self.names[self] ?? "type \(rawValue)" }
}

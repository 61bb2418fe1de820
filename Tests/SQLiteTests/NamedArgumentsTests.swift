import Foundation
import SQLite
import Testing

/// Arguments bound by name (`:name`): each travels with its name, so their order does not matter,
/// and every mismatch between the names given and the statement's is an error, never a silent NULL.
@Suite struct NamedArgumentsTests {
    let database: Database

    init() throws {
        database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, size INTEGER)")
        try database.run("INSERT INTO item(name, size) VALUES ('a', 1), ('b', 2), ('c', 3)")
    }

    @Test func argumentsBindByNameInAnyOrderAndANameUsedTwiceTakesOneValue() throws {
        let rows = try database.query(
            "SELECT name FROM item WHERE size >= :least AND size <= :most AND name <> :skip AND size <> :least + 1 ORDER BY id",
            ["skip": "c", "most": 3, "least": 1])
        #expect(try rows.map { try $0["name"] as String } == ["a"])
    }

    @Test func everyCallBindsByName() throws {
        try database.run("INSERT INTO item(name, size) VALUES (:name, :size)", ["name": "d", "size": nil as Int?])
        #expect(try database.scalar("SELECT count(*) FROM item WHERE size IS NULL AND name = :name", ["name": "d"]) == 1)
        #expect(try database.queryFirst("SELECT id FROM item WHERE name = :name", ["name": "b"])?["id"] == 2)
        #expect(try database.column("SELECT name FROM item WHERE id < :id ORDER BY id", ["id": 3]) == ["a", "b"])
        var seen: [String] = []
        try database.forEach("SELECT name FROM item WHERE id > :id ORDER BY id", ["id": 2]) { seen.append(try $0["name"]) }
        #expect(seen == ["c", "d"])
    }

    @Test func piecesOfSQLBringTheirOwnArguments() throws {
        let condition: (sql: String, arguments: NamedArguments) = ("size > :smallest", ["smallest": 1])
        let names: [String] = try database.column(
            "SELECT name FROM item WHERE \(condition.sql) AND name <> :name ORDER BY id", condition.arguments + ["name": "c"])
        #expect(names == ["b"])
    }

    @Test func aNameTheStatementDoesNotHaveIsAnError() throws {
        let error = #expect(throws: SQLiteError.self) {
            try database.query("SELECT name FROM item WHERE id = :id AND size = :size", ["id": 1, "size": 1, "sise": 1])
        }
        #expect(error?.code == .range)
        #expect(error?.message == "no parameter :sise in the statement; it has :id, :size")
        #expect(error?.sql?.contains(":size") == true)
    }

    @Test func aParameterWithoutAnArgumentIsAnError() throws {
        let error = #expect(throws: SQLiteError.self) {
            try database.query("SELECT name FROM item WHERE id = :id AND size = :size", ["id": 1])
        }
        #expect(error?.code == .range)
        #expect(error?.message == "no argument for :size")
    }

    @Test func twoArgumentsOfOneNameAreAnError() throws {
        let first: NamedArguments = ["id": 1]
        let error = #expect(throws: SQLiteError.self) {
            try database.query("SELECT name FROM item WHERE id = :id", first + ["id": 2])
        }
        #expect(error?.message == "two arguments for :id")
    }

    @Test func aNamelessParameterCannotBeBoundByName() throws {
        let error = #expect(throws: SQLiteError.self) {
            try database.query("SELECT name FROM item WHERE id = :id AND size = ?", ["id": 1])
        }
        #expect(error?.message.contains("nameless") == true)
    }

    @Test func namedAndNumberedParametersTakeNoPositionalArguments() throws {
        let named = #expect(throws: SQLiteError.self) { try database.query("SELECT name FROM item WHERE id = :id", [1]) }
        #expect(named?.message == "parameter :id has a name: bind the statement's arguments by name")
        let numbered = #expect(throws: SQLiteError.self) { try database.query("SELECT name FROM item WHERE id = ?1", [1]) }
        #expect(numbered?.code == .range)
        #expect(try database.query("SELECT name FROM item WHERE id = ?", [1]).count == 1)
    }

    @Test func aStatementWithoutParametersTakesNoNames() throws {
        let error = #expect(throws: SQLiteError.self) { try database.query("SELECT name FROM item", ["id": 1]) }
        #expect(error?.message == "no parameter :id in the statement; it has no parameters")
        #expect(try database.query("SELECT name FROM item", [:]).count == 3)
    }

    @Test func aCachedStatementKeepsNoArgumentsOfAnEarlierCall() throws {
        let sql = "SELECT count(*) FROM item WHERE id >= :low AND id <= :high"
        #expect(try database.scalar(sql, ["low": 1, "high": 2]) == 2)
        // The same statement from the cache, after a call that failed half-bound: nothing of
        // either earlier call is reused.
        #expect(throws: SQLiteError.self) { try database.scalar(sql, ["low": 2, "hight": 3]) as Int? }
        let missing = #expect(throws: SQLiteError.self) { try database.scalar(sql, ["low": 2]) as Int? }
        #expect(missing?.message == "no argument for :high")
        #expect(try database.scalar(sql, ["high": 3, "low": 2]) == 2)
    }
}

import SQLite
import Testing

@Suite struct FTS5PatternTests {
    @Test func everyTokenIsAQuotedPrefix() {
        #expect(FTS5Pattern(matchingAllTokensIn: "red bik")?.description == #""red"* AND "bik"*"#)
        #expect(FTS5Pattern(matchingAllTokensIn: "  red \t bik\n", prefix: false)?.description == #""red" AND "bik""#)
    }

    @Test func operatorsAndSyntaxBecomeText() {
        #expect(FTS5Pattern(matchingAllTokensIn: #"say "hi""#)?.description == #""say"* AND """hi"""*"#)
        #expect(FTS5Pattern(matchingAllTokensIn: "NEAR(a b)")?.description == #""NEAR(a"* AND "b)"*"#)
        #expect(FTS5Pattern(matchingAllTokensIn: "red AND blue")?.description == #""red"* AND "AND"* AND "blue"*"#)
        #expect(FTS5Pattern(matchingAllTokensIn: "-bike col:x ^y z*")?.description == #""-bike"* AND "col:x"* AND "^y"* AND "z*"*"#)
    }

    @Test(arguments: ["", "   ", "\n\t", "*", "- ( ) \" ^ :", "\u{0}"])
    func nothingSearchableIsNil(_ text: String) {
        #expect(FTS5Pattern(matchingAllTokensIn: text) == nil)
    }

    @Test func phraseIsOneQuotedString() {
        #expect(FTS5Pattern(matchingPhrase: #"  a "quoted"   phrase "#)?.description == #""a ""quoted"" phrase""#)
        #expect(FTS5Pattern(matchingPhrase: " \n ") == nil)
        #expect(FTS5Pattern(matchingPhrase: "")?.description == nil)
    }

    static let documents = [
        "red bike", "blue car", "AND gate logic", "near the sea", "e-mail client", #"say "hi" now"#, "빨간 자전거", "bike (used)"
    ]

    /// Runs the pattern built from `query` against a real FTS5 table and returns the matching documents.
    private func search(_ query: String, table: String = "docs", phrase: Bool = false) throws -> [String] {
        let database = try Database(path: ":memory:")
        try database.execute(
            """
            CREATE VIRTUAL TABLE docs USING fts5(body);
            CREATE VIRTUAL TABLE grams USING fts5(body, tokenize = 'trigram');
            """)
        for document in Self.documents {
            try database.run("INSERT INTO docs(body) VALUES (?)", [document])
            try database.run("INSERT INTO grams(body) VALUES (?)", [document])
        }
        let pattern = phrase ? FTS5Pattern(matchingPhrase: query) : FTS5Pattern(matchingAllTokensIn: query)
        guard let pattern else { return [] }
        return try database.query("SELECT body FROM \(table) WHERE \(table) MATCH ? ORDER BY rowid", [pattern.description])
            .map { try $0[0] }
    }

    @Test func hostileInputMatchesAsText() throws {
        #expect(try search("red bik") == ["red bike"])
        #expect(try search("bik") == ["red bike", "bike (used)"])
        #expect(try search("NEAR") == ["near the sea"])
        #expect(try search("and") == ["AND gate logic"])
        #expect(try search("red OR blue") == [], "OR is a word to find, not an operator")
        #expect(try search("-mail") == ["e-mail client"])
        #expect(try search("e-mail") == ["e-mail client"])
        #expect(try search(#""hi"#) == [#"say "hi" now"#])
        #expect(try search("(used") == ["bike (used)"])
        #expect(try search("bike*") == ["red bike", "bike (used)"])
        #expect(try search("body:red") == [], "a column filter is text too")
        #expect(try search("^red") == ["red bike"])
        // As the NEAR operator this would match "red bike"; as text it is the phrase "near red", found nowhere.
        #expect(try search("NEAR(red bike)") == [])
        #expect(try search("자전") == ["빨간 자전거"])
    }

    @Test func phraseFindsSubstringsInATrigramTable() throws {
        #expect(try search("간 자전", table: "grams", phrase: true) == ["빨간 자전거"])
        #expect(try search(#"y "hi" n"#, table: "grams", phrase: true) == [#"say "hi" now"#])
        #expect(try search("e (us", table: "grams", phrase: true) == ["bike (used)"])
        #expect(try search("ike", table: "grams", phrase: true) == ["red bike", "bike (used)"])
    }
}

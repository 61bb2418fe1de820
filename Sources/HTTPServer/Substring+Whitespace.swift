extension Substring {
    /// Without leading and trailing spaces and tabs (header whitespace, RFC 9110).
    func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

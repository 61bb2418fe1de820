/// Reads comma-separated values as RFC 4180 writes them: fields in double quotes may hold
/// commas, line breaks and doubled quotes; lines end in LF or CRLF; a UTF-8 byte order mark at
/// the start is skipped.
struct CSVParser {
    /// Every record of `text`, each a list of fields; a blank line is no record.
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var afterQuote = false
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var iterator = scalars.makeIterator()
        var pending = iterator.next()
        func endField() {
            record.append(String(field))
            field = String.UnicodeScalarView()
            afterQuote = false
        }
        func endRecord() {
            endField()
            if record != [""] { records.append(record) }
            record = []
        }
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty && !afterQuote:
                quoted = true
            case ",":
                endField()
            case "\r" where pending == "\n":
                continue
            case "\n":
                endRecord()
            default:
                field.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty || quoted { endRecord() }
        return records
    }
}

/// Reads comma-separated values as RFC 4180 writes them: fields in double quotes may hold
/// commas, line breaks and doubled quotes; lines end in LF or CRLF; a UTF-8 byte order mark at
/// the start is skipped. Works on the UTF-8 bytes, where every delimiter is one ASCII byte.
struct CSVParser {
    /// Every record of `text`, each a list of fields; a blank line is no record.
    static func records(_ text: String) -> [[String]] {
        var text = text
        return text.withUTF8 { records(bytes: $0) }
    }

    private static func records(bytes: UnsafeBufferPointer<UInt8>) -> [[String]] {
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        let newline = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var afterQuote = false
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            afterQuote = false
        }
        func endRecord() {
            endField()
            if record != [""] { records.append(record) }
            record = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            index += 1
            if quoted {
                if byte == quote {
                    if next == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case quote where field.isEmpty && !afterQuote: quoted = true
            case comma: endField()
            case carriageReturn where next == newline: continue
            case newline: endRecord()
            default: field.append(byte)
            }
        }
        if !field.isEmpty || !record.isEmpty || quoted { endRecord() }
        return records
    }
}

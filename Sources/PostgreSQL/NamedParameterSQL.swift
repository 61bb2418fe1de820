/// A statement whose `:name` parameters were turned into PostgreSQL's `$1`, `$2`… in order of first
/// appearance, read with PostgreSQL's lexical rules so that nothing inside a literal changes: string
/// constants (`'…'`, `E'…'` with backslash escapes), quoted identifiers (`"…"`), dollar-quoted
/// bodies (`$$…$$`, `$tag$…$tag$`), comments (`--…`, nested `/* … */`) and casts (`::`) are left
/// as they are.
///
/// A colon starts a parameter only when a letter or underscore follows it, so an array slice's
/// bounds are written with a space after the colon (`tags[1: n]`). A statement with named
/// parameters may not also have numbered ones (`$1`): the two numberings would clash.
struct NamedParameterSQL {
    /// The statement with `$n` placeholders, as it is prepared.
    let positionalSQL: String
    /// The parameters' names, the first for `$1`.
    let names: [String]
    /// Each name's number: `$1` is 1.
    let numbers: [String: Int]

    init(_ sql: String) throws {
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var names: [String] = []
        // Each name's number, so that a statement of thousands of parameters (a multi-row INSERT)
        // is read in one pass.
        var numbers: [String: Int] = [:]
        var index = 0

        /// Copies bytes up to and including the end of a quoted run opened at `index`.
        func copyQuoted(_ quote: UInt8, backslashEscapes: Bool) {
            output.append(bytes[index])
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                output.append(byte)
                index += 1
                if backslashEscapes && byte == UInt8(ascii: "\\") && index < bytes.count {
                    output.append(bytes[index])
                    index += 1
                } else if byte == quote {
                    // A doubled quote is one quote inside the run.
                    guard index < bytes.count && bytes[index] == quote else { return }
                    output.append(bytes[index])
                    index += 1
                }
            }
        }

        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            let previous = index > 0 ? bytes[index - 1] : 0
            switch byte {
            case UInt8(ascii: "'"):
                let escaped =
                    (previous == UInt8(ascii: "E") || previous == UInt8(ascii: "e"))
                    && (index < 2 || !Self.isIdentifier(bytes[index - 2]))
                copyQuoted(byte, backslashEscapes: escaped)
            case UInt8(ascii: "\""):
                copyQuoted(byte, backslashEscapes: false)
            case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") {
                    output.append(bytes[index])
                    index += 1
                }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                var depth = 0
                repeat {
                    if bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*") {
                        depth += 1
                        output += bytes[index...index + 1]
                        index += 2
                    } else if bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        output += bytes[index...index + 1]
                        index += 2
                    } else {
                        output.append(bytes[index])
                        index += 1
                    }
                } while depth > 0 && index < bytes.count
            case UInt8(ascii: "$") where !Self.isIdentifier(previous):
                if Self.isDigit(next) {
                    throw PostgresError(
                        code: .syntaxError, message: "a statement with named parameters cannot also have numbered ones ($1…)", sql: sql)
                }
                // A dollar quote's tag runs to the next `$`; what is not a tag (`$x` alone) is copied as is.
                var end = index + 1
                while end < bytes.count && Self.isNameCharacter(bytes[end]) { end += 1 }
                guard end < bytes.count && bytes[end] == UInt8(ascii: "$") else {
                    output.append(byte)
                    index += 1
                    continue
                }
                let tag = Array(bytes[index...end])
                output += tag
                index = end + 1
                while index < bytes.count && !bytes[index...].starts(with: tag) {
                    output.append(bytes[index])
                    index += 1
                }
                if index < bytes.count {
                    output += tag
                    index += tag.count
                }
            case UInt8(ascii: ":") where next == UInt8(ascii: ":"):
                output += [byte, next]
                index += 2
            case UInt8(ascii: ":") where Self.isIdentifierStart(next):
                var end = index + 1
                while end < bytes.count && Self.isNameCharacter(bytes[end]) { end += 1 }
                let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                let number =
                    numbers[name]
                    ?? {
                        names.append(name)
                        numbers[name] = names.count
                        return names.count
                    }()
                output += Array("$\(number)".utf8)
                index = end
            default:
                output.append(byte)
                index += 1
            }
        }
        positionalSQL = String(decoding: output, as: UTF8.self)
        self.names = names
        self.numbers = numbers
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// What a parameter's name or a dollar quote's tag is made of.
    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    /// What an unquoted identifier is made of after its first character (`$` too, as in `a$b`).
    private static func isIdentifier(_ byte: UInt8) -> Bool {
        isNameCharacter(byte) || byte == UInt8(ascii: "$")
    }
}

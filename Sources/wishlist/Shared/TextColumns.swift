#if canImport(Glibc)
    import Glibc
#endif

/// Lines of text in aligned columns, measured in terminal cells: a Korean, Chinese or Japanese
/// character or an emoji takes two cells, a combining mark none. When a line is too wide for the
/// terminal, the columns in `cutFirst` (a wish's tags) are cut with "…" first, then the name in
/// `flexibleColumn`, which keeps at least `usefulNameWidth` cells: a name is what a person reads a
/// list for, so a line may then wrap rather than show every name as "…".
struct TextColumns {
    var rows: [[String]]
    /// The column that is cut when a line is too wide.
    var flexibleColumn: Int
    /// Columns given up before the name, each down to one cell, in this order.
    var cutFirst: [Int] = []

    /// The fewest cells a name is cut to (a shorter name keeps its own width).
    static let usefulNameWidth = 10

    /// The lines, columns two spaces apart, no line ending in spaces; cut to `width` cells when given.
    func lines(width: Int?) -> [String] {
        guard let columnCount = rows.map(\.count).max() else { return [] }
        var widths = (0..<columnCount).map { column in
            rows.map { column < $0.count ? Self.cells($0[column]) : 0 }.max() ?? 0
        }
        if let width, flexibleColumn < columnCount {
            var excess = widths.reduce(0, +) + 2 * (columnCount - 1) - width
            for column in cutFirst.filter({ $0 < columnCount }) + [flexibleColumn] where excess > 0 {
                let floor = column == flexibleColumn ? min(widths[column], Self.usefulNameWidth) : min(widths[column], 1)
                let cut = min(excess, widths[column] - floor)
                widths[column] -= cut
                excess -= cut
            }
        }
        let cuttable = Set(cutFirst + [flexibleColumn])
        return rows.map { row in
            let line = row.enumerated().map { column, text in
                let fitted = cuttable.contains(column) ? Self.cut(text, to: widths[column]) : text
                return fitted + String(repeating: " ", count: max(0, widths[column] - Self.cells(fitted)))
            }.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// `text` as it fits in `width` cells, its end replaced by "…" when it does not.
    static func cut(_ text: String, to width: Int) -> String {
        guard cells(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let size = cells(character)
            if used + size > width - 1 { break }
            result.append(character)
            used += size
        }
        return result + "…"
    }

    static func cells(_ text: String) -> Int {
        text.reduce(0) { $0 + cells($1) }
    }

    /// How many terminal cells a character takes, by its first code point's East Asian width.
    static func cells(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
            return 0
        }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    /// The East Asian Wide and Fullwidth blocks, and the emoji ones, of Unicode.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x3FFFD
    ]

    /// `$COLUMNS` when set, else the terminal's width when standard output is one, else nil:
    /// nothing is cut when piped.
    static var terminalWidth: Int? { width(of: STDOUT_FILENO) }

    /// `$COLUMNS` when set, else the width of the terminal `descriptor` is, else nil.
    static func width(of descriptor: Int32) -> Int? {
        if let columns = Environment.value("COLUMNS").flatMap(Int.init), columns > 0 { return columns }
        guard isatty(descriptor) != 0 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

import Foundation

/// Which encoding a page's bytes are in, following the HTML standard's order: a byte-order mark,
/// then the HTTP header, then a `<meta>` near the top; and which iconv name decodes it.
enum Charset {
    /// How far into the page a `<meta charset>` is looked for. The standard says 1024 bytes;
    /// real pages put scripts and comments first, so look further.
    static let prescanLength = 8192

    /// The iconv name to decode `bytes` with; nil when nothing is declared (the parser then
    /// reads UTF-8, as browsers mostly do today).
    static func encoding(headerCharset: String?, bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if let label = headerCharset, let name = iconvName(label: label) { return name }
        return declaredInMeta(bytes.prefix(prescanLength)).flatMap { iconvName(label: $0) }
    }

    /// The iconv name for a charset label, using the encodings browsers really use for each
    /// label: euc-kr pages are decoded as CP949 (its superset, which Korean sites need),
    /// Shift_JIS as CP932, GB2312/GBK as GB18030 and Latin-1 as Windows-1252.
    static func iconvName(label: String) -> String? {
        let label = label.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !label.isEmpty, label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) })
        else { return nil }
        for (labels, name) in aliases where labels.contains(label) { return name }
        // A page declaring UTF-16 in ASCII-compatible bytes is really UTF-8 (HTML standard).
        if label.hasPrefix("utf-16") { return "UTF-8" }
        return label.uppercased()
    }

    private static let aliases: [(Set<String>, String)] = [
        (["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"], "UTF-8"),
        (
            [
                "euc-kr", "cp949", "windows-949", "x-windows-949", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601",
                "korean", "iso-ir-149", "csksc56011987"
            ], "CP949"
        ),
        (["shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "ms932", "cp932", "windows-31j", "csshiftjis"], "CP932"),
        (["euc-jp", "x-euc-jp", "cseucpkdfmtjapanese"], "EUC-JP"),
        (["gbk", "gb2312", "gb_2312", "gb_2312-80", "chinese", "csgb2312", "x-gbk", "iso-ir-58", "gb18030"], "GB18030"),
        (
            [
                "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "ascii", "us-ascii", "windows-1252", "cp1252",
                "x-cp1252", "cp819", "ibm819", "csisolatin1", "iso-ir-100"
            ], "WINDOWS-1252"
        )
    ]

    /// The label of the first `<meta charset>` or `<meta http-equiv="Content-Type" content="…; charset=…">`.
    static func declaredInMeta(_ prefix: ArraySlice<UInt8>) -> String? {
        // Every byte maps to one character, so ASCII markup reads right in any ASCII-compatible encoding.
        let text = String(prefix.map { Character(Unicode.Scalar($0)) }).lowercased()
        for match in text.matches(of: #/<meta\b[^>]*>/#) {
            let tag = match.output
            if let value = tag.firstMatch(of: #/charset\s*=\s*["']?\s*([a-z0-9_:.\-]+)/#) {
                return String(value.output.1)
            }
        }
        return nil
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a journal command's contents come from: `--text`, else standard input when it is a file
/// or a pipe (`wishlist journal add "Title" < note.txt`), else none.
enum JournalText {
    static let textOption = Option(
        "--text", "TEXT", help: "The contents; without it, read from standard input when that is a file or pipe.")

    static func read(_ text: String?) -> String? {
        if let text { return text }
        guard isatty(FileHandle.standardInput.fileDescriptor) == 0 else { return nil }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        return data.isEmpty ? nil : String(decoding: data, as: UTF8.self)
    }

    /// Today in this computer's time zone, as a journal date (`YYYY-MM-DD`).
    static func today() -> String {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A progress bar for long work, drawn on standard error and only when that is a terminal:
/// piped or redirected, a command prints nothing extra. It is redrawn in place and erased when
/// the work ends, so what the command prints next starts on a clean line.
struct ProgressBar {
    let title: String
    /// The amount of work in all, in any unit (bytes, say).
    let total: Int
    /// The terminal's width; nil when standard error is not a terminal.
    private let width: Int?

    init(title: String, total: Int) {
        self.title = title
        self.total = total
        width = isatty(STDERR_FILENO) != 0 ? TextColumns.width(of: STDERR_FILENO) ?? 80 : nil
    }

    /// Draws the bar at `done` of `total`, `label` (e.g. `2/5`) after it.
    func show(_ done: Int, label: String) {
        guard let width else { return }
        // One cell spare: a line that fills the terminal exactly wraps on some terminals.
        let room = max(10, width - 1 - TextColumns.cells(title) - TextColumns.cells(label) - 4)
        let filled = total > 0 ? room * min(max(done, 0), total) / total : room
        Self.write(
            "\r\(title) [\(String(repeating: "#", count: filled))\(String(repeating: ".", count: room - filled))] \(label)\u{1B}[K")
    }

    /// Erases the bar.
    func finish() {
        guard width != nil else { return }
        Self.write("\r\u{1B}[K")
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

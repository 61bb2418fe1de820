/// One mapping of a file as `/proc/self/smaps` lists it: where, with which permissions, and how
/// much of it is resident and how much is the process's own (copied on write).
struct FileMapping: Equatable {
    var start: UInt
    var end: UInt
    var permissions: String
    var path: String
    var residentBytes: Int
    var anonymousBytes: Int

    /// Resident, read-only and nothing of it written: dropping its pages loses nothing.
    var canBeDropped: Bool {
        residentBytes > 0 && !permissions.contains("w") && anonymousBytes == 0
    }

    /// The mappings of files in `smaps` (the text of `/proc/PID/smaps`); anonymous memory and the
    /// kernel's own (`[vdso]`, `[stack]`…) are left out.
    static func all(in smaps: String) -> [FileMapping] {
        var mappings: [FileMapping] = []
        var current: FileMapping?
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.last != ":" {
                // A mapping's first line: "start-end perms offset device inode [path]".
                if let done = current { mappings.append(done) }
                current = nil
                let bounds = first.split(separator: "-")
                guard fields.count >= 6, fields[5].hasPrefix("/"), bounds.count == 2,
                    let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16)
                else { continue }
                current = FileMapping(
                    start: start, end: end, permissions: String(fields[1]), path: fields[5...].joined(separator: " "),
                    residentBytes: 0, anonymousBytes: 0)
            } else if current != nil, fields.count >= 2, let kilobytes = Int(fields[1]) {
                switch first {
                case "Rss:": current?.residentBytes = kilobytes * 1024
                case "Anonymous:": current?.anonymousBytes = kilobytes * 1024
                default: break
                }
            }
        }
        if let done = current { mappings.append(done) }
        return mappings
    }
}

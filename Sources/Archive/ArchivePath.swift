/// The check every entry name passes before anything is read: names that could write outside the
/// folder an archive is extracted into are refused, not repaired.
enum ArchivePath {
    /// `name` as relative components joined by `/` (`./` and repeated slashes dropped), or nil for
    /// a name that is empty, absolute, has a `..` component, a backslash or a control character.
    static func normalized(_ name: String) -> String? {
        guard !name.hasPrefix("/"),
            !name.unicodeScalars.contains(where: { $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        let components = name.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !components.isEmpty, !components.contains("..") else { return nil }
        // A Windows drive ("C:") reads as a relative name here but not to every unzip tool.
        if let first = components.first, first.count == 2, first.last == ":" { return nil }
        return components.joined(separator: "/")
    }
}

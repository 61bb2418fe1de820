import Foundation

/// A PostgreSQL URL's password, kept out of what others can read: logs and messages show the URL
/// masked, and the client programs (`pg_dump`, `pg_restore`) get it without the password, which
/// goes in their environment (`PGPASSWORD`), since any user of the machine can read a process's
/// command line. libpq takes the password in the user part (`user:password@`) or as a
/// `password=` parameter; both are handled, percent-encoded or not.
public enum DatabaseURL {
    /// `url` with its password replaced by `***`.
    public static func masked(_ url: String) -> String {
        rewritten(url, password: "***").url
    }

    /// `url` without its password, and the password (percent-decoded); nil when there is none.
    public static func splittingPassword(_ url: String) -> (url: String, password: String?) {
        rewritten(url, password: nil)
    }

    /// `url` with each password replaced by `replacement` (removed when nil), and the password.
    private static func rewritten(_ url: String, password replacement: String?) -> (url: String, password: String?) {
        var text = url
        var password: String?
        if let scheme = text.range(of: "://") {
            let authority = text[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" }
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                password = String(text[text.index(after: colon)..<at])
                let removed = replacement == nil ? colon..<at : text.index(after: colon)..<at
                text.replaceSubrange(removed, with: replacement ?? "")
            }
        }
        if let question = text.firstIndex(of: "?") {
            var parameters = text[text.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map(String.init)
            if let index = parameters.firstIndex(where: { $0.hasPrefix("password=") }) {
                password = String(parameters[index].dropFirst("password=".count))
                if let replacement { parameters[index] = "password=" + replacement } else { parameters.remove(at: index) }
                text = String(text[..<question]) + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
            }
        }
        return (text, password.map { $0.removingPercentEncoding ?? $0 })
    }
}

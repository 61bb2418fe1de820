import Foundation

/// What was shared into the app while signed out (W7), as it waits for the sign-in that makes a
/// wish of it (`PendingShareRepository`).
public struct PendingShare: Sendable, Equatable {
    public var name: String?
    public var title: String?
    public var text: String?
    public var link: String?
    public var files: [Data]

    public init(name: String?, title: String?, text: String?, link: String?, files: [Data]) {
        self.name = name
        self.title = title
        self.text = text
        self.link = link
        self.files = files
    }

    /// The files' bytes in all, which the limit of what waits counts.
    var bytes: Int { files.reduce(0) { $0 + $1.count } }
}

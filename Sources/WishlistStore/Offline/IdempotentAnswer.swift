import Foundation

/// A write's answer as kept for replay: its status, the headers its handler set, and its body.
public struct IdempotentAnswer: Sendable, Equatable {
    public var status: Int
    /// In the order the handler set them; names as it spelled them.
    public var headers: [[String]]
    public var body: Data

    /// An answer with these parts.
    public init(status: Int, headers: [[String]], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

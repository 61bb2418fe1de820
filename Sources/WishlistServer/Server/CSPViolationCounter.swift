import Foundation
import Synchronization

/// Counts the Content-Security-Policy violations browsers report, per directive (`script-src-elem`,
/// `style-src-attr`…), so an attempt to run what someone typed shows up as a number. Anyone may
/// post reports, so the log gets at most `logLinesPerMinute` lines a minute, however many arrive.
final class CSPViolationCounter: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        var logMinute: Int = -1
        var linesThisMinute = 0
    }

    /// Directives kept apart; a longer or unknown one is counted as `other`, so that posted
    /// nonsense cannot grow the table.
    static let maximumDirectiveLength = 40
    static let logLinesPerMinute = 10

    private let state = Mutex(State())
    private let logger: (@Sendable (String) -> Void)?
    private let clock: @Sendable () -> Date

    init(logger: (@Sendable (String) -> Void)?, clock: @escaping @Sendable () -> Date) {
        self.logger = logger
        self.clock = clock
    }

    /// Violations counted so far, by directive.
    var counts: [String: Int] { state.withLock { $0.counts } }

    /// Violations of directives starting with `prefix` (`script-src` counts `script-src-elem` too).
    func count(of prefix: String) -> Int {
        counts.filter { $0.key.hasPrefix(prefix) }.values.reduce(0, +)
    }

    func record(directive: String, blocked: String, document: String) {
        let key = Self.knownDirective(directive)
        let minute = Int(clock().timeIntervalSince1970 / 60)
        let logs = state.withLock { state -> Bool in
            state.counts[key, default: 0] += 1
            if state.logMinute != minute { (state.logMinute, state.linesThisMinute) = (minute, 0) }
            state.linesThisMinute += 1
            return state.linesThisMinute <= Self.logLinesPerMinute
        }
        if logs {
            logger?("csp: \(key) blocked \(Self.loggable(blocked)) on \(Self.loggable(document))")
        }
    }

    /// A directive name as CSP spells them (letters and dashes), else `other`.
    private static func knownDirective(_ directive: String) -> String {
        let name = directive.split(separator: " ").first.map(String.init) ?? ""
        guard !name.isEmpty, name.count <= maximumDirectiveLength,
            name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" })
        else { return "other" }
        return name
    }

    /// Short and free of control characters, so a report cannot forge or flood log lines.
    private static func loggable(_ text: String) -> String {
        String(text.prefix(120).unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}

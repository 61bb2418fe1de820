import Foundation
import Synchronization

/// Temporary files that belong to one request and are deleted when it completes.
final class TemporaryFiles: Sendable {
    private let paths = Mutex<[String]>([])

    func register(_ path: String) {
        paths.withLock { $0.append(path) }
    }

    func removeAll() {
        let taken = paths.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        for path in taken { unlink(path) }
    }
}

import CMicroHTTPD
import Synchronization

/// The connections suspended while a worker runs their handler.
///
/// A connection is resumed exactly once: by its worker with the handler's
/// answer, or by `stop()` with a 503 when the worker is still busy after the
/// grace period (the daemon refuses to stop while any connection is
/// suspended). Both happen under one lock, so neither can resume a connection
/// the other already handed back to the daemon.
final class SuspendedConnections: Sendable {
    private struct Entry: @unchecked Sendable {
        let context: RequestContext
        let connection: OpaquePointer
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    /// Suspends the connection. Call from the access handler, before handing the request to a worker.
    func suspend(_ context: RequestContext, connection: OpaquePointer) {
        entries.withLock { entries in
            MHD_suspend_connection(connection)
            entries[ObjectIdentifier(context)] = Entry(context: context, connection: connection)
        }
    }

    /// Hands `response` to the request and resumes its connection; the daemon
    /// then calls the access handler again, which queues it. Does nothing if
    /// the connection was already resumed by `resumeAll`.
    func resume(_ context: RequestContext, with response: Response) {
        entries.withLock { entries in
            guard let entry = entries.removeValue(forKey: ObjectIdentifier(context)) else { return }
            entry.context.response = response
            MHD_resume_connection(entry.connection)
        }
    }

    /// Resumes every suspended connection with `response`.
    func resumeAll(with response: Response) {
        entries.withLock { entries in
            for entry in entries.values {
                entry.context.response = response
                MHD_resume_connection(entry.connection)
            }
            entries.removeAll()
        }
    }
}

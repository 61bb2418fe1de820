import Foundation

/// A throwaway PostgreSQL 15 cluster, started once per test process at its first use and stopped
/// when the process exits: `initdb` in a new temporary folder, the server on a unix socket in that
/// folder and on no TCP port at all, every durability setting off (nothing in it outlives the run).
///
/// `initdb` and the server refuse to run as root, so under root (as in CI) both run as the
/// `postgres` user that Debian's package creates, in a folder that user owns. The server is
/// started through `setpriv --pdeathsig`, from a thread that never ends, so that it dies with the
/// test process even when that process is killed and cannot stop it.
///
/// Missing server programs are an error with the way to install them, never a skipped test:
/// `make test` installs `postgresql-15`.
public final class PostgresTestCluster: Sendable {
    /// The folder holding the cluster's data, its log and its socket.
    public let directory: String
    /// Whether libpq was mapped into this process before the cluster started, that is before any
    /// test could open a connection: it must not have been, since the PostgreSQL module loads it
    /// only at the first connection. This holds only while every test that touches PostgreSQL (even
    /// to fail to connect) asks for the cluster first, as `TestDatabase` does.
    public let libpqWasMappedBeforeStart: Bool

    /// The cluster of this process, started at the first call; the error that stopped it, at every call.
    public static func shared() throws -> PostgresTestCluster {
        try started.get()
    }

    /// A URL of `database` on this cluster, as the superuser `postgres`, with more query parameters if given.
    public func url(database: String = "postgres", parameters: [(String, String)] = []) -> String {
        let query = ([("host", directory)] + parameters).map { "\($0)=\($1)" }.joined(separator: "&")
        return "postgresql://postgres@/\(database)?\(query)"
    }

    /// Whether a shared library whose file name starts with `prefix` (e.g. `libpq.so`) is mapped
    /// into this process now.
    public static func isMapped(_ prefix: String) -> Bool {
        // /proc files report a size of 0, which makes String(contentsOfFile:) read only part of them.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"), let data = try? handle.readToEnd() else { return false }
        try? handle.close()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").contains { line in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last else { return false }
            return (path as NSString).lastPathComponent.hasPrefix(prefix)
        }
    }

    /// Where Debian's postgresql-15 puts the server programs.
    static let programs = "/usr/lib/postgresql/15/bin"

    private static let started = Result { try PostgresTestCluster() }

    /// The server's process id, for stopping it at exit.
    private static let serverPID = Locked<pid_t>(0)
    private static let stopDirectory = Locked<String>("")

    private init() throws {
        libpqWasMappedBeforeStart = Self.isMapped("libpq.so")
        for program in ["initdb", "postgres"] where !FileManager.default.isExecutableFile(atPath: "\(Self.programs)/\(program)") {
            throw PostgresTestClusterError(
                "PostgreSQL 15's \(program) is not at \(Self.programs)/\(program): install Debian's postgresql-15 "
                    + "(`make deps-test` does) to run the PostgreSQL tests")
        }
        let owner = try Self.clusterOwner()
        Self.removeFoldersOfDeadRuns()
        // Short: a unix socket's whole path must fit in 107 bytes.
        directory = "\(Self.parent)/wishlist-pg-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        if let owner, chown(directory, owner.uid, owner.gid) != 0 {
            throw PostgresTestClusterError("could not give \(directory) to the postgres user: \(String(cString: strerror(errno)))")
        }
        let data = "\(directory)/data"
        let log = "\(directory)/server.log"
        try Self.run(
            (owner == nil ? [] : ["/usr/sbin/runuser", "-u", "postgres", "--"])
                + ["\(Self.programs)/initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"],
            log: log)
        let server = try ChildServer.launch(
            (owner == nil ? ["/usr/bin/setpriv"] : ["/usr/bin/setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"])
                + ["--pdeathsig", "QUIT", "--", "\(Self.programs)/postgres", "-D", data, "-k", directory]
                + Self.settings.flatMap { ["-c", "\($0)=\($1)"] },
            log: log)
        Self.serverPID.value = server.processIdentifier
        Self.stopDirectory.value = directory
        atexit { PostgresTestCluster.stop() }
        try waitUntilReady(server, data: data, log: log)
    }

    /// A test process that was killed could not remove its cluster's folder (its server died with
    /// it): the folders whose process is gone are removed by the next run.
    private static func removeFoldersOfDeadRuns() {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: Self.parent)) ?? []
        for entry in entries where entry.hasPrefix("wishlist-pg-") {
            guard let pid = entry.split(separator: "-").dropFirst(2).first.flatMap({ pid_t($0) }),
                kill(pid, 0) != 0 && errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(atPath: "\(Self.parent)/\(entry)")
        }
    }

    /// Where the cluster's folder goes: memory (/dev/shm) where there is one. On disk, a test run's
    /// databases (several gigabytes written, each a copy of the catalogs) took a minute and a half
    /// to write and remove again on this project's machines, whose disk is told of every freed block.
    private static let parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"

    /// No TCP at all; durability off, since the cluster is thrown away; small buffers, since it is
    /// one of many things a test run starts.
    private static let settings = [
        ("listen_addresses", ""), ("fsync", "off"), ("synchronous_commit", "off"), ("full_page_writes", "off"),
        ("shared_buffers", "16MB"), ("max_connections", "1000"), ("logging_collector", "off")
    ]

    /// The postgres user's ids when this process is root, nil otherwise.
    private static func clusterOwner() throws -> (uid: uid_t, gid: gid_t)? {
        guard getuid() == 0 else { return nil }
        guard let entry = getpwnam("postgres") else {
            throw PostgresTestClusterError("running as root, and there is no postgres user to run initdb as: install postgresql-15")
        }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    private static func run(_ arguments: [String], log: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PostgresTestClusterError("\(arguments.joined(separator: " ")) failed: \(ChildServer.tail(of: log))")
        }
    }

    /// Waits for the server to say it accepts connections: the last line of `postmaster.pid` turns
    /// `ready`. Fails with the server's log when it exits first or takes over a minute.
    private func waitUntilReady(_ server: Process, data: String, log: String) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let pidFile = try? String(contentsOfFile: "\(data)/postmaster.pid", encoding: .utf8),
                pidFile.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }).last == "ready"
            {
                return
            }
            guard server.isRunning else {
                throw PostgresTestClusterError("the PostgreSQL server exited as it started: \(ChildServer.tail(of: log))")
            }
            usleep(20_000)
        }
        throw PostgresTestClusterError("the PostgreSQL server was not ready after a minute: \(ChildServer.tail(of: log))")
    }

    /// At exit: an immediate shutdown (nothing in the cluster is worth a checkpoint), waiting until
    /// the server has removed its pid file, then the folder goes.
    private static func stop() {
        let pid = serverPID.value
        let directory = stopDirectory.value
        guard pid > 0 else { return }
        kill(pid, SIGQUIT)
        let deadline = Date().addingTimeInterval(10)
        while FileManager.default.fileExists(atPath: "\(directory)/data/postmaster.pid") && Date() < deadline {
            usleep(10_000)
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Why the test cluster could not start, in words that say what to do.
public struct PostgresTestClusterError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

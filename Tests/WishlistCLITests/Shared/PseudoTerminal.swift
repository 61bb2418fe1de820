import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal: a child process given `child` as a standard stream sees a terminal
/// (`isatty` is true), and what it writes there is read from the other end.
struct PseudoTerminal {
    struct OpenFailure: Error {}

    let child: FileHandle
    private let parent: Int32

    init() throws {
        var parent: Int32 = -1
        var child: Int32 = -1
        guard openpty(&parent, &child, nil, nil, nil) == 0 else { throw OpenFailure() }
        self.parent = parent
        self.child = FileHandle(fileDescriptor: child, closeOnDealloc: true)
    }

    /// Everything written, once every process holding the child end has closed it (the read then
    /// fails with EIO, which is the end here); closes the parent end.
    func readToEnd() -> Data {
        defer { close(parent) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(parent, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return data }
            data.append(contentsOf: buffer[..<count])
        }
    }
}

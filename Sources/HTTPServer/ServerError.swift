import Foundation

/// Why a `Server` could not start.
public enum ServerError: Error, Equatable, CustomStringConvertible {
    case invalidAddress(String)
    case addressInUse(host: String, port: UInt16)
    case socketFailed(operation: String, errno: Int32)
    case daemonFailed
    case alreadyStarted

    public var description: String {
        switch self {
        case .invalidAddress(let host): return "'\(host)' is not an IP address to listen on."
        case .addressInUse(let host, let port): return "\(host):\(port) is already in use."
        case .socketFailed(let operation, let code): return "\(operation) failed: \(String(cString: strerror(code)))"
        case .daemonFailed: return "libmicrohttpd could not start."
        case .alreadyStarted: return "The server is already running."
        }
    }
}

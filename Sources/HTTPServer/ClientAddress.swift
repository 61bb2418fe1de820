import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The address of the client a request came from: the connection's peer, or, when that peer is a
/// reverse proxy the server trusts, the address the proxy says it forwarded for.
///
/// A proxy appends the address it received the request from to `X-Forwarded-For`; what comes
/// before it in the header is whatever the client sent, and anyone can send anything. So the
/// header is read from the right: each trusted proxy's entry is passed over, and the first address
/// that is not a trusted proxy's is the client's. Anything but an IP address there (a forged or
/// damaged header) leaves the address the last trusted hop, as if the header were absent.
public enum ClientAddress {
    static func of(peer: String, forwardedFor: String?, trustedProxies: Set<String>) -> String {
        guard trustedProxies.contains(peer), let forwardedFor else { return peer }
        var client = peer
        for hop in forwardedFor.split(separator: ",").reversed() {
            let address = hop.trimmingWhitespace()
            guard isIPAddress(address) else { return client }
            client = address
            if !trustedProxies.contains(address) { return address }
        }
        return client
    }

    /// Whether `text` is an IPv4 or IPv6 address as `inet_pton` reads them.
    public static func isIPAddress(_ text: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
    }
}

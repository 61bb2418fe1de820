/// Which IP addresses an outbound request may connect to: public unicast only.
///
/// A link a person pastes must not make the server talk to itself, its network or the cloud's
/// metadata service (server-side request forgery). The rules are applied to the address libcurl
/// is about to connect to, after DNS, so a name that resolves (or re-resolves) to a private
/// address is caught as well as a literal one, however it was spelled.
public enum AddressRules {
    /// Why an IPv4 address is refused, or nil when it is a public unicast address.
    ///
    /// The ranges are IANA's special-purpose registry (RFC 6890 and its updates).
    public static func refusal(ipv4 address: UInt32) -> String? {
        for (prefix, length, reason) in ipv4Ranges where matches(address, prefix, length) {
            return reason
        }
        return nil
    }

    /// Why an IPv6 address is refused, or nil when it is a public unicast address.
    ///
    /// Only global unicast (2000::/3) is allowed, less its special blocks; forms that embed an
    /// IPv4 address (mapped, NAT64, 6to4) are judged by the IPv4 address inside.
    public static func refusal(ipv6 bytes: [UInt8]) -> String? {
        guard bytes.count == 16 else { return "not an IPv6 address" }
        let prefix96 = bytes[0..<12]
        if prefix96.allSatisfy({ $0 == 0 }) {
            // ::, ::1 and the deprecated IPv4-compatible form ::a.b.c.d: none is a place to go.
            return "unspecified, loopback or IPv4-compatible IPv6 address"
        }
        if prefix96.elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) {
            return refusal(ipv4: ipv4(bytes[12..<16])).map { "IPv4-mapped \($0)" }
        }
        if prefix96.elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) {
            return refusal(ipv4: ipv4(bytes[12..<16])).map { "NAT64 \($0)" }
        }
        if bytes[0] == 0x20, bytes[1] == 0x02 {
            return refusal(ipv4: ipv4(bytes[2..<6])).map { "6to4 \($0)" }
        }
        guard bytes[0] & 0xE0 == 0x20 else {
            switch bytes[0] {
            case 0xFC, 0xFD: return "unique local address (fc00::/7)"
            case 0xFE where bytes[1] & 0xC0 == 0x80: return "link-local address (fe80::/10)"
            case 0xFF: return "multicast address"
            default: return "not a global unicast address"
            }
        }
        // Inside 2000::/3: IETF protocol assignments (Teredo, ORCHID…) and documentation.
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] & 0xFE == 0 { return "IETF special-purpose address (2001::/23)" }
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0x0D, bytes[3] == 0xB8 { return "documentation address (2001:db8::/32)" }
        if bytes[0] == 0x3F, bytes[1] == 0xFF, bytes[2] & 0xF0 == 0 { return "documentation address (3fff::/20)" }
        return nil
    }

    private static let ipv4Ranges: [(prefix: UInt32, length: Int, reason: String)] = [
        (0x0000_0000, 8, "unspecified (\"this network\") address"),
        (0x0A00_0000, 8, "private address (10/8)"),
        (0x6440_0000, 10, "shared (CGNAT) address (100.64/10)"),
        (0x7F00_0000, 8, "loopback address"),
        (0xA9FE_0000, 16, "link-local address (169.254/16)"),
        (0xAC10_0000, 12, "private address (172.16/12)"),
        (0xC000_0000, 24, "IETF protocol address (192.0.0/24)"),
        (0xC000_0200, 24, "documentation address (192.0.2/24)"),
        (0xC058_6300, 24, "6to4 relay address (192.88.99/24)"),
        (0xC0A8_0000, 16, "private address (192.168/16)"),
        (0xC612_0000, 15, "benchmarking address (198.18/15)"),
        (0xC633_6400, 24, "documentation address (198.51.100/24)"),
        (0xCB00_7100, 24, "documentation address (203.0.113/24)"),
        (0xE000_0000, 4, "multicast address"),
        (0xF000_0000, 4, "reserved or broadcast address")
    ]

    private static func matches(_ address: UInt32, _ prefix: UInt32, _ length: Int) -> Bool {
        let mask: UInt32 = length == 0 ? 0 : ~UInt32(0) << (32 - length)
        return address & mask == prefix
    }

    private static func ipv4(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}

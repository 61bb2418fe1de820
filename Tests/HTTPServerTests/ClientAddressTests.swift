import Testing

@testable import HTTPServer

/// Who a request came from: the peer, unless it is a trusted proxy, whose `X-Forwarded-For` is
/// then read from the right, past the other trusted proxies, and only as far as it holds addresses.
@Suite struct ClientAddressTests {
    let proxies: Set<String> = ["10.0.0.2", "10.0.0.3"]

    @Test func aClientsOwnHeaderIsIgnored() {
        #expect(ClientAddress.of(peer: "203.0.113.9", forwardedFor: "198.51.100.1", trustedProxies: proxies) == "203.0.113.9")
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: "198.51.100.1", trustedProxies: []) == "10.0.0.2")
    }

    @Test func aTrustedProxyNamesTheClient() {
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: "198.51.100.1", trustedProxies: proxies) == "198.51.100.1")
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: "2001:db8::7", trustedProxies: proxies) == "2001:db8::7")
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: nil, trustedProxies: proxies) == "10.0.0.2")
    }

    /// What the client wrote before the proxies' entries is not believed: only the last address
    /// that no trusted proxy holds.
    @Test func onlyTheEntriesTrustedProxiesAddedCount() {
        let forged = "1.2.3.4, 198.51.100.1, 10.0.0.3"
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: forged, trustedProxies: proxies) == "198.51.100.1")
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: "10.0.0.3", trustedProxies: proxies) == "10.0.0.3")
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: " 198.51.100.1 ,\t10.0.0.3\t", trustedProxies: proxies) == "198.51.100.1")
    }

    @Test func anythingButAnAddressStopsTheReading() {
        for damaged in ["", "unknown", "<script>", "198.51.100.1:443", String(repeating: "9", count: 5_000)] {
            #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: damaged, trustedProxies: proxies) == "10.0.0.2", "\(damaged)")
        }
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: "junk, 198.51.100.1", trustedProxies: proxies) == "198.51.100.1")
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: "198.51.100.1, junk", trustedProxies: proxies) == "10.0.0.2")
    }
}

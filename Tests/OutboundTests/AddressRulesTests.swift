import Foundation
import Testing

@testable import Outbound

@Suite struct AddressRulesTests {
    private static func ipv4(_ text: String) -> UInt32 {
        var address = in_addr()
        precondition(inet_pton(AF_INET, text, &address) == 1, text)
        return UInt32(bigEndian: address.s_addr)
    }

    private static func ipv6(_ text: String) -> [UInt8] {
        var address = in6_addr()
        precondition(inet_pton(AF_INET6, text, &address) == 1, text)
        return withUnsafeBytes(of: address) { Array($0) }
    }

    @Test(arguments: [
        "0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.254", "127.0.0.1",
        "127.255.0.1", "169.254.169.254", "172.16.0.1", "172.31.255.255", "192.0.0.8", "192.0.2.1",
        "192.88.99.1", "192.168.1.1", "198.18.0.1", "198.19.255.255", "198.51.100.7", "203.0.113.9",
        "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255"
    ])
    func refusesSpecialIPv4(_ address: String) {
        #expect(AddressRules.refusal(ipv4: Self.ipv4(address)) != nil)
    }

    @Test(arguments: [
        "8.8.8.8", "1.1.1.1", "93.184.216.34", "100.63.255.255", "100.128.0.1", "172.15.255.255", "172.32.0.1",
        "192.169.0.1", "198.20.0.1", "223.255.255.255"
    ])
    func allowsPublicIPv4(_ address: String) {
        #expect(AddressRules.refusal(ipv4: Self.ipv4(address)) == nil)
    }

    @Test(arguments: [
        "::", "::1", "::127.0.0.1", "::ffff:127.0.0.1", "::ffff:10.1.2.3", "::ffff:169.254.169.254", "64:ff9b::7f00:1",
        "64:ff9b::a9fe:a9fe", "64:ff9b:1::1", "2002:7f00:1::", "2002:c0a8:101::1", "fc00::1", "fd12:3456::1",
        "fe80::1", "febf::1", "fec0::1", "ff02::1", "2001::1", "2001:db8::1", "3fff::1", "100::1"
    ])
    func refusesSpecialIPv6(_ address: String) {
        #expect(AddressRules.refusal(ipv6: Self.ipv6(address)) != nil)
    }

    @Test(arguments: ["2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])
    func allowsPublicIPv6(_ address: String) {
        #expect(AddressRules.refusal(ipv6: Self.ipv6(address)) == nil)
    }
}

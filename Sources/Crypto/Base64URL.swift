import CSodium

/// URL-safe base64 without padding (RFC 4648 §5), as used for tokens in cookies and headers.
public enum Base64URL {
    public static func encode(_ bytes: [UInt8]) -> String {
        Sodium.ready()
        let variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING
        let length = sodium_base64_encoded_len(bytes.count, variant)
        var output = [CChar](repeating: 0, count: length)
        bytes.withUnsafeBufferPointer { input in
            _ = sodium_bin2base64(&output, length, input.baseAddress, input.count, variant)
        }
        return String(nulTerminated: output)
    }

    /// The bytes of `text`, or nil when it is not exactly URL-safe base64 without padding
    /// (standard base64's `+` and `/`, padding, whitespace and trailing bits are all refused).
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard !input.isEmpty else { return [] }
        Sodium.ready()
        var output = [UInt8](repeating: 0, count: input.count * 3 / 4 + 1)
        var length = 0
        let status = input.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { input in
                sodium_base642bin(
                    &output, output.count, input.baseAddress, input.count, nil, &length, nil,
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING)
            }
        }
        guard status == 0 else { return nil }
        return Array(output.prefix(length))
    }
}

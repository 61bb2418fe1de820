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
}

import Foundation

/// A value that writes its own JSON with a `JSONWriter`, byte for byte what its `Encodable`
/// conformance gives with `JSONCoding.encoder()`; the server uses it for its largest answers.
public protocol JSONWritable {
    func write(to json: inout JSONWriter) throws
}

extension String: JSONWritable {
    public func write(to json: inout JSONWriter) { json.string(self) }
}

extension Int: JSONWritable {
    public func write(to json: inout JSONWriter) { json.int(self) }
}

extension Bool: JSONWritable {
    public func write(to json: inout JSONWriter) { json.bool(self) }
}

extension Double: JSONWritable {
    public func write(to json: inout JSONWriter) throws { try json.double(self) }
}

extension Decimal: JSONWritable {
    public func write(to json: inout JSONWriter) { json.decimal(self) }
}

extension Date: JSONWritable {
    public func write(to json: inout JSONWriter) { json.date(self) }
}

/// `null` when absent, as the API writes every optional member.
extension Optional: JSONWritable where Wrapped: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        if let value = self { try value.write(to: &json) } else { json.null() }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func write(to json: inout JSONWriter) throws { try json.array(self) }
}

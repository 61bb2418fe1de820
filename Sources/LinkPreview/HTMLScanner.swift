import CHTMLMeta

/// Runs libxml2's HTML parser (through `CHTMLMeta`, which keeps libxml2's headers away from
/// Swift) and collects the elements a preview reads.
enum HTMLScanner {
    /// The elements of interest in document order; nil when the bytes could not be parsed
    /// in `encoding` (an iconv name; nil lets the parser decide).
    static func elements(in bytes: [UInt8], encoding: String?) -> [HTMLElement]? {
        var collector = Collector()
        let status = withUnsafeMutablePointer(to: &collector) { context in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    chtml_scan(characters.baseAddress, characters.count, encoding, collectElement, context)
                }
            }
        }
        return status == 0 ? collector.elements : nil
    }

    fileprivate struct Collector {
        var elements: [HTMLElement] = []
    }
}

/// The scanner's visitor: a plain function (a closure could be isolated to an actor), handed the
/// collector as its context. libxml2 gives UTF-8 whatever the page's encoding was.
private func collectElement(_ context: UnsafeMutableRawPointer?, _ element: UnsafePointer<chtml_element>?) {
    guard let context, let element = element?.pointee, let name = element.name else { return }
    var attributes: [String: String] = [:]
    if let pairs = element.attributes {
        for index in 0..<Int(element.attribute_count) {
            guard let key = pairs[2 * index], let value = pairs[2 * index + 1] else { continue }
            let keyText = String(cString: key).lowercased()
            if attributes[keyText] == nil { attributes[keyText] = String(cString: value) }
        }
    }
    let collector = context.assumingMemoryBound(to: HTMLScanner.Collector.self)
    collector.pointee.elements.append(
        HTMLElement(name: String(cString: name), attributes: attributes, text: element.text.map { String(cString: $0) })
    )
}

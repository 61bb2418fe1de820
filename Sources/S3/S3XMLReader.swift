import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads the flat XML S3 answers with (Foundation's XMLParser, libxml2 underneath): each element
/// whose children are text-only fields, with those fields by name. `<Contents><Key>a</Key>…` gives
/// an element "Contents" with the field Key = "a"; `<ListBucketResult>`'s own fields (IsTruncated,
/// NextContinuationToken) come in an element of its name. Nothing deeper is needed.
final class S3XMLReader: NSObject, XMLParserDelegate {
    struct Element {
        let name: String
        var fields: [String: String] = [:]
    }

    private(set) var elements: [Element] = []
    /// The open elements, outermost first: the index of each in `elements`, and whether an element
    /// opened inside it (then it is not a field).
    private var open: [(index: Int, hasChildren: Bool)] = []
    private var text = ""

    /// Parses `xml`; false when it is not well-formed XML.
    func read(_ xml: [UInt8]) -> Bool {
        let parser = XMLParser(data: Data(xml))
        parser.delegate = self
        // No external entities, no DTDs: the answer is data, never instructions.
        parser.shouldResolveExternalEntities = false
        return parser.parse()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if !open.isEmpty { open[open.count - 1].hasChildren = true }
        elements.append(Element(name: name))
        open.append((elements.count - 1, false))
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let closed = open.popLast() else { return }
        // A field: no element opened inside it. It is recorded on its parent and dropped as an element.
        if !closed.hasChildren, let parent = open.last {
            elements[parent.index].fields[name] = text
            elements.removeLast()
        }
        text = ""
    }
}

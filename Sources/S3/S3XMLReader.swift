import CHTMLMeta
import Foundation

/// Reads the flat XML S3 answers with (libxml2's parser, through `chtml_walk_xml`, loaded at the
/// first answer read as the link previews' parser is): each element whose children are text-only
/// fields, with those fields by name. `<Contents><Key>a</Key>…` gives an element "Contents" with
/// the field Key = "a"; `<ListBucketResult>`'s own fields (IsTruncated, NextContinuationToken)
/// come in an element of its name. Nothing deeper is needed.
struct S3XMLReader {
    struct Element {
        let name: String
        var fields: [String: String] = [:]
    }

    private(set) var elements: [Element] = []
    /// The open elements, outermost first: the index of each in `elements`, and whether an element
    /// opened inside it (then it is not a field).
    private var open: [(index: Int, hasChildren: Bool)] = []
    private var text: [UInt8] = []

    /// The elements of `xml`; nil when it is not well-formed XML.
    static func read(_ xml: [UInt8]) -> [Element]? {
        var reader = S3XMLReader()
        let status = withUnsafeMutablePointer(to: &reader) { context in
            xml.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    withUnsafePointer(to: walker) { walker in chtml_walk_xml(characters.baseAddress, characters.count, walker, context) }
                }
            }
        }
        return status == 0 ? reader.elements : nil
    }

    private mutating func start(_ name: String) {
        if !open.isEmpty { open[open.count - 1].hasChildren = true }
        elements.append(Element(name: name))
        open.append((elements.count - 1, false))
        text = []
    }

    private mutating func end() {
        guard let closed = open.popLast() else { return }
        // A field: no element opened inside it. It is recorded on its parent and dropped as an element.
        if !closed.hasChildren, let parent = open.last {
            elements[parent.index].fields[elements[closed.index].name] = String(decoding: text, as: UTF8.self)
            elements.removeLast()
        }
        text = []
    }

    /// Plain functions (a closure could be isolated to an actor), handed the reader as context.
    private static let walker = chtml_walker(
        start: { context, element in
            guard let context, let name = element?.pointee.name else { return }
            context.assumingMemoryBound(to: S3XMLReader.self).pointee.start(String(cString: name))
        },
        text: { context, text, length in
            guard let context, let text else { return }
            context.assumingMemoryBound(to: S3XMLReader.self).pointee.text
                .append(contentsOf: UnsafeRawBufferPointer(start: text, count: length))
        },
        end: { context, _ in
            guard let context else { return }
            context.assumingMemoryBound(to: S3XMLReader.self).pointee.end()
        })
}

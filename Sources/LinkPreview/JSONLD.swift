import Foundation

/// The JSON-LD blocks of a page (`<script type="application/ld+json">`), parsed.
struct JSONLD {
    /// Each block's value, in page order; blocks that are not JSON are skipped.
    let documents: [Any]

    init(_ elements: [HTMLElement]) {
        documents =
            elements
            .filter { $0.name == "script" && $0["type"]?.lowercased().contains("ld+json") == true }
            .compactMap { $0.text.flatMap(Self.parse) }
    }

    /// The things a page describes: top-level objects and the members of their `@graph`.
    var topLevelNodes: [[String: Any]] {
        documents.flatMap { document in
            (document as? [Any] ?? [document]).compactMap { $0 as? [String: Any] }
                .flatMap { ($0["@graph"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? [$0] }
        }
    }

    /// Every object in every block, depth first: nested offers and publishers too.
    var allNodes: [[String: Any]] {
        var nodes: [[String: Any]] = []
        var pending: [Any] = documents.reversed()
        while let next = pending.popLast() {
            if let object = next as? [String: Any] {
                nodes.append(object)
                pending.append(contentsOf: object.keys.sorted().reversed().compactMap { object[$0] })
            } else if let array = next as? [Any] {
                pending.append(contentsOf: array.reversed())
            }
        }
        return nodes
    }

    static func isA(_ node: [String: Any], _ type: String) -> Bool {
        let types = (node["@type"] as? [Any] ?? [node["@type"] as Any]).compactMap { $0 as? String }
        return types.contains { $0 == type || $0.hasSuffix("/\(type)") || $0.hasSuffix(":\(type)") }
    }

    private static func parse(_ text: String) -> Any? {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Some CMSs wrap the JSON in an HTML comment or CDATA section.
        for (start, end) in [("<!--", "-->"), ("//<![CDATA[", "//]]>"), ("<![CDATA[", "]]>")]
        where text.hasPrefix(start) && text.hasSuffix(end) {
            text = String(text.dropFirst(start.count).dropLast(end.count))
        }
        return try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }
}

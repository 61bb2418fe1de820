/// One element the HTML scanner found (see `HTMLScanner`), with its attributes and, for
/// `title`, `script` and microdata elements, its text.
struct HTMLElement: Sendable, Equatable {
    /// Lower-case, e.g. `meta`.
    var name: String
    /// Attribute names lower-case; the first of a repeated attribute wins, as in browsers.
    var attributes: [String: String]
    var text: String?

    subscript(attribute: String) -> String? { attributes[attribute] }
}

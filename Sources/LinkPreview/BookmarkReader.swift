import Foundation

/// The state of reading a bookmark file while libxml2's walk reports its elements (see
/// `BookmarkFile`): the folders of the lists open, and the heading, link or description whose
/// text is being collected.
struct BookmarkReader {
    let limit: Int
    private(set) var bookmarks: [Bookmark] = []
    /// Whether any `<DL>` was seen: without one the file is no bookmark file.
    private(set) var sawList = false
    private(set) var overLimit = false

    /// The folder of each open `<DL>`, outermost first; nil for a list of no folder or of the
    /// browser's own top folder.
    private var lists: [String?] = []
    /// The heading read last and not yet given to a list: the next `<DL>` is its folder.
    private var heading: Heading = .none
    private var collecting: Collecting = .nothing
    /// The bookmark a `<DD>` that comes next describes.
    private var describable: Int?

    private enum Heading {
        case none
        case folder(String)
        /// "Bookmarks bar", "Other bookmarks": where the browser keeps everything, not a folder
        /// the person made, so not a tag.
        case browserTop
    }

    /// Texts are kept as UTF-8 bytes until read whole: the parser may hand one text over in pieces.
    private enum Collecting {
        case nothing
        case heading(text: [UInt8], browserTop: Bool)
        case link(attributes: [String: String], text: [UInt8])
        case description(bookmark: Int, text: [UInt8])
    }

    init(limit: Int) {
        self.limit = limit
    }

    mutating func start(_ name: String, _ attributes: [String: String]) {
        // Unclosed tags nest what follows inside them (`<A>` around the next `<DT>`, `<H3>` around
        // its `<DL>`); a browser ends a link or heading where the next item begins, and so does this.
        if ["dl", "dt", "dd", "h3", "a"].contains(name) { finishLinkOrHeading() }
        switch name {
        case "dl":
            finishDescription()
            sawList = true
            if case .folder(let name) = heading { lists.append(name) } else { lists.append(nil) }
            heading = .none
            describable = nil
        case "dt":
            finishDescription()
            heading = .none
            describable = nil
        case "h3":
            finishDescription()
            let browserTop = ["personal_toolbar_folder", "unfiled_bookmarks_folder"].contains {
                attributes[$0]?.lowercased() == "true"
            }
            collecting = .heading(text: [], browserTop: browserTop)
        case "a":
            finishDescription()
            describable = nil
            guard !lists.isEmpty, attributes["href"] != nil else { return }
            collecting = .link(attributes: attributes, text: [])
        case "dd":
            guard let describable else { return }
            collecting = .description(bookmark: describable, text: [])
        default:
            break
        }
    }

    mutating func text(_ text: UnsafeRawBufferPointer) {
        // The collected bytes leave `collecting` before they grow, so they grow in place: a long text
        // comes in many pieces.
        switch collecting {
        case .nothing:
            break
        case .heading(var collected, let browserTop):
            collecting = .nothing
            collected.append(contentsOf: text)
            collecting = .heading(text: collected, browserTop: browserTop)
        case .link(let attributes, var collected):
            collecting = .nothing
            collected.append(contentsOf: text)
            collecting = .link(attributes: attributes, text: collected)
        case .description(let bookmark, var collected):
            collecting = .nothing
            collected.append(contentsOf: text)
            collecting = .description(bookmark: bookmark, text: collected)
        }
    }

    mutating func end(_ name: String) {
        switch name {
        case "dl":
            finishLinkOrHeading()
            finishDescription()
            if !lists.isEmpty { lists.removeLast() }
            describable = nil
        case "h3", "a":
            finishLinkOrHeading()
        case "dd":
            finishDescription()
        default:
            break
        }
    }

    /// Ends the link or heading whose text is being collected: the bookmark is added, the heading
    /// becomes the folder of the next list.
    private mutating func finishLinkOrHeading() {
        switch collecting {
        case .heading(let text, let browserTop):
            collecting = .nothing
            let folder = Self.collapsed(String(decoding: text, as: UTF8.self))
            heading = browserTop ? .browserTop : folder.isEmpty ? .none : .folder(folder)
        case .link(let attributes, let text):
            collecting = .nothing
            add(attributes: attributes, title: String(decoding: text, as: UTF8.self))
        case .nothing, .description:
            break
        }
    }

    private mutating func add(attributes: [String: String], title: String) {
        guard bookmarks.count < limit else {
            overLimit = true
            return
        }
        bookmarks.append(
            Bookmark(
                title: Self.collapsed(title),
                link: attributes["href"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "",
                folders: lists.compactMap { $0 },
                tags: (attributes["tags"] ?? "").split(separator: ",").map { Self.collapsed(String($0)) }.filter { !$0.isEmpty },
                addedAt: attributes["add_date"].flatMap(Self.date)))
        describable = bookmarks.count - 1
    }

    private mutating func finishDescription() {
        guard case .description(let bookmark, let text) = collecting else { return }
        collecting = .nothing
        let description = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !description.isEmpty { bookmarks[bookmark].description = description }
        describable = nil
    }

    /// Runs of white space (line breaks of the file's layout) as one space, trimmed.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Seconds since 1970 as browsers write `ADD_DATE`; some tools write milliseconds or
    /// microseconds, told apart by size (seconds reach 10¹¹ only in the year 5138).
    private static func date(_ text: String) -> Date? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value > 0 else { return nil }
        let seconds = value >= 1e14 ? value / 1e6 : value >= 1e11 ? value / 1e3 : value
        return Date(timeIntervalSince1970: seconds)
    }
}

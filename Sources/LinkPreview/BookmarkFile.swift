import CHTMLMeta
import Foundation

/// Reads the Netscape bookmark file every browser and bookmark manager exports:
///
///     <DL><p>
///         <DT><H3>Folder</H3>
///         <DL><p>
///             <DT><A HREF="https://…" ADD_DATE="1700000000" TAGS="a,b">Title</A>
///             <DD>Description
///         </DL><p>
///     </DL>
///
/// with libxml2's HTML parser (the one link previews use), which repairs the markup as a browser
/// would: the unclosed `<DT>`, `<DD>` and `<p>` of real files, and broken files too. It streams
/// (`chtml_walk`), so a file of ten thousand bookmarks costs no document tree. A list's
/// folder is the last `<H3>` before its `<DL>`, whether the parser puts that `<DL>` inside the
/// heading's `<DT>` or after it. Only links inside a `<DL>` are bookmarks; a file without one is
/// not a bookmark file. The file's encoding is found as a page's is (`Charset`), else UTF-8.
public enum BookmarkFile {
    /// The bookmarks of `bytes` in file order.
    /// - Parameter limit: the most links read; a file with more is refused, so a huge file costs
    ///   no more than the parse.
    public static func bookmarks(in bytes: [UInt8], limit: Int) throws(BookmarkFileError) -> [Bookmark] {
        var reader = BookmarkReader(limit: limit)
        // Browsers write UTF-8; a file that declares nothing is read so.
        let encoding = Charset.encoding(headerCharset: nil, bytes: bytes) ?? "UTF-8"
        let status = withUnsafeMutablePointer(to: &reader) { context in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    withUnsafePointer(to: walker) { walker in
                        chtml_walk(characters.baseAddress, characters.count, encoding, walker, context)
                    }
                }
            }
        }
        guard status == 0, reader.sawList else { throw .notBookmarkFile }
        guard !reader.overLimit else { throw .tooManyBookmarks(limit: limit) }
        return reader.bookmarks
    }

    /// Plain functions (a closure could be isolated to an actor), handed the reader as context.
    private static let walker = chtml_walker(
        start: { context, element in
            guard let context, let element = element?.pointee, let name = element.name else { return }
            var attributes: [String: String] = [:]
            if let pairs = element.attributes {
                for index in 0..<Int(element.attribute_count) {
                    guard let key = pairs[2 * index], let value = pairs[2 * index + 1] else { continue }
                    let keyText = String(cString: key).lowercased()
                    if attributes[keyText] == nil { attributes[keyText] = String(cString: value) }
                }
            }
            context.assumingMemoryBound(to: BookmarkReader.self).pointee.start(String(cString: name), attributes)
        },
        text: { context, text, length in
            guard let context, let text else { return }
            context.assumingMemoryBound(to: BookmarkReader.self).pointee.text(UnsafeRawBufferPointer(start: text, count: length))
        },
        end: { context, name in
            guard let context, let name else { return }
            context.assumingMemoryBound(to: BookmarkReader.self).pointee.end(String(cString: name))
        })
}

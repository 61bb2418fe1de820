#ifndef CHTMLMETA_H
#define CHTMLMETA_H

#include <stddef.h>

// The HTML parser (libxml2's), and its XML parser for S3's answers, behind a door that shows none of libxml2: its headers clash with
// Foundation's ICU in any Swift module that imports both (docs/ARCHITECTURE.md, "Interop notes"), so Swift sees only
// this file. The parser finds the elements a link preview reads and hands each to a visitor.

/// One element of interest: `html`, `base`, `title`, `meta`, `link`, `img`, `script`, or any
/// element carrying microdata (`itemprop`, `itemtype`).
typedef struct {
    /// Lower-case element name, UTF-8.
    const char *name;
    /// `attribute_count` pairs: names (lower-case) at even indices, values at odd ones, UTF-8.
    const char *const *attributes;
    int attribute_count;
    /// The element's text for `title`, `script` and microdata elements, UTF-8; NULL otherwise.
    const char *text;
} chtml_element;

/// Called once per element of interest, in document order; everything it is given lives only
/// during the call.
typedef void (*chtml_visitor)(void *context, const chtml_element *element);

/// Parses `length` bytes of HTML in `encoding` (an iconv name such as "EUC-KR"; NULL lets the
/// parser decide from a byte-order mark or the page's own `<meta>`), calling `visitor` for each
/// element of interest. Broken markup is repaired as a browser would, not refused.
/// Returns 0, or -1 when the bytes could not be parsed at all (e.g. an unknown encoding) or
/// libxml2, loaded at the first call, could not be loaded.
int chtml_scan(const char *bytes, size_t length, const char *encoding, chtml_visitor visitor, void *context);

/// What chtml_walk reports, in document order. `start` gets an element with its attributes (its
/// `text` is NULL); `text` gets `length` bytes of text, not NUL-terminated (one text node may
/// come in several pieces); `end` the name of an element just left, after its descendants. The
/// parser closes elements where a browser would, so every start has its end. Everything given
/// lives only during the call.
typedef struct {
    void (*start)(void *context, const chtml_element *element);
    void (*text)(void *context, const char *text, size_t length);
    void (*end)(void *context, const char *name);
} chtml_walker;

/// Parses like chtml_scan, but streaming (no document is built), and reports every element and
/// text of the repaired document to `walker`: for readers of a document's structure (a bookmark
/// file's nested folders). There is no depth limit a real file could reach (libxml2 nests each
/// unclosed `<DT>` of a list in the one before), but parsing stops, returning -1, at a nesting
/// or a number of broken end tags no real document has: libxml2 looks through every open element
/// for each end tag, which a hostile file could make quadratic. Returns 0, or -1 as chtml_scan does.
int chtml_walk(const char *bytes, size_t length, const char *encoding, const chtml_walker *walker, void *context);

/// Parses `length` bytes of XML as chtml_walk parses HTML, reporting the same events (names as
/// written, not lower-cased): for the flat XML an S3 store answers with. Nothing is repaired: a
/// document that is not well-formed returns -1. No DTD is loaded and no network is used; character
/// references and the predefined entities arrive decoded in the text.
int chtml_walk_xml(const char *bytes, size_t length, const chtml_walker *walker, void *context);

#endif

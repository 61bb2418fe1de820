#ifndef CHTMLMETA_H
#define CHTMLMETA_H

#include <stddef.h>

// The HTML parser (libxml2's) behind a door that shows none of libxml2: its headers clash with
// Foundation's ICU in any Swift module that imports both (see DESIGN.md), so Swift sees only
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

#endif

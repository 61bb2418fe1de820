#include "chtmlmeta.h"

#include "library.h"

#include <stdint.h>
#include <stdlib.h>

/// Deeper than any real document: a list of ten thousand bookmarks nests about that deep.
static const long maximum_depth = 100000;
/// How many open elements libxml2 may look through for broken end tags, all told (about a second).
static const double maximum_search = 2e8;

struct walk {
    const chtml_walker *walker;
    void *context;
    long depth;
    double search;
    int stopped;
};

/// The SAX callbacks get the parser as their context (its `userData`); the walk is its `_private`.
static struct walk *walk_of(void *parser) {
    return ((htmlParserCtxtPtr)parser)->_private;
}

static void stop(void *parser, struct walk *walk) {
    walk->stopped = 1;
    libxml.xmlStopParser(parser);
}

static void start(void *parser, const xmlChar *name, const xmlChar **attributes) {
    struct walk *walk = walk_of(parser);
    if (walk->stopped) return;
    if (++walk->depth > maximum_depth) return stop(parser, walk);
    int count = 0;
    while (attributes && attributes[count * 2]) count++;
    const char **pairs = calloc((size_t)count * 2 + 1, sizeof(char *));
    // Out of memory: the element is still reported, without its attributes, so starts and ends pair up.
    if (!pairs) count = 0;
    for (int i = 0; pairs && i < count; i++) {
        pairs[2 * i] = (const char *)attributes[2 * i];
        // A valueless attribute (`<dl compact>`) reads as "".
        pairs[2 * i + 1] = attributes[2 * i + 1] ? (const char *)attributes[2 * i + 1] : "";
    }
    chtml_element element = {(const char *)name, pairs, count, NULL};
    walk->walker->start(walk->context, &element);
    free(pairs);
}

static void end(void *parser, const xmlChar *name) {
    struct walk *walk = walk_of(parser);
    if (walk->stopped) return;
    walk->depth--;
    walk->walker->end(walk->context, (const char *)name);
}

static void text(void *parser, const xmlChar *characters, int length) {
    struct walk *walk = walk_of(parser);
    if (walk->stopped || length <= 0) return;
    walk->walker->text(walk->context, (const char *)characters, (size_t)length);
}

/// Broken markup is repaired, not refused; but an end tag that closes nothing was looked for
/// through every open element, so their cost is counted.
static void error(void *parser, const char *message, ...) {
    (void)message;
    struct walk *walk = walk_of(parser);
    walk->search += (double)walk->depth + 1;
    if (!walk->stopped && walk->search > maximum_search) stop(parser, walk);
}

/// Only the events read here: no document is built.
static void set_handlers(xmlSAXHandlerPtr sax) {
    sax->startDocument = NULL;
    sax->endDocument = NULL;
    sax->startElement = start;
    sax->endElement = end;
    sax->characters = text;
    sax->ignorableWhitespace = text;
    sax->cdataBlock = text;
    sax->comment = NULL;
    sax->processingInstruction = NULL;
    sax->internalSubset = NULL;
    sax->error = error;
    sax->warning = error;
    sax->fatalError = error;
}

int chtml_walk(const char *bytes, size_t length, const char *encoding, const chtml_walker *walker, void *context) {
    if (chtml_load() != NULL) return -1;
    if (length > (size_t)INT32_MAX) return -1;
    htmlParserCtxtPtr parser = libxml.htmlNewParserCtxt();
    if (!parser) return -1;
    struct walk walk = {walker, context, 0, 0, 0};
    parser->_private = &walk;
    set_handlers(parser->sax);
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NONET;
    htmlDocPtr document = libxml.htmlCtxtReadMemory(parser, bytes, (int)length, NULL, encoding, options);
    // Nothing builds one; freed all the same should libxml2 have made one.
    if (document) libxml.xmlFreeDoc(document);
    libxml.htmlFreeParserCtxt(parser);
    return walk.stopped ? -1 : 0;
}

int chtml_walk_xml(const char *bytes, size_t length, const chtml_walker *walker, void *context) {
    if (chtml_load() != NULL) return -1;
    if (length > (size_t)INT32_MAX) return -1;
    xmlParserCtxtPtr parser = libxml.xmlNewParserCtxt();
    if (!parser) return -1;
    struct walk walk = {walker, context, 0, 0, 0};
    parser->_private = &walk;
    set_handlers(parser->sax);
    // SAX1 so that `start` gets the element's name and attributes as for HTML (SAX2 would call a
    // namespace-aware handler instead).
    int options = XML_PARSE_NONET | XML_PARSE_SAX1 | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
    xmlDocPtr document = libxml.xmlCtxtReadMemory(parser, bytes, (int)length, NULL, NULL, options);
    int well_formed = parser->wellFormed;
    if (document) libxml.xmlFreeDoc(document);
    libxml.xmlFreeParserCtxt(parser);
    return walk.stopped || !well_formed ? -1 : 0;
}

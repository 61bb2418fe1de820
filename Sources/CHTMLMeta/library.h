#ifndef CHTMLMETA_LIBRARY_H
#define CHTMLMETA_LIBRARY_H

// libxml2's headers give this target its types and the exact prototype of
// every function it calls; libxml2 itself is not linked but loaded with dlopen
// at the first page parsed (with ICU it cost an idle server about 1 MB). The
// functions are reached through `libxml`, a table that loader.c fills with dlsym.

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

/// Every libxml2 function this target calls, once. Adding a call means adding
/// its name here: the table's member gets the header's prototype and loader.c
/// resolves it by name.
#define CHTML_FUNCTIONS(X) \
    X(xmlInitParser) \
    X(htmlReadMemory) \
    X(xmlDocGetRootElement) \
    X(xmlFreeDoc) \
    X(xmlHasProp) \
    X(xmlNodeListGetString) \
    X(xmlNodeGetContent) \
    X(xmlStrdup) \
    X(htmlNewParserCtxt) \
    X(htmlCtxtReadMemory) \
    X(htmlFreeParserCtxt) \
    X(xmlStopParser) \
    X(xmlNewParserCtxt) \
    X(xmlCtxtReadMemory) \
    X(xmlFreeParserCtxt)

/// Pointers to the loaded functions, each typed as the header declares it, and
/// to `xmlFree`, which libxml2 exports as a variable holding its deallocator.
struct chtml_library {
#define CHTML_MEMBER(name) __typeof__(name) *name;
    CHTML_FUNCTIONS(CHTML_MEMBER)
#undef CHTML_MEMBER
    xmlFreeFunc *xmlFree;
};

/// Filled by chtml_load; only read after it succeeded.
extern struct chtml_library libxml;

/// Loads libxml2 and initialises its parser, once; NULL when it worked, else
/// why not.
const char *chtml_load(void);

#endif

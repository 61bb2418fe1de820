#include "cloader.h"
#include "library.h"

struct chtml_library libxml;

static const struct cloader_symbol symbols[] = {
#define CHTML_SYMBOL(name) CLOADER_SYMBOL(libxml, name)
    CHTML_FUNCTIONS(CHTML_SYMBOL)
    CHTML_SYMBOL(xmlFree)
#undef CHTML_SYMBOL
};

static void initialise_parser(void) {
    // libxml2 wants its global state set up once, before any thread parses.
    libxml.xmlInitParser();
}

/// libxml2's soname, stable since 2.0; its own dependencies come with it.
static struct cloader_library library = CLOADER_LIBRARY("libxml2.so.2", symbols, initialise_parser);

const char *chtml_load(void) {
    return cloader_load(&library);
}

#include "chtmlmeta.h"

#include "library.h"

#include <stdlib.h>
#include <string.h>

static int has_attribute(xmlNodePtr node, const char *name) {
    return libxml.xmlHasProp(node, (const xmlChar *)name) != NULL;
}

static int is_interesting(xmlNodePtr node) {
    static const char *const names[] = {"html", "base", "title", "meta", "link", "img", "video", "script", NULL};
    for (const char *const *name = names; *name; name++) {
        if (strcmp((const char *)node->name, *name) == 0) return 1;
    }
    return has_attribute(node, "itemprop") || has_attribute(node, "itemtype");
}

static int wants_text(xmlNodePtr node) {
    const char *name = (const char *)node->name;
    return strcmp(name, "title") == 0 || strcmp(name, "script") == 0 || has_attribute(node, "itemprop");
}

static void visit(xmlNodePtr node, chtml_visitor visitor, void *context) {
    int count = 0;
    for (xmlAttrPtr attribute = node->properties; attribute; attribute = attribute->next) count++;
    const char **attributes = calloc((size_t)count * 2 + 1, sizeof(char *));
    if (!attributes) return;
    int index = 0;
    for (xmlAttrPtr attribute = node->properties; attribute; attribute = attribute->next) {
        // A valueless attribute (`<html amp>`) has no children; it reads as "".
        xmlChar *value = libxml.xmlNodeListGetString(node->doc, attribute->children, 1);
        attributes[index++] = (const char *)attribute->name;
        attributes[index++] = (const char *)(value ? value : libxml.xmlStrdup((const xmlChar *)""));
    }
    xmlChar *text = wants_text(node) ? libxml.xmlNodeGetContent(node) : NULL;
    chtml_element element = {(const char *)node->name, attributes, count, (const char *)text};
    visitor(context, &element);
    for (int i = 1; i < index; i += 2) (*libxml.xmlFree)((void *)attributes[i]);
    free(attributes);
    if (text) (*libxml.xmlFree)(text);
}

int chtml_scan(const char *bytes, size_t length, const char *encoding, chtml_visitor visitor, void *context) {
    if (chtml_load() != NULL) return -1;
    if (length > (size_t)INT32_MAX) return -1;
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET;
    htmlDocPtr document = libxml.htmlReadMemory(bytes, (int)length, NULL, encoding, options);
    if (!document) return -1;
    // Depth-first without recursion: a hostile page can nest elements deeper than a thread's stack.
    xmlNodePtr node = libxml.xmlDocGetRootElement(document);
    while (node) {
        if (node->type == XML_ELEMENT_NODE && is_interesting(node)) visit(node, visitor, context);
        if (node->type == XML_ELEMENT_NODE && node->children) {
            node = node->children;
            continue;
        }
        // Up to the nearest ancestor with a next sibling; the document node ends the walk.
        while (node && node->type != XML_HTML_DOCUMENT_NODE && !node->next) node = node->parent;
        node = (node && node->type != XML_HTML_DOCUMENT_NODE) ? node->next : NULL;
    }
    libxml.xmlFreeDoc(document);
    return 0;
}

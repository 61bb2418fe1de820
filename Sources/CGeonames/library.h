#ifndef CGEONAMES_LIBRARY_H
#define CGEONAMES_LIBRARY_H

// libgeonames' and GLib's headers give this target the exact prototype of every function it calls;
// none is linked. They are reached through `libgeonames`, a table that loader.c fills with dlsym
// (GLib's through libgeonames' handle, which brings GLib in).

#include <geonames/geonames.h>

/// Every function this target calls, once.
#define CGEONAMES_FUNCTIONS(X) \
    X(geonames_get_n_cities) \
    X(geonames_get_city) \
    X(geonames_city_free) \
    X(g_variant_get_type_string) \
    X(g_variant_get_child_value) \
    X(g_variant_get_string) \
    X(g_variant_get_uint32) \
    X(g_variant_get_double) \
    X(g_variant_unref)

#define CGEONAMES_MEMBER(name) __typeof__(name) *name;
struct cgeonames_library {
    CGEONAMES_FUNCTIONS(CGEONAMES_MEMBER)
};
#undef CGEONAMES_MEMBER

extern struct cgeonames_library libgeonames;

#endif

#ifndef CGEONAMES_H
#define CGEONAMES_H

#include <stdbool.h>

// What the Geocoding module sees of libgeonames. libgeonames is not linked: it is loaded with
// dlopen when the offline place index is built (see loader.c), which a server does only at its
// first start or when the library changes; it brings GLib, GIO and GObject, about 2 MB of every
// idle server when linked. This header is self-contained: libgeonames' and GLib's headers are
// seen only by this target's C files.
//
// Every function except cgeonames_load may be called only after cgeonames_load has succeeded.

/// Opens libgeonames on the first call; NULL when that worked, else why not.
const char *cgeonames_load(void);

/// The path libgeonames is loaded from when its soname is found in the library folder it was
/// built against, without loading it; NULL otherwise.
const char *cgeonames_library_path(void);

/// How many cities the library holds.
int cgeonames_city_count(void);

/// One city's fields, each string a copy that cgeonames_city_release frees.
struct cgeonames_city {
    char *geoname_id;
    char *name;
    char *admin_code;
    char *admin;
    char *country_code;
    char *country;
    unsigned population;
    double latitude;
    double longitude;
};

/// Reads city `index` into `city`; false (and nothing to release) when there is no such record or
/// it is not of the shape this reads, `(sssssssudd)`: id, name, admin1 code, admin1 name, country
/// code, country name, time zone, population, latitude, longitude.
bool cgeonames_city(int index, struct cgeonames_city *city);

void cgeonames_city_release(struct cgeonames_city *city);

#endif

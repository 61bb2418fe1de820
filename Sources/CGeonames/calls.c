#include <stdlib.h>
#include <string.h>

#include "cgeonames.h"
#include "library.h"

// The wrappers the Geocoding module calls, each through the table loader.c filled. They are named
// cgeonames_, never like libgeonames' or GLib's own: the release executable exports its C
// functions, and one named like a library's would take its place in that library's own calls.

int cgeonames_city_count(void) {
    return libgeonames.geonames_get_n_cities();
}

/// A copy of the string child `index` of `record`.
static char *text(GVariant *record, gsize index) {
    GVariant *child = libgeonames.g_variant_get_child_value(record, index);
    char *copy = strdup(libgeonames.g_variant_get_string(child, NULL));
    libgeonames.g_variant_unref(child);
    return copy;
}

static guint32 number(GVariant *record, gsize index) {
    GVariant *child = libgeonames.g_variant_get_child_value(record, index);
    guint32 value = libgeonames.g_variant_get_uint32(child);
    libgeonames.g_variant_unref(child);
    return value;
}

static double real(GVariant *record, gsize index) {
    GVariant *child = libgeonames.g_variant_get_child_value(record, index);
    double value = libgeonames.g_variant_get_double(child);
    libgeonames.g_variant_unref(child);
    return value;
}

bool cgeonames_city(int index, struct cgeonames_city *city) {
    GeonamesCity *record = libgeonames.geonames_get_city(index);
    if (record == NULL) return false;
    // The fields are read directly: geonames_city_get_name and friends translate through gettext
    // with the process locale, so the same server would answer differently per locale.
    bool shaped = strcmp(libgeonames.g_variant_get_type_string(record), "(sssssssudd)") == 0;
    if (shaped) {
        *city = (struct cgeonames_city){
            .geoname_id = text(record, 0),
            .name = text(record, 1),
            .admin_code = text(record, 2),
            .admin = text(record, 3),
            .country_code = text(record, 4),
            .country = text(record, 5),
            .population = number(record, 7),
            .latitude = real(record, 8),
            .longitude = real(record, 9),
        };
    }
    libgeonames.geonames_city_free(record);
    return shaped;
}

void cgeonames_city_release(struct cgeonames_city *city) {
    char *strings[] = {city->geoname_id, city->name, city->admin_code, city->admin, city->country_code, city->country};
    for (size_t index = 0; index < sizeof strings / sizeof strings[0]; index++) free(strings[index]);
}

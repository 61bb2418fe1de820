#ifndef CVIPS_LIBRARY_H
#define CVIPS_LIBRARY_H

// libvips' headers give this target its types, enums and macros, and the
// exact prototype of every function it calls; no libvips or glib symbol is
// linked. The functions are reached through `libvips`, a table that
// loader.c fills with dlsym.

#include <vips/vips.h>

/// Every libvips, glib and gobject function this target calls, once. Adding
/// a call means adding its name here: the table's member gets the header's
/// prototype (variadic ones included) and loader.c resolves it by name.
#define CVIPS_FUNCTIONS(X) \
    X(vips_init) \
    X(vips_cache_set_max) \
    X(vips_concurrency_set) \
    X(vips_block_untrusted_set) \
    X(vips_operation_block_set) \
    X(vips_error_buffer_copy) \
    X(vips_error_clear) \
    X(vips_image_new_from_file) \
    X(vips_image_new_from_source) \
    X(vips_blob_copy) \
    X(vips_source_new_from_blob) \
    X(vips_area_unref) \
    X(vips_array_double_new) \
    X(vips_thumbnail) \
    X(vips_thumbnail_source) \
    X(vips_thumbnail_image) \
    X(vips_crop) \
    X(vips_rot) \
    X(vips_flatten) \
    X(vips_copy) \
    X(vips_image_copy_memory) \
    X(vips_image_write_to_memory) \
    X(vips_jpegsave_buffer) \
    X(vips_jpegsave) \
    X(vips_webpsave_buffer) \
    X(vips_image_get_width) \
    X(vips_image_get_height) \
    X(vips_image_get_bands) \
    X(vips_image_hasalpha) \
    X(vips_image_get_orientation) \
    X(vips_image_get_n_pages) \
    X(vips_image_get_typeof) \
    X(vips_image_get_string) \
    X(vips_image_get_fields) \
    X(vips_image_remove) \
    X(g_free) \
    X(g_strfreev) \
    X(g_object_unref)

/// Pointers to the loaded functions, each typed as the header declares it.
struct cvips_library {
#define CVIPS_MEMBER(name) __typeof__(name) *name;
    CVIPS_FUNCTIONS(CVIPS_MEMBER)
#undef CVIPS_MEMBER
};

/// Filled by cvips_load; only read after it succeeded.
extern struct cvips_library libvips;

#endif

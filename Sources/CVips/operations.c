#include "library.h"
#include "cvips.h"

// The wrappers Imaging calls, each through the table loader.c filled.
// Swift does not import C variadic functions, and every vips operation takes
// its optional arguments as a NULL-terminated list, so the options Imaging
// needs are fixed here.

_Static_assert((int)CVIPS_FAIL_ON_NONE == (int)VIPS_FAIL_ON_NONE, "VipsFailOn changed");
_Static_assert((int)CVIPS_FAIL_ON_TRUNCATED == (int)VIPS_FAIL_ON_TRUNCATED, "VipsFailOn changed");
_Static_assert((int)CVIPS_ANGLE_D0 == (int)VIPS_ANGLE_D0, "VipsAngle changed");
_Static_assert((int)CVIPS_ANGLE_D90 == (int)VIPS_ANGLE_D90, "VipsAngle changed");
_Static_assert((int)CVIPS_ANGLE_D180 == (int)VIPS_ANGLE_D180, "VipsAngle changed");
_Static_assert((int)CVIPS_ANGLE_D270 == (int)VIPS_ANGLE_D270, "VipsAngle changed");

int cvips_init(const char *argv0) {
    return libvips.vips_init(argv0);
}

void cvips_cache_set_max(int max) {
    libvips.vips_cache_set_max(max);
}

void cvips_concurrency_set(int concurrency) {
    libvips.vips_concurrency_set(concurrency);
}

void cvips_block_untrusted_set(bool state) {
    libvips.vips_block_untrusted_set(state);
}

void cvips_operation_block_set(const char *name, bool state) {
    libvips.vips_operation_block_set(name, state);
}

char *cvips_error_buffer_copy(void) {
    return libvips.vips_error_buffer_copy();
}

void cvips_error_clear(void) {
    libvips.vips_error_clear();
}

void cvips_free(void *memory) {
    libvips.g_free(memory);
}

VipsImage *cvips_open_file(const char *path, CVipsFailOn fail_on) {
    return libvips.vips_image_new_from_file(path, "fail_on", (VipsFailOn)fail_on, NULL);
}

VipsSource *cvips_source_copying(const void *data, size_t length) {
    VipsBlob *blob = libvips.vips_blob_copy(data, length);
    VipsSource *source = libvips.vips_source_new_from_blob(blob);
    libvips.vips_area_unref(VIPS_AREA(blob));
    return source;
}

VipsImage *cvips_open_source(VipsSource *source, CVipsFailOn fail_on) {
    return libvips.vips_image_new_from_source(source, "", "fail_on", (VipsFailOn)fail_on, NULL);
}

// The profile pair goes last in both thumbnails because a NULL value there
// simply ends the option list early.

int cvips_thumbnail_file(const char *path, VipsImage **out, int width, int height,
                         CVipsFailOn fail_on, const char *export_profile) {
    return libvips.vips_thumbnail(path, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                  "fail_on", (VipsFailOn)fail_on, "export_profile", export_profile, NULL);
}

int cvips_thumbnail_source(VipsSource *source, VipsImage **out, int width, int height,
                           CVipsFailOn fail_on, const char *export_profile) {
    return libvips.vips_thumbnail_source(source, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                         "fail_on", (VipsFailOn)fail_on, "export_profile", export_profile,
                                         NULL);
}

// g_object_unref takes a gpointer; these keep the Swift side free of casts.

void cvips_release_image(VipsImage *image) {
    libvips.g_object_unref(image);
}

void cvips_release_source(VipsSource *source) {
    libvips.g_object_unref(source);
}

int cvips_image_get_width(const VipsImage *image) {
    return libvips.vips_image_get_width(image);
}

int cvips_image_get_height(const VipsImage *image) {
    return libvips.vips_image_get_height(image);
}

int cvips_image_get_bands(const VipsImage *image) {
    return libvips.vips_image_get_bands(image);
}

bool cvips_image_hasalpha(VipsImage *image) {
    return libvips.vips_image_hasalpha(image);
}

int cvips_image_get_orientation(VipsImage *image) {
    return libvips.vips_image_get_orientation(image);
}

int cvips_image_get_n_pages(VipsImage *image) {
    return libvips.vips_image_get_n_pages(image);
}

bool cvips_image_has_field(const VipsImage *image, const char *name) {
    return libvips.vips_image_get_typeof(image, name) != 0;
}

int cvips_image_get_string(const VipsImage *image, const char *name, const char **out) {
    return libvips.vips_image_get_string(image, name, out);
}

char **cvips_image_get_fields(VipsImage *image) {
    return libvips.vips_image_get_fields(image);
}

bool cvips_image_remove(VipsImage *image, const char *name) {
    return libvips.vips_image_remove(image, name);
}

void cvips_strfreev(char **strings) {
    libvips.g_strfreev(strings);
}

int cvips_resize(VipsImage *in, VipsImage **out, int width, int height, bool crop) {
    return libvips.vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                        "no_rotate", TRUE,
                                        "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                                        NULL);
}

int cvips_crop(VipsImage *in, VipsImage **out, int left, int top, int width, int height) {
    return libvips.vips_crop(in, out, left, top, width, height, NULL);
}

int cvips_rotate(VipsImage *in, VipsImage **out, CVipsAngle angle) {
    return libvips.vips_rot(in, out, (VipsAngle)angle, NULL);
}

int cvips_flatten_white(VipsImage *in, VipsImage **out) {
    double white[3] = { 255.0, 255.0, 255.0 };
    VipsArrayDouble *background = libvips.vips_array_double_new(white, 3);
    int result = libvips.vips_flatten(in, out, "background", background, NULL);
    libvips.vips_area_unref(VIPS_AREA(background));
    return result;
}

int cvips_copy(VipsImage *in, VipsImage **out) {
    return libvips.vips_copy(in, out, NULL);
}

VipsImage *cvips_image_copy_memory(VipsImage *image) {
    return libvips.vips_image_copy_memory(image);
}

int cvips_jpeg_save(VipsImage *in, void **data, size_t *length, int quality) {
    return libvips.vips_jpegsave_buffer(in, data, length, "Q", quality, "strip", TRUE,
                                        "optimize_coding", TRUE, NULL);
}

int cvips_jpeg_save_file(VipsImage *in, const char *path, int quality) {
    return libvips.vips_jpegsave(in, path, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

int cvips_webp_save(VipsImage *in, void **data, size_t *length, int quality) {
    return libvips.vips_webpsave_buffer(in, data, length, "Q", quality, "strip", TRUE, NULL);
}

void *cvips_image_write_to_memory(VipsImage *image, size_t *length) {
    return libvips.vips_image_write_to_memory(image, length);
}

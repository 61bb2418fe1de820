#ifndef CVIPS_H
#define CVIPS_H

#include <stdbool.h>
#include <stddef.h>

// What the Imaging module sees of libvips. libvips is not linked: it is
// loaded with dlopen on first use (see loader.c), because its hundred shared
// libraries cost an idle server about 10 MB of resident memory before any
// photo arrives. This header is therefore self-contained: libvips' own
// headers (and glib's) are seen only by this target's C files, so Swift
// cannot call a vips_ or g_ function past the loader by mistake.
//
// Every function except cvips_load may be called only after cvips_load has
// succeeded.

/// The libvips image and source objects, opaque to Swift.
typedef struct _VipsImage VipsImage;
typedef struct _VipsSource VipsSource;

/// The values of VipsFailOn that Imaging uses (checked against libvips'
/// headers in operations.c).
typedef enum CVipsFailOn {
    CVIPS_FAIL_ON_NONE = 0,
    CVIPS_FAIL_ON_TRUNCATED = 1,
} CVipsFailOn;

/// VipsAngle: a clockwise turn (checked against libvips' headers in operations.c).
typedef enum CVipsAngle {
    CVIPS_ANGLE_D0 = 0,
    CVIPS_ANGLE_D90 = 1,
    CVIPS_ANGLE_D180 = 2,
    CVIPS_ANGLE_D270 = 3,
} CVipsAngle;

/// Loads libvips and every function this target calls, once per process
/// (later calls answer the first call's outcome). NULL on success, else why
/// it failed: dlerror's text, naming the missing library or symbol.
const char *cvips_load(void);

// Start-up settings, as in libvips.
int cvips_init(const char *argv0);
void cvips_cache_set_max(int max);
void cvips_concurrency_set(int concurrency);
void cvips_block_untrusted_set(bool state);
void cvips_operation_block_set(const char *name, bool state);

// Errors: libvips keeps one error buffer for all threads.
/// A copy of the error buffer, to be freed with cvips_free.
char *cvips_error_buffer_copy(void);
void cvips_error_clear(void);

/// g_free, for strings and buffers that libvips allocated.
void cvips_free(void *memory);

// Opening images. Each returns a new reference, or NULL with the error buffer set.

/// Opens a file lazily: only the header is read until pixels are asked for.
VipsImage *cvips_open_file(const char *path, CVipsFailOn fail_on);
/// A source over a copy of `data`, so that libvips owns the bytes for as long
/// as any lazily decoded image still needs them.
VipsSource *cvips_source_copying(const void *data, size_t length);
/// Opens a source lazily: only the header is read until pixels are asked for.
VipsImage *cvips_open_source(VipsSource *source, CVipsFailOn fail_on);

/// Shrink-on-load thumbnail of a file: upright by EXIF, first frame only,
/// sRGB, never enlarged. With an `export_profile` (e.g. "srgb") an embedded
/// ICC profile is applied; NULL skips that transform, which costs a third
/// of the job and changes nothing for untagged sRGB.
int cvips_thumbnail_file(const char *path, VipsImage **out, int width, int height,
                         CVipsFailOn fail_on, const char *export_profile);
/// The same as cvips_thumbnail_file for a source.
int cvips_thumbnail_source(VipsSource *source, VipsImage **out, int width, int height,
                           CVipsFailOn fail_on, const char *export_profile);

// Releasing references.
void cvips_release_image(VipsImage *image);
void cvips_release_source(VipsSource *source);

// Reading an image's header and metadata.
int cvips_image_get_width(const VipsImage *image);
int cvips_image_get_height(const VipsImage *image);
int cvips_image_get_bands(const VipsImage *image);
bool cvips_image_hasalpha(VipsImage *image);
int cvips_image_get_orientation(VipsImage *image);
int cvips_image_get_n_pages(VipsImage *image);
/// Whether the metadata field `name` exists.
bool cvips_image_has_field(const VipsImage *image, const char *name);
/// A string field; `out` points into the image and is not to be freed.
int cvips_image_get_string(const VipsImage *image, const char *name, const char **out);
/// The names of all fields, NULL-terminated, to be freed with cvips_strfreev.
char **cvips_image_get_fields(VipsImage *image);
bool cvips_image_remove(VipsImage *image, const char *name);
/// g_strfreev, for cvips_image_get_fields' answer.
void cvips_strfreev(char **strings);

// Making new images: 0 and a new reference in `out`, or -1 with the error buffer set.

/// Resizes an image already in memory to fit width x height, or to fill it
/// and crop the centre when `crop` is true. Never enlarges.
int cvips_resize(VipsImage *in, VipsImage **out, int width, int height, bool crop);
int cvips_crop(VipsImage *in, VipsImage **out, int left, int top, int width, int height);
int cvips_rotate(VipsImage *in, VipsImage **out, CVipsAngle angle);
/// Composites an image with alpha over white, for formats without alpha.
int cvips_flatten_white(VipsImage *in, VipsImage **out);
/// A new header over the same pixels, whose metadata can then be changed
/// without touching images that share it.
int cvips_copy(VipsImage *in, VipsImage **out);
/// Runs the pipeline into memory; NULL with the error buffer set.
VipsImage *cvips_image_copy_memory(VipsImage *image);

// Writing. Buffers are freed with cvips_free.

/// Baseline JPEG without metadata (EXIF, XMP, ICC are stripped).
int cvips_jpeg_save(VipsImage *in, void **data, size_t *length, int quality);
/// Writes a JPEG file as it is encoded, so a full-size image is never held encoded in memory.
int cvips_jpeg_save_file(VipsImage *in, const char *path, int quality);
/// Lossy WebP. libvips 8.14 writes an EXIF chunk even with "strip";
/// Imaging removes it afterwards (WebPContainer.swift).
int cvips_webp_save(VipsImage *in, void **data, size_t *length, int quality);
/// The decoded pixels, row by row; NULL with the error buffer set.
void *cvips_image_write_to_memory(VipsImage *image, size_t *length);

#endif

#ifndef CVIPS_SHIM_H
#define CVIPS_SHIM_H

#include <malloc.h>
#include <vips/vips.h>

// Swift does not import C variadic functions, and every vips operation takes
// its optional arguments as a NULL-terminated list. These shims fix the
// options the Imaging module needs so that Swift can call them.

/// Opens a file lazily: only the header is read until pixels are asked for.
static inline VipsImage *cvips_open_file(const char *path, VipsFailOn fail_on) {
    return vips_image_new_from_file(path, "fail_on", fail_on, NULL);
}

/// A source over a copy of `data`, so that libvips owns the bytes for as long
/// as any lazily decoded image still needs them.
static inline VipsSource *cvips_source_copying(const void *data, size_t length) {
    VipsBlob *blob = vips_blob_copy(data, length);
    VipsSource *source = vips_source_new_from_blob(blob);
    vips_area_unref(VIPS_AREA(blob));
    return source;
}

/// Opens a source lazily: only the header is read until pixels are asked for.
static inline VipsImage *cvips_open_source(VipsSource *source, VipsFailOn fail_on) {
    return vips_image_new_from_source(source, "", "fail_on", fail_on, NULL);
}

/// Shrink-on-load thumbnail of a file: upright by EXIF, first frame only,
/// sRGB, never enlarged. With an `export_profile` (e.g. "srgb") an embedded
/// ICC profile is applied; NULL skips that transform, which costs a third
/// of the job and changes nothing for untagged sRGB. The profile pair goes
/// last because a NULL value there simply ends the option list early.
static inline int cvips_thumbnail_file(const char *path, VipsImage **out, int width, int height,
                                       VipsFailOn fail_on, const char *export_profile) {
    return vips_thumbnail(path, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                          "fail_on", fail_on, "export_profile", export_profile, NULL);
}

/// The same as cvips_thumbnail_file for a source.
static inline int cvips_thumbnail_source(VipsSource *source, VipsImage **out, int width, int height,
                                         VipsFailOn fail_on, const char *export_profile) {
    return vips_thumbnail_source(source, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                 "fail_on", fail_on, "export_profile", export_profile, NULL);
}

/// Resizes an image already in memory to fit width x height, or to fill it
/// and crop the centre when `crop` is true. Never enlarges.
static inline int cvips_resize(VipsImage *in, VipsImage **out, int width, int height, gboolean crop) {
    return vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                "no_rotate", TRUE,
                                "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                                NULL);
}

static inline int cvips_crop(VipsImage *in, VipsImage **out, int left, int top, int width, int height) {
    return vips_crop(in, out, left, top, width, height, NULL);
}

static inline int cvips_rotate(VipsImage *in, VipsImage **out, VipsAngle angle) {
    return vips_rot(in, out, angle, NULL);
}

/// Composites an image with alpha over white, for formats without alpha.
static inline int cvips_flatten_white(VipsImage *in, VipsImage **out) {
    double white[3] = { 255.0, 255.0, 255.0 };
    VipsArrayDouble *background = vips_array_double_new(white, 3);
    int result = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

/// A new header over the same pixels, whose metadata can then be changed
/// without touching images that share it.
static inline int cvips_copy(VipsImage *in, VipsImage **out) {
    return vips_copy(in, out, NULL);
}

/// Baseline JPEG without metadata (EXIF, XMP, ICC are stripped).
static inline int cvips_jpeg_save(VipsImage *in, void **data, size_t *length, int quality) {
    return vips_jpegsave_buffer(in, data, length, "Q", quality, "strip", TRUE,
                                "optimize_coding", TRUE, NULL);
}

/// Lossy WebP. libvips 8.14 writes an EXIF chunk even with "strip";
/// Imaging removes it afterwards (WebPContainer.swift).
static inline int cvips_webp_save(VipsImage *in, void **data, size_t *length, int quality) {
    return vips_webpsave_buffer(in, data, length, "Q", quality, "strip", TRUE, NULL);
}

// g_object_unref takes a gpointer; these keep the Swift side free of casts.
static inline void cvips_release_image(VipsImage *image) {
    g_object_unref(image);
}

static inline void cvips_release_source(VipsSource *source) {
    g_object_unref(source);
}

/// Makes glibc serve every allocation of at least `threshold` bytes with its
/// own mmap, so that a freed decoded image goes straight back to the system.
/// Otherwise glibc raises this threshold after each big free (up to 32 MB)
/// and keeps such blocks in per-thread heaps, where images freed on many
/// server threads stay resident.
static inline void cvips_map_large_allocations(int threshold) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, threshold);
#endif
}

#endif

#ifndef CARCHIVE_LIBRARY_H
#define CARCHIVE_LIBRARY_H

// libarchive's headers give this target the exact prototype of every function it calls; the
// library itself is loaded with dlopen and reached through `libarchive`, a table loader.c fills.

#include <archive.h>
#include <archive_entry.h>

/// Every libarchive function this target calls, once: adding a call means adding its name here
/// (the table's member gets the header's prototype, loader.c resolves it by name) and its
/// carchive_ wrapper in calls.c.
#define CARCHIVE_FUNCTIONS(X) \
    X(archive_write_new) \
    X(archive_write_set_format_zip) \
    X(archive_write_set_format_pax_restricted) \
    X(archive_write_set_bytes_per_block) \
    X(archive_write_set_bytes_in_last_block) \
    X(archive_write_open2) \
    X(archive_write_open_memory) \
    X(archive_write_zip_set_compression_deflate) \
    X(archive_write_zip_set_compression_store) \
    X(archive_write_header) \
    X(archive_write_data) \
    X(archive_write_close) \
    X(archive_write_fail) \
    X(archive_write_free) \
    X(archive_read_new) \
    X(archive_read_support_format_zip) \
    X(archive_read_support_format_tar) \
    X(archive_read_support_filter_gzip) \
    X(archive_read_open_filename) \
    X(archive_read_next_header) \
    X(archive_read_data) \
    X(archive_read_free) \
    X(archive_filter_bytes) \
    X(archive_error_string) \
    X(archive_entry_new) \
    X(archive_entry_free) \
    X(archive_entry_pathname) \
    X(archive_entry_pathname_utf8) \
    X(archive_entry_set_pathname) \
    X(archive_entry_set_pathname_utf8) \
    X(archive_entry_filetype) \
    X(archive_entry_set_filetype) \
    X(archive_entry_set_perm) \
    X(archive_entry_set_mtime) \
    X(archive_entry_size) \
    X(archive_entry_size_is_set) \
    X(archive_entry_set_size) \
    X(archive_entry_hardlink) \
    X(archive_entry_set_hardlink) \
    X(archive_entry_set_symlink) \
    X(archive_entry_set_rdev)

struct carchive_library {
#define CARCHIVE_MEMBER(name) __typeof__(name) *name;
    CARCHIVE_FUNCTIONS(CARCHIVE_MEMBER)
#undef CARCHIVE_MEMBER
};

/// Filled by carchive_load; only read after it succeeded.
extern struct carchive_library libarchive;

#endif

#include <archive.h>
#include <archive_entry.h>

#include "carchive.h"
#include "library.h"

// The values carchive.h gives Swift.
_Static_assert(ARCHIVE_EOF == 1 && ARCHIVE_OK == 0 && ARCHIVE_RETRY == -10 && ARCHIVE_WARN == -20
    && ARCHIVE_FAILED == -25 && ARCHIVE_FATAL == -30, "libarchive's status codes");
_Static_assert(0100000 == AE_IFREG && 0040000 == AE_IFDIR && 0120000 == AE_IFLNK && 0020000 == AE_IFCHR
    && 0060000 == AE_IFBLK && 0010000 == AE_IFIFO && 0140000 == AE_IFSOCK, "libarchive's entry types");

struct archive *carchive_write_new(void) { return libarchive.archive_write_new(); }
int carchive_write_set_format_zip(struct archive *a) { return libarchive.archive_write_set_format_zip(a); }
int carchive_write_set_format_pax_restricted(struct archive *a) { return libarchive.archive_write_set_format_pax_restricted(a); }
int carchive_write_set_bytes_per_block(struct archive *a, int bytes) { return libarchive.archive_write_set_bytes_per_block(a, bytes); }
int carchive_write_set_bytes_in_last_block(struct archive *a, int bytes) { return libarchive.archive_write_set_bytes_in_last_block(a, bytes); }
int carchive_write_open2(struct archive *a, void *client, carchive_open_callback *open, carchive_write_callback *write, carchive_close_callback *close, carchive_free_callback *free) { return libarchive.archive_write_open2(a, client, open, write, close, free); }
int carchive_write_open_memory(struct archive *a, void *buffer, size_t size, size_t *used) { return libarchive.archive_write_open_memory(a, buffer, size, used); }
int carchive_write_zip_set_compression_deflate(struct archive *a) { return libarchive.archive_write_zip_set_compression_deflate(a); }
int carchive_write_zip_set_compression_store(struct archive *a) { return libarchive.archive_write_zip_set_compression_store(a); }
int carchive_write_header(struct archive *a, struct archive_entry *entry) { return libarchive.archive_write_header(a, entry); }
ssize_t carchive_write_data(struct archive *a, const void *buffer, size_t size) { return libarchive.archive_write_data(a, buffer, size); }
int carchive_write_close(struct archive *a) { return libarchive.archive_write_close(a); }
int carchive_write_fail(struct archive *a) { return libarchive.archive_write_fail(a); }
int carchive_write_free(struct archive *a) { return libarchive.archive_write_free(a); }
struct archive *carchive_read_new(void) { return libarchive.archive_read_new(); }
int carchive_read_support_format_zip(struct archive *a) { return libarchive.archive_read_support_format_zip(a); }
int carchive_read_support_format_tar(struct archive *a) { return libarchive.archive_read_support_format_tar(a); }
int carchive_read_support_filter_gzip(struct archive *a) { return libarchive.archive_read_support_filter_gzip(a); }
int carchive_read_open_filename(struct archive *a, const char *path, size_t block) { return libarchive.archive_read_open_filename(a, path, block); }
int carchive_read_next_header(struct archive *a, struct archive_entry **entry) { return libarchive.archive_read_next_header(a, entry); }
ssize_t carchive_read_data(struct archive *a, void *buffer, size_t size) { return libarchive.archive_read_data(a, buffer, size); }
int carchive_read_free(struct archive *a) { return libarchive.archive_read_free(a); }
int64_t carchive_filter_bytes(struct archive *a, int filter) { return libarchive.archive_filter_bytes(a, filter); }
const char *carchive_error_string(struct archive *a) { return libarchive.archive_error_string(a); }
struct archive_entry *carchive_entry_new(void) { return libarchive.archive_entry_new(); }
void carchive_entry_free(struct archive_entry *e) { libarchive.archive_entry_free(e); }
const char *carchive_entry_pathname(struct archive_entry *e) { return libarchive.archive_entry_pathname(e); }
const char *carchive_entry_pathname_utf8(struct archive_entry *e) { return libarchive.archive_entry_pathname_utf8(e); }
void carchive_entry_set_pathname(struct archive_entry *e, const char *name) { libarchive.archive_entry_set_pathname(e, name); }
void carchive_entry_set_pathname_utf8(struct archive_entry *e, const char *name) { libarchive.archive_entry_set_pathname_utf8(e, name); }
unsigned int carchive_entry_filetype(struct archive_entry *e) { return libarchive.archive_entry_filetype(e); }
void carchive_entry_set_filetype(struct archive_entry *e, unsigned int type) { libarchive.archive_entry_set_filetype(e, type); }
void carchive_entry_set_perm(struct archive_entry *e, unsigned int perm) { libarchive.archive_entry_set_perm(e, perm); }
void carchive_entry_set_mtime(struct archive_entry *e, time_t seconds, long nanoseconds) { libarchive.archive_entry_set_mtime(e, seconds, nanoseconds); }
int64_t carchive_entry_size(struct archive_entry *e) { return libarchive.archive_entry_size(e); }
int carchive_entry_size_is_set(struct archive_entry *e) { return libarchive.archive_entry_size_is_set(e); }
void carchive_entry_set_size(struct archive_entry *e, int64_t size) { libarchive.archive_entry_set_size(e, size); }
const char *carchive_entry_hardlink(struct archive_entry *e) { return libarchive.archive_entry_hardlink(e); }
void carchive_entry_set_hardlink(struct archive_entry *e, const char *target) { libarchive.archive_entry_set_hardlink(e, target); }
void carchive_entry_set_symlink(struct archive_entry *e, const char *target) { libarchive.archive_entry_set_symlink(e, target); }
void carchive_entry_set_rdev(struct archive_entry *e, dev_t device) { libarchive.archive_entry_set_rdev(e, device); }

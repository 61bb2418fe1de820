#ifndef CARCHIVE_H
#define CARCHIVE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

// What the Archive module sees of libarchive. libarchive is not linked: it is loaded with dlopen
// at the first archive (see loader.c), because it brings libxml2, ICU, liblzma, libzstd and more,
// which would cost an idle server several megabytes and break the promise that libxml2 comes only
// with the first link preview. This header is self-contained: libarchive's own headers are seen
// only by this target's C files, so Swift cannot call an archive_ function past the loader.
//
// Every function but carchive_load may be called only after carchive_load has succeeded. Each
// carchive_x calls libarchive's archive_x, with the same arguments and result.

struct archive;
struct archive_entry;

/// libarchive's status codes (checked against its headers in calls.c).
static const int CARCHIVE_EOF = 1;
static const int CARCHIVE_OK = 0;
static const int CARCHIVE_RETRY = -10;
static const int CARCHIVE_WARN = -20;
static const int CARCHIVE_FAILED = -25;
static const int CARCHIVE_FATAL = -30;

/// The entry types (AE_IF*, checked in calls.c).
static const unsigned int wishlist_ae_regular = 0100000;
static const unsigned int wishlist_ae_directory = 0040000;
static const unsigned int wishlist_ae_symlink = 0120000;
static const unsigned int wishlist_ae_character_device = 0020000;
static const unsigned int wishlist_ae_block_device = 0060000;
static const unsigned int wishlist_ae_fifo = 0010000;
static const unsigned int wishlist_ae_socket = 0140000;

typedef int carchive_open_callback(struct archive *, void *client);
typedef ssize_t carchive_write_callback(struct archive *, void *client, const void *buffer, size_t length);
typedef int carchive_close_callback(struct archive *, void *client);
typedef int carchive_free_callback(struct archive *, void *client);

/// Loads libarchive, once; NULL when it worked, else why not (dlerror's text).
const char *carchive_load(void);

struct archive *carchive_write_new(void);
int carchive_write_set_format_zip(struct archive *a);
int carchive_write_set_format_pax_restricted(struct archive *a);
int carchive_write_set_bytes_per_block(struct archive *a, int bytes);
int carchive_write_set_bytes_in_last_block(struct archive *a, int bytes);
int carchive_write_open2(struct archive *a, void *client, carchive_open_callback *open, carchive_write_callback *write, carchive_close_callback *close, carchive_free_callback *free);
int carchive_write_open_memory(struct archive *a, void *buffer, size_t size, size_t *used);
int carchive_write_zip_set_compression_deflate(struct archive *a);
int carchive_write_zip_set_compression_store(struct archive *a);
int carchive_write_header(struct archive *a, struct archive_entry *entry);
ssize_t carchive_write_data(struct archive *a, const void *buffer, size_t size);
int carchive_write_close(struct archive *a);
int carchive_write_fail(struct archive *a);
int carchive_write_free(struct archive *a);
struct archive *carchive_read_new(void);
int carchive_read_support_format_zip(struct archive *a);
int carchive_read_support_format_tar(struct archive *a);
int carchive_read_support_filter_gzip(struct archive *a);
int carchive_read_open_filename(struct archive *a, const char *path, size_t block);
int carchive_read_next_header(struct archive *a, struct archive_entry **entry);
ssize_t carchive_read_data(struct archive *a, void *buffer, size_t size);
int carchive_read_free(struct archive *a);
int64_t carchive_filter_bytes(struct archive *a, int filter);
const char *carchive_error_string(struct archive *a);
struct archive_entry *carchive_entry_new(void);
void carchive_entry_free(struct archive_entry *e);
const char *carchive_entry_pathname(struct archive_entry *e);
const char *carchive_entry_pathname_utf8(struct archive_entry *e);
void carchive_entry_set_pathname(struct archive_entry *e, const char *name);
void carchive_entry_set_pathname_utf8(struct archive_entry *e, const char *name);
unsigned int carchive_entry_filetype(struct archive_entry *e);
void carchive_entry_set_filetype(struct archive_entry *e, unsigned int type);
void carchive_entry_set_perm(struct archive_entry *e, unsigned int perm);
void carchive_entry_set_mtime(struct archive_entry *e, time_t seconds, long nanoseconds);
int64_t carchive_entry_size(struct archive_entry *e);
int carchive_entry_size_is_set(struct archive_entry *e);
void carchive_entry_set_size(struct archive_entry *e, int64_t size);
const char *carchive_entry_hardlink(struct archive_entry *e);
void carchive_entry_set_hardlink(struct archive_entry *e, const char *target);
void carchive_entry_set_symlink(struct archive_entry *e, const char *target);
void carchive_entry_set_rdev(struct archive_entry *e, dev_t device);

#endif

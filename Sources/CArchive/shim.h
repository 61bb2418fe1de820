#include <archive.h>
#include <archive_entry.h>

// The entry types are macros with casts, which Swift does not import.
static const unsigned int wishlist_ae_regular = AE_IFREG;
static const unsigned int wishlist_ae_directory = AE_IFDIR;
static const unsigned int wishlist_ae_symlink = AE_IFLNK;
static const unsigned int wishlist_ae_character_device = AE_IFCHR;
static const unsigned int wishlist_ae_block_device = AE_IFBLK;
static const unsigned int wishlist_ae_fifo = AE_IFIFO;
static const unsigned int wishlist_ae_socket = AE_IFSOCK;

/* fsutil.h - whole-file reads (or read-only mappings) and atomic writes. */
#ifndef MAPLE_FSUTIL_H
#define MAPLE_FSUTIL_H

#include "error.h"
#include "strbuf.h"
#include "strvec.h"

#include <stddef.h>

/* Reads path into sb (appending). Fails with a message naming the file when it cannot be read
 * or is larger than max_bytes. */
int read_file(const char *path, struct strbuf *sb, size_t max_bytes, struct maple_error *err);
/* A data file's bytes (buf[0, len), a NUL after them), mapped read-only from the page cache when the file
 * is regular, 1 byte up to max_bytes, and its size not a multiple of the page size (the mapping then
 * holds the NUL); else read into sb by read_file(), whose errors it gives. Mapping spares the process
 * a heap copy: each page it would write costs a page fault, and maple reads every cluster profile at
 * start (issue 15). Owned until filebytes_release. */
struct filebytes {
	const char *buf;
	size_t len;
	void *map; /* the mapping, or NULL when the bytes are in sb */
	size_t maplen;
	struct strbuf sb;
};
int filebytes_load(const char *path, size_t max_bytes, struct filebytes *fb, struct maple_error *err);
void filebytes_release(struct filebytes *fb);
/* Reads all of a stream (stdin) into sb, up to max_bytes. */
int read_stream(int fd, struct strbuf *sb, size_t max_bytes, struct maple_error *err);
/* Writes data to path through a temporary file in the same directory and rename(2): readers see
 * the old file or the whole new one, never half. mode is applied to the file; an existing file is
 * replaced. output_write() (output.h) with OUTPUT_REPLACE |
 * OUTPUT_EXACT_MODE: link-safe, cleaned up on signals. Commands writing a user's file call
 * output_write() directly to choose whether replacing is allowed. */
int write_file_atomic(const char *path, const char *data, size_t len, int mode, struct maple_error *err);
/* write_file_atomic() without fsync (OUTPUT_NO_SYNC): for scratch files a later run writes again. */
int write_file_scratch(const char *path, const char *data, size_t len, int mode, struct maple_error *err);
int is_directory(const char *path);
/* The names of the files in dir that end in suffix (".yaml"), dot files left out, sorted (a fixed order:
 * messages and overrides repeat from run to run); appended to out, nothing when dir cannot be read. */
void list_dir_suffix(const char *dir, const char *suffix, struct strvec *out);
/* mkdir -p: creates path and its missing parents with mode; fails (errno set) like mkdir(2). */
int make_dirs(const char *path, int mode);
/* maple's state directory (caches, the fix store): $MAPLE_STATE_DIR, else $XDG_DATA_HOME/maple (when
 * absolute), else $HOME/.local/share/maple; appended to out. Fails when none is set, or HOME is not an
 * existing directory (it is never created). */
int maple_state_dir(struct strbuf *out, struct maple_error *err);

#endif

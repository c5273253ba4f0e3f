/* blob.h - a tiny writer and bounds-checked reader of flat binary records (u32 counts, NUL-ended
 * strings) for the caches kept in the data snapshot (a loaded vocabulary, an index): native byte order,
 * read only by the build that wrote them. */
#ifndef MAPLE_BLOB_H
#define MAPLE_BLOB_H

#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void blob_put_u32(struct strbuf *b, uint32_t v);
/* s with its NUL (s must not be NULL) */
void blob_put_str(struct strbuf *b, const char *s);

/* A reader over len bytes the caller keeps alive: a read past the end, or a string without its NUL,
 * sets bad and returns 0 / "" from then on, so a decoder checks bad once at the end. */
struct blob_rd {
	const char *p, *end;
	bool bad;
};

void blob_rd_init(struct blob_rd *r, const void *data, size_t len);
uint32_t blob_get_u32(struct blob_rd *r);
/* a count of items that take at least min_bytes each: more than the bytes left is bad (returns 0) */
uint32_t blob_get_count(struct blob_rd *r, size_t min_bytes);
/* the next string, in place (no copy): it lives as long as the data */
const char *blob_get_str(struct blob_rd *r);

#endif

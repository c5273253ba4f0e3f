/* blob.c - flat binary records for the snapshot's caches: u32s and NUL-ended strings (see blob.h). */
#include "blob.h"

#include <string.h>

void blob_put_u32(struct strbuf *b, uint32_t v)
{
	strbuf_add(b, &v, 4);
}

void blob_put_str(struct strbuf *b, const char *s)
{
	strbuf_add(b, s, strlen(s) + 1);
}

void blob_rd_init(struct blob_rd *r, const void *data, size_t len)
{
	r->p = data;
	r->end = r->p + len;
	r->bad = false;
}

uint32_t blob_get_u32(struct blob_rd *r)
{
	uint32_t v;
	if (r->bad || r->end - r->p < 4) {
		r->bad = true;
		return 0;
	}
	memcpy(&v, r->p, 4);
	r->p += 4;
	return v;
}

uint32_t blob_get_count(struct blob_rd *r, size_t min_bytes)
{
	uint32_t n = blob_get_u32(r);
	if (!r->bad && min_bytes && n > (size_t)(r->end - r->p) / min_bytes)
		r->bad = true;
	return r->bad ? 0 : n;
}

const char *blob_get_str(struct blob_rd *r)
{
	const char *nul = r->bad ? NULL : memchr(r->p, 0, (size_t)(r->end - r->p));
	if (!nul) {
		r->bad = true;
		return "";
	}
	const char *s = r->p;
	r->p = nul + 1;
	return s;
}

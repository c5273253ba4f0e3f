/* byteset.c - the byte values and byte pairs a text holds, for skipping substring searches that cannot
 * match; and mem_find, a memmem for short texts. */
#include "byteset.h"

#include <string.h>

void byteset_of(const char *s, size_t n, struct byteset *b)
{
	memset(b, 0, sizeof(*b));
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		b->bits[c >> 6] |= (uint64_t)1 << (c & 63);
	}
}

bool byteset_has_all(const struct byteset *b, const char *needle, size_t len)
{
	for (size_t k = 0; k < len; k++) {
		unsigned char c = (unsigned char)needle[k];
		if (!(b->bits[c >> 6] & ((uint64_t)1 << (c & 63))))
			return false;
	}
	return true;
}

static unsigned pair_at(const char *s)
{
	return (unsigned)(unsigned char)s[0] | (unsigned)(unsigned char)s[1] << 8;
}

void pairset_of(const char *s, size_t n, struct pairset *p)
{
	memset(p, 0, sizeof(*p));
	for (size_t i = 0; i + 1 < n; i++) {
		unsigned v = pair_at(s + i);
		p->bits[v >> 6] |= (uint64_t)1 << (v & 63);
	}
}

bool pairset_has_all(const struct pairset *p, const char *needle, size_t len)
{
	for (size_t k = 0; k + 1 < len; k++) {
		unsigned v = pair_at(needle + k);
		if (!(p->bits[v >> 6] & ((uint64_t)1 << (v & 63))))
			return false;
	}
	return true;
}

const char *pairset_strstr(const struct pairset *p, const char *text, const char *needle)
{
	return pairset_has_all(p, needle, strlen(needle)) ? strstr(text, needle) : NULL;
}

void *mem_find(const void *hay, size_t hlen, const void *needle, size_t nlen)
{
	const unsigned char *h = hay, *n = needle;
	if (!nlen)
		return (void *)h;
	if (nlen > hlen)
		return NULL;
	const unsigned char *last = h + (hlen - nlen); /* the last place the needle can start */
	for (const unsigned char *p = h; p <= last; p++) {
		p = memchr(p, n[0], (size_t)(last - p) + 1);
		if (!p)
			return NULL;
		if (!memcmp(p + 1, n + 1, nlen - 1))
			return (void *)p;
	}
	return NULL;
}

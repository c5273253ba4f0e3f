/* byteset.c - the byte values a text holds, for skipping substring searches that cannot match. */
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

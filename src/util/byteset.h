/* byteset.h - the set of byte values a piece of text holds (a bit each), and the set of adjacent byte
 * pairs it holds: a needle with a byte (or a pair) the text lacks is not in it, which lets readers skip
 * most of their substring searches. Both are exact filters: a needle that occurs always passes. And
 * mem_find, a memmem for short texts. */
#ifndef MAPLE_BYTESET_H
#define MAPLE_BYTESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct byteset {
	uint64_t bits[4];
};

/* The bytes of s[0, n). */
void byteset_of(const char *s, size_t n, struct byteset *b);
/* Whether every byte of needle[0, len) is in b (a necessary condition for needle to occur). */
bool byteset_has_all(const struct byteset *b, const char *needle, size_t len);

/* The adjacent byte pairs of a text (8 KiB: build it once per text, search it many times). */
struct pairset {
	uint64_t bits[1024];
};

/* The pairs s[i] s[i+1] of s[0, n). */
void pairset_of(const char *s, size_t n, struct pairset *p);
/* Whether every adjacent pair of needle[0, len) is in p (a necessary condition for needle to occur
 * when len >= 2; a shorter needle always passes). */
bool pairset_has_all(const struct pairset *p, const char *needle, size_t len);
/* strstr(text, needle), skipped (NULL) when p, the pairs of text, proves that needle is not there. */
const char *pairset_strstr(const struct pairset *p, const char *text, const char *needle);

/* memmem(hay, hlen, needle, nlen): the same answer, found by memchr on the needle's first byte then a
 * compare. For the short texts and needles of the reader this costs a fraction of glibc's memmem, which
 * sets up a shift table on every call (~700 instructions) even when the needle's first byte is absent. */
void *mem_find(const void *hay, size_t hlen, const void *needle, size_t nlen);

#endif

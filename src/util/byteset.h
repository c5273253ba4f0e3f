/* byteset.h - the set of byte values a piece of text holds (a bit each): a needle with a byte the text
 * lacks is not in it, which lets line-by-line readers skip most of their substring searches. */
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

#endif

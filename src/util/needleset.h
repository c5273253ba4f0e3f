/* needleset.h - whether any of a fixed set of substrings occurs in a text, in one pass: each needle is
 * anchored on its least common byte pair (by a static guess of letter frequencies), the pass looks every
 * pair of the text up in a 64 KiB table of anchors, and only an anchor hit is compared in full. The
 * answer is exact (a needle that occurs is always found); the anchors only decide how fast. */
#ifndef MAPLE_NEEDLESET_H
#define MAPLE_NEEDLESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NEEDLESET_MAX 255

struct needleset {
	const char *needle[NEEDLESET_MAX];
	uint16_t len[NEEDLESET_MAX], off[NEEDLESET_MAX], anchor[NEEDLESET_MAX];
	uint8_t head[65536];	    /* [a | b << 8]: 1 + the first needle anchored on the pair a b; 0 = none */
	uint8_t next[NEEDLESET_MAX]; /* 1 + the next needle on the same pair; 0 = none */
	size_t count;
	bool any_short; /* a needle of fewer than 2 bytes: every text may hold one */
};

/* Builds the set of count needles (NUL-terminated, kept by the caller; at most NEEDLESET_MAX). */
void needleset_init(struct needleset *ns, const char *const *needles, size_t count);
/* Whether some needle occurs in s[0, n). */
bool needleset_any(const struct needleset *ns, const char *s, size_t n);

#endif

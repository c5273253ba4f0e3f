/* needleset.h - whether (and where) any of a fixed set of substrings occurs in a text, in one pass: each
 * needle is anchored on its least common byte pair (by a static guess of letter frequencies), the pass
 * looks every pair of the text up in a 64 KiB table of anchors, and only an anchor hit is compared in
 * full. The answer is exact (a needle that occurs is always found); the anchors only decide how fast.
 * Needles may be ASCII case-insensitive (then the whole set looks pairs up folded). */
#ifndef MAPLE_NEEDLESET_H
#define MAPLE_NEEDLESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NEEDLESET_MAX 2048
#define NEEDLESET_HEAD3 4096

struct needleset {
	const char *needle[NEEDLESET_MAX];
	uint16_t len[NEEDLESET_MAX], off[NEEDLESET_MAX];
	bool icase[NEEDLESET_MAX];
	uint16_t head[65536];	      /* [a | b << 8]: 1 + the first needle anchored on the pair a b; 0 = none */
	/* when fold: head[] of the folded pair, indexed by the pair as the text has it (every case spelling of
	 * an anchor pair), so that a pass looks pairs up without folding each byte; not set (nor touched) when
	 * no needle is case-insensitive. Placed last in the struct. */
	uint16_t next[NEEDLESET_MAX]; /* 1 + the next needle on the same pair; 0 = none */
	/* the needles of 3 bytes or more again, chained by their anchor pair and the byte after it (hashed
	 * into NEEDLESET_HEAD3 chains): a common pair that anchors many needles ("mp" in "samples") walks only
	 * the few with that third byte */
	uint16_t head3[NEEDLESET_HEAD3], next3[NEEDLESET_MAX];
	uint16_t two[NEEDLESET_MAX]; /* the needles of exactly 2 bytes (no third byte) */
	size_t ntwo;
	uint64_t pair2[65536 / 64]; /* the pairs that anchor a needle of 2 bytes */
	size_t count;
	bool any_short; /* a needle of fewer than 2 bytes: every text may hold one */
	bool fold;	/* some needle is case-insensitive: pairs are looked up ASCII-folded */
	bool full;	/* more needles were offered than fit: every text may hold one */
	uint16_t headf[65536]; /* see above: last, so that init leaves it untouched when not fold */
};

/* A guess at how common byte c is in log text (higher = more common); only speed depends on it: the
 * needle set anchors each needle on its rarest pair, and other searches may start at a rare byte. */
unsigned needleset_byte_weight(unsigned char c);

/* Builds the set of count needles (NUL-terminated, kept by the caller; at most NEEDLESET_MAX). */
void needleset_init(struct needleset *ns, const char *const *needles, size_t count);
/* The same with lengths and, per needle, ASCII case-insensitivity (icase may be NULL). Needles past
 * NEEDLESET_MAX make the set answer "maybe" everywhere (needleset_find returns 0). */
void needleset_init_ex(struct needleset *ns, const char *const *needles, const size_t *lens, const bool *icase,
		       size_t count);
/* The same as needleset_init with the caller's guess of how common each byte pair is in its texts (higher =
 * more common; the product of needleset_byte_weight when NULL): only speed depends on it. */
void needleset_init_pairs(struct needleset *ns, const char *const *needles, size_t count,
			  unsigned (*pair_weight)(unsigned char a, unsigned char b));
/* Whether some needle occurs in s[0, n). */
bool needleset_any(const struct needleset *ns, const char *s, size_t n);
/* The offset of the leftmost anchor pair of a needle occurrence in s[0, n) (inside that occurrence: for
 * needles without newlines, no line before that offset's line holds a needle), or n when none occurs.
 * 0 when every text may hold a needle (any_short / full): the caller then looks at every line. */
size_t needleset_find(const struct needleset *ns, const char *s, size_t n);
/* Sets bit k of bits (NEEDLESET_MAX bits, cleared by the caller) for every needle k occurring in s[0, n).
 * False (bits untouched) when the set cannot tell (any_short / full). */
bool needleset_mark(const struct needleset *ns, const char *s, size_t n, uint64_t *bits);

#endif

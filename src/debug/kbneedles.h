/* kbneedles.h - the knowledge base's needle index, built once when the KB is loaded and owned by it
 * (struct kb.needles): every signature pattern's needles once each with the patterns each one gates, the
 * byte-pair bitmap and hash chains the log scanner finds them with, and a needle set that skips the
 * lines holding none. A diagnosis reads it and ignores the patterns of signatures that do not apply. */
#ifndef MAPLE_KBNEEDLES_H
#define MAPLE_KBNEEDLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct kb;
struct needleset;

#define KBN_BUCKETS (1u << 16)
#define KBN_NONE UINT32_MAX

/* One needle: the literal, and the patterns (by number: struct kb_needles.base) that need it. */
struct kbn_entry {
	const char *text;
	size_t len;
	bool icase;
	size_t *pats;
	size_t npats;
	size_t next;	    /* the next needle of the same hash chain, or SIZE_MAX */
	uint64_t pre, mask; /* its first (up to) 8 bytes folded, for a one-compare check */
};

struct kb_needles {
	size_t *base;	      /* per signature (in kb->sigs order): the number of its first pattern */
	size_t npatterns;     /* the patterns of every signature, numbered in kb->sigs order */
	size_t *always;	      /* the patterns with no needle: tried on every line */
	size_t nalways;
	struct kbn_entry *e;  /* the needles, once each */
	size_t n;
	/* A position is looked at further only when its first two folded bytes start some needle (a bitmap
	 * of byte pairs); then needles of 4+ bytes are found by a hash of the first four bytes, shorter ones
	 * by their byte pair. KBN_BUCKETS chain heads each (a needle index, KBN_NONE = none). */
	uint64_t pairs[KBN_BUCKETS / 64];
	uint32_t *quad; /* needles of 4+ bytes */
	uint32_t *pair; /* needles of 2-3 bytes; NULL when there is none (any_short false) */
	bool any_short;
	struct needleset *ns; /* every needle, to skip lines holding none (NULL: a needle holds a newline) */
};

/* ASCII case folding without a call per byte (set up by kb_needles_build). */
extern unsigned char kbn_fold[256];

/* The hash bucket of a needle's (or a line position's) first four folded bytes. */
static inline unsigned kbn_quad_bucket(const unsigned char *p)
{
	uint32_t v = ((uint32_t)kbn_fold[p[0]] << 24) | ((uint32_t)kbn_fold[p[1]] << 16) |
		     ((uint32_t)kbn_fold[p[2]] << 8) | kbn_fold[p[3]];
	return (v * 2654435761u) >> 16;
}

/* Up to 8 bytes at p (of n available), folded, in the order of kbn_entry.pre. */
static inline uint64_t kbn_folded8(const unsigned char *p, size_t n)
{
	uint64_t v = 0;
	for (size_t k = 0; k < 8 && k < n; k++)
		v |= (uint64_t)kbn_fold[p[k]] << (8 * k);
	return v;
}

/* Builds the index of kb's patterns (kb->sigs sorted and final). The caller owns the result:
 * kb_needles_destroy(). */
struct kb_needles *kb_needles_build(const struct kb *kb);
void kb_needles_destroy(struct kb_needles *x);

#endif

/* needle_find.h - the substring search of the trainer recognizers (trainers*.c): memmem with what it
 * learns of each needle cached per thread, and the bytes of the line being read, so that most searches
 * are settled by four word tests without reading the line. The cached needles are also gathered into
 * one needle set, which marks in a single pass over the line which of them it holds: a needle it does
 * not hold is settled by one bit. The common path is inline here; the rest is in needle_find.c. */
#ifndef MAPLE_LOGS_NEEDLE_FIND_H
#define MAPLE_LOGS_NEEDLE_FIND_H

#include "../util/byteset.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a thread learns of a needle once: its length, its bytes and its least common byte (memchr looks
 * for that one). Keyed by the needle's address and checked against a copy of its text, so a needle at a
 * reused address is never mistaken, except a string constant of the program (in its read-only
 * segments), which never changes: its address alone is the key. */
#define NEEDLE_CACHE 4096 /* a power of two */
#define NEEDLE_PROBES 8
#define NEEDLE_CACHED_LEN 48
struct needle_info {
	const char *p;
	uint32_t len, rare;
	int32_t mark; /* its bit in the line's marks (needle_line.marks), -1 = none (not in the set yet) */
	bool constant;
	struct byteset bytes;
	char text[NEEDLE_CACHED_LEN];
};

/* The bytes of the line being read (set around a line's recognizers): a needle with a byte the line
 * does not have is not in it; and, when marked, the needles of the thread's set the line holds (bit k:
 * the needle whose mark is k): a needle of the set whose bit is clear is not in it. */
struct needle_line {
	bool valid, marked, has_bytes; /* has_bytes: bytes is set (made on the first search that needs it) */
	const char *s;
	size_t n;
	struct byteset bytes;
	const uint64_t *marks;
};

extern _Thread_local struct needle_info *needle_cache;
extern _Thread_local struct needle_line needle_line;

/* The entry of needle, made when missing (NULL when it cannot be cached: too long, or no memory). */
const struct needle_info *needle_info_slow(const char *needle);
/* The search itself, once the line's bytes allowed it (ni NULL: not cached). */
const char *needle_scan(const char *s, size_t n, const char *needle, const struct needle_info *ni);
/* The line whose bytes the searches within it use, and its end. */
void needle_line_set(const char *s, size_t n);
/* The line's bytes (needle_line.bytes), made when not yet. */
const struct byteset *needle_line_bytes(void);
void needle_line_clear(void);

static inline __attribute__((always_inline)) const struct needle_info *needle_info(const char *needle)
{
	if (needle_cache) {
		size_t h = (size_t)(((uint64_t)(uintptr_t)needle * 0x9E3779B97F4A7C15ull) >> 52) & (NEEDLE_CACHE - 1);
		const struct needle_info *c = &needle_cache[h];
		if (c->p == needle && c->constant)
			return c;
	}
	return needle_info_slow(needle);
}

/* memmem(s, n, needle, strlen(needle)): the leftmost match, or NULL. */
static inline __attribute__((always_inline)) const char *needle_find(const char *s, size_t n, const char *needle)
{
	const struct needle_info *ni = needle_info(needle);
	if (!ni)
		return needle_scan(s, n, needle, NULL);
	size_t m = ni->len;
	if (!m)
		return s;
	if (m > n)
		return NULL;
	if (needle_line.valid && s >= needle_line.s && s + n <= needle_line.s + needle_line.n) {
		int32_t k = ni->mark;
		if (needle_line.marked && k >= 0) {
			if (!(needle_line.marks[k / 64] >> (k % 64) & 1))
				return NULL;
		} else {
			const uint64_t *nb = ni->bytes.bits, *lb = needle_line_bytes()->bits;
			if ((nb[0] & ~lb[0]) | (nb[1] & ~lb[1]) | (nb[2] & ~lb[2]) | (nb[3] & ~lb[3]))
				return NULL;
		}
	}
	return needle_scan(s, n, needle, ni);
}

#endif

/* needle_find.c - the needle cache and the search of needle_find.h. The recognizers search ~600 distinct
 * needles: an open-addressed table four times that size keeps each one's entry (512 direct-mapped slots
 * lost a sixth of the searches to collisions, and working the lost entries out again was half of `maple
 * logs`). The table is allocated on a thread's first search, so a command that reads no log pays nothing
 * for it at start-up. */
#include "needle_find.h"

#include "shapes.h"

#include "../util/needleset.h"
#include "../util/rodata.h"

#include <stdlib.h>
#include <string.h>

_Thread_local struct needle_info *needle_cache;
_Thread_local struct needle_line needle_line;

/* The thread's needle set of the cached constant needles (of 2 bytes or more), rebuilt when needles were
 * added since, at most once every MARK_REBUILD lines (a needle not in it yet is searched as before): the
 * recognizers ask the same ~600 needles of every line, so after the first lines the set holds them all. */
#define MARK_REBUILD 1024
static _Thread_local struct {
	struct needleset *set;
	const char *needle[NEEDLESET_MAX];
	uint64_t bits[NEEDLESET_MAX / 64];
	bool stale;
	unsigned lines; /* lines marked since the last rebuild */
} marks;

void trainer_line_thread_release(void)
{
	free(needle_cache);
	needle_cache = NULL;
	free(marks.set);
	marks.set = NULL;
	marks.stale = false;
	marks.lines = 0;
	needle_line.marked = false;
}

/* Gathers the cached constant needles into the set, numbering each entry's mark; false when the set
 * cannot be had (no memory), and then no line is marked. */
static bool marks_rebuild(void)
{
	if (!marks.set && !(marks.set = malloc(sizeof(*marks.set))))
		return false;
	size_t count = 0;
	for (size_t h = 0; h < NEEDLE_CACHE; h++) {
		struct needle_info *e = &needle_cache[h];
		e->mark = -1;
		if (e->p && e->constant && e->len >= 2 && count < NEEDLESET_MAX) {
			e->mark = (int32_t)count;
			marks.needle[count++] = e->p;
		}
	}
	needleset_init(marks.set, marks.needle, count);
	marks.stale = false;
	marks.lines = 0;
	return true;
}

const struct byteset *needle_line_bytes(void)
{
	if (!needle_line.has_bytes) {
		byteset_of(needle_line.s, needle_line.n, &needle_line.bytes);
		needle_line.has_bytes = true;
	}
	return &needle_line.bytes;
}

void needle_line_set(const char *s, size_t n)
{
	needle_line.has_bytes = false; /* made when a search needs them: a needle of the set has its mark */
	needle_line.s = s;
	needle_line.n = n;
	needle_line.valid = true;
	needle_line.marked = false;
	if (!needle_cache)
		return;
	if ((marks.stale && marks.lines >= MARK_REBUILD) || !marks.set) {
		if (!marks_rebuild())
			return;
	}
	marks.lines++;
	memset(marks.bits, 0, sizeof(marks.bits));
	if (needleset_mark(marks.set, s, n, marks.bits)) {
		needle_line.marks = marks.bits;
		needle_line.marked = true;
	}
}

void needle_line_clear(void)
{
	needle_line.valid = false;
	needle_line.marked = false;
}

const struct needle_info *needle_info_slow(const char *needle)
{
	if (!needle_cache) {
		needle_cache = calloc(NEEDLE_CACHE, sizeof(*needle_cache));
		if (!needle_cache)
			return NULL; /* the search then goes without the cache */
	}
	size_t h = (size_t)(((uint64_t)(uintptr_t)needle * 0x9E3779B97F4A7C15ull) >> 52) & (NEEDLE_CACHE - 1);
	struct needle_info *e = NULL;
	for (size_t k = 0; k < NEEDLE_PROBES; k++) {
		struct needle_info *c = &needle_cache[(h + k) & (NEEDLE_CACHE - 1)];
		if (c->p == needle) {
			if (c->constant || (c->text[0] == needle[0] && !strncmp(c->text, needle, (size_t)c->len + 1)))
				return c;
			e = c; /* the same address holding another text: this entry is stale */
			break;
		}
		if (!c->p) {
			e = c;
			break;
		}
	}
	if (!e)
		e = &needle_cache[h]; /* every probed slot holds another needle: the first is replaced */
	size_t m = strlen(needle);
	if (m >= NEEDLE_CACHED_LEN)
		return NULL;
	e->p = needle;
	e->len = (uint32_t)m;
	e->mark = -1;
	e->constant = in_program_rodata(needle);
	marks.stale = marks.stale || e->constant;
	memcpy(e->text, needle, m + 1);
	byteset_of(needle, m, &e->bytes);
	e->rare = 0;
	for (size_t k = 1; k < m; k++)
		if (needleset_byte_weight((unsigned char)needle[k]) < needleset_byte_weight((unsigned char)needle[e->rare]))
			e->rare = (uint32_t)k;
	return e;
}

const char *needle_scan(const char *s, size_t n, const char *needle, const struct needle_info *ni)
{
	if (!ni) {
		size_t m = strlen(needle);
		if (needle_line.valid && s >= needle_line.s && s + n <= needle_line.s + needle_line.n &&
		    !byteset_has_all(needle_line_bytes(), needle, m))
			return NULL;
		return memmem(s, n, needle, m);
	}
	size_t m = ni->len;
	/* the needle's least common byte by memchr, then the rest compared: the leftmost match, as memmem */
	const char *at = s + ni->rare, *last = s + (n - m) + ni->rare;
	char c = needle[ni->rare];
	while (at <= last && (at = memchr(at, c, (size_t)(last - at) + 1))) {
		const char *cand = at - ni->rare;
		if (!memcmp(cand, needle, m))
			return cand;
		at++;
	}
	return NULL;
}

/* brief.c - the cluster index kept in the data snapshot (issue 15): for every cluster profile, what
 * opening the repository, looking a cluster up by a name or its centre, and telling which cluster a
 * script was written for need (its file, id, names, centre, scheduler, launcher, fingerprints,
 * required directives, queue names and module lines), so that a process whose profiles are unchanged
 * since they last validated builds only the clusters it uses. The index is written only after every profile validated; it is a cache like the snapshot.
 *
 * Blob: u32 magic, u32 count; per cluster: file, id, name, center, u32 scheduler, launcher, then counted
 * lists (u32 n, then the items) of aliases, fingerprint texts, requires (option, value), queue names
 * and, per framework, module lines. A string is a byte (0: none, 1: text) and the text with its NUL.
 */
#include "load.h"

#include "../util/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BRIEF_MAGIC 0x32464252u /* "RBF2" (RBF1 had no centre: such an index is read as none and rewritten) */

static void put_u32(struct strbuf *b, uint32_t v)
{
	strbuf_add(b, &v, 4);
}

static void put_str(struct strbuf *b, const char *s)
{
	strbuf_addch(b, s ? 1 : 0);
	if (s)
		strbuf_add(b, s, strlen(s) + 1);
}

void brief_encode(struct cluster *const *cs, size_t n, struct strbuf *out)
{
	put_u32(out, BRIEF_MAGIC);
	put_u32(out, (uint32_t)n);
	for (size_t i = 0; i < n; i++) {
		const struct cluster *c = cs[i];
		put_str(out, c->file);
		put_str(out, c->id);
		put_str(out, c->name);
		put_str(out, c->center);
		put_u32(out, (uint32_t)c->scheduler);
		put_str(out, c->launcher);
		put_u32(out, (uint32_t)c->naliases);
		for (size_t k = 0; k < c->naliases; k++)
			put_str(out, c->aliases[k]);
		put_u32(out, (uint32_t)c->nfingerprints);
		for (size_t k = 0; k < c->nfingerprints; k++)
			put_str(out, c->fingerprints[k].text);
		put_u32(out, (uint32_t)c->nrequires);
		for (size_t k = 0; k < c->nrequires; k++) {
			put_str(out, c->requires[k].option);
			put_str(out, c->requires[k].value);
		}
		put_u32(out, (uint32_t)c->nqueues);
		for (size_t k = 0; k < c->nqueues; k++)
			put_str(out, c->queues[k].name);
		for (int fw = 0; fw < FW_COUNT; fw++) {
			put_u32(out, (uint32_t)c->nmodules[fw]);
			for (size_t k = 0; k < c->nmodules[fw]; k++)
				put_str(out, c->modules[fw][k].text);
		}
	}
}

struct rd {
	const unsigned char *p, *end;
	struct arena *a;
	bool bad;
};

static uint32_t get_u32(struct rd *r)
{
	uint32_t v = 0;
	if (r->end - r->p < 4) {
		r->bad = true;
		return 0;
	}
	memcpy(&v, r->p, 4);
	r->p += 4;
	return v;
}

/* A count of items that each take at least one byte: never more than the bytes left */
static size_t get_count(struct rd *r)
{
	uint32_t n = get_u32(r);
	if (n > (size_t)(r->end - r->p)) {
		r->bad = true;
		return 0;
	}
	return n;
}

static const char *get_str(struct rd *r)
{
	if (r->bad || r->p >= r->end || *r->p > 1) {
		r->bad = true;
		return NULL;
	}
	if (!*r->p++)
		return NULL;
	const unsigned char *nul = memchr(r->p, 0, (size_t)(r->end - r->p));
	if (!nul) {
		r->bad = true;
		return NULL;
	}
	const char *s = arena_strndup(r->a, (const char *)r->p, (size_t)(nul - r->p));
	r->p = nul + 1;
	return s;
}

int brief_decode(const void *blob, size_t len, struct arena *a, struct cluster ***out, size_t *n)
{
	struct rd r = {blob, (const unsigned char *)blob + len, a, false};
	*out = NULL;
	*n = 0;
	if (get_u32(&r) != BRIEF_MAGIC)
		return -1;
	size_t count = get_count(&r);
	struct cluster **cs = xcalloc(count ? count : 1, sizeof(*cs));
	size_t i;
	for (i = 0; i < count && !r.bad; i++) {
		struct cluster *c = arena_alloc(a, sizeof(*c));
		memset(c, 0, sizeof(*c));
		cs[i] = c;
		c->file = get_str(&r);
		c->id = get_str(&r);
		c->name = get_str(&r);
		c->center = get_str(&r);
		c->scheduler = get_u32(&r) == SCHED_PBS ? SCHED_PBS : SCHED_SLURM;
		c->launcher = get_str(&r);
		c->naliases = get_count(&r);
		c->aliases = arena_alloc(a, (c->naliases + 1) * sizeof(*c->aliases));
		for (size_t k = 0; k < c->naliases; k++)
			c->aliases[k] = get_str(&r);
		c->nfingerprints = get_count(&r);
		c->fingerprints = arena_alloc(a, (c->nfingerprints + 1) * sizeof(*c->fingerprints));
		for (size_t k = 0; k < c->nfingerprints; k++) {
			memset(&c->fingerprints[k], 0, sizeof(c->fingerprints[k]));
			c->fingerprints[k].text = get_str(&r);
		}
		c->nrequires = get_count(&r);
		c->requires = arena_alloc(a, (c->nrequires + 1) * sizeof(*c->requires));
		for (size_t k = 0; k < c->nrequires; k++) {
			memset(&c->requires[k], 0, sizeof(c->requires[k]));
			c->requires[k].option = get_str(&r);
			c->requires[k].value = get_str(&r);
		}
		c->nqueues = get_count(&r);
		c->queues = arena_alloc(a, (c->nqueues + 1) * sizeof(*c->queues));
		for (size_t k = 0; k < c->nqueues; k++) {
			memset(&c->queues[k], 0, sizeof(c->queues[k]));
			c->queues[k].name = get_str(&r);
		}
		for (int fw = 0; fw < FW_COUNT; fw++) {
			c->nmodules[fw] = get_count(&r);
			c->modules[fw] = arena_alloc(a, (c->nmodules[fw] + 1) * sizeof(*c->modules[fw]));
			for (size_t k = 0; k < c->nmodules[fw]; k++) {
				memset(&c->modules[fw][k], 0, sizeof(c->modules[fw][k]));
				c->modules[fw][k].text = get_str(&r);
			}
		}
		/* what every reader of a brief relies on */
		if (!c->file || !c->id || !c->name || !c->center || !c->launcher)
			r.bad = true;
		for (size_t k = 0; k < c->naliases; k++)
			r.bad |= !c->aliases[k];
		for (size_t k = 0; k < c->nfingerprints; k++)
			r.bad |= !c->fingerprints[k].text || !*c->fingerprints[k].text;
		for (size_t k = 0; k < c->nrequires; k++)
			r.bad |= !c->requires[k].option;
		for (int fw = 0; fw < FW_COUNT; fw++)
			for (size_t k = 0; k < c->nmodules[fw]; k++)
				r.bad |= !c->modules[fw][k].text;
	}
	if (r.bad || r.p != r.end) {
		free(cs);
		return -1;
	}
	*out = cs;
	*n = count;
	return 0;
}

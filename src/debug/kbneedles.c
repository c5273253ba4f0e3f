/* kbneedles.c - the knowledge base's needle index (kbneedles.h), built once per loaded KB: needles are
 * deduplicated through a sort (a per-diagnosis linear search over every needle was most of fuzz_debug's
 * time), chained by hash, and gathered into one needle set for the line prefilter. */
#include "kbneedles.h"

#include "kb.h"

#include "../util/needleset.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>

unsigned char kbn_fold[256];

struct ref {
	const struct kb_needle *n;
	size_t pat;
};

static int cmp_ref(const void *a, const void *b)
{
	const struct ref *x = a, *y = b;
	if (x->n->len != y->n->len)
		return x->n->len < y->n->len ? -1 : 1;
	if (x->n->icase != y->n->icase)
		return x->n->icase ? 1 : -1;
	int c = memcmp(x->n->text, y->n->text, x->n->len);
	if (c)
		return c;
	return x->pat < y->pat ? -1 : x->pat > y->pat;
}

static bool same_needle(const struct kb_needle *a, const struct kb_needle *b)
{
	return a->len == b->len && a->icase == b->icase && !memcmp(a->text, b->text, a->len);
}

/* The hash chains, the pair bitmap and the prefilter over x->e[0, x->n). */
static void index_entries(struct kb_needles *x)
{
	for (size_t i = 0; i < x->n; i++)
		x->any_short = x->any_short || x->e[i].len < 4;
	x->quad = xmalloc(KBN_BUCKETS * sizeof(*x->quad));
	x->pair = x->any_short ? xmalloc(KBN_BUCKETS * sizeof(*x->pair)) : NULL;
	for (size_t i = 0; i < KBN_BUCKETS; i++) {
		x->quad[i] = KBN_NONE;
		if (x->pair)
			x->pair[i] = KBN_NONE;
	}
	for (size_t i = x->n; i-- > 0;) {
		struct kbn_entry *e = &x->e[i];
		const unsigned char *t = (const unsigned char *)e->text;
		unsigned key = ((unsigned)kbn_fold[t[0]] << 8) | kbn_fold[t[1]];
		x->pairs[key >> 6] |= (uint64_t)1 << (key & 63);
		uint32_t *head = e->len >= 4 ? &x->quad[kbn_quad_bucket(t)] : &x->pair[key];
		e->pre = kbn_folded8(t, e->len);
		e->mask = e->len >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * e->len)) - 1;
		e->next = *head == KBN_NONE ? SIZE_MAX : *head;
		*head = (uint32_t)i;
	}
	if (!x->n)
		return;
	const char **text = xmalloc(x->n * sizeof(*text));
	size_t *len = xmalloc(x->n * sizeof(*len));
	bool *icase = xmalloc(x->n * sizeof(*icase));
	bool newline = false;
	for (size_t i = 0; i < x->n; i++) {
		text[i] = x->e[i].text;
		len[i] = x->e[i].len;
		icase[i] = x->e[i].icase;
		newline = newline || memchr(text[i], '\n', len[i]);
	}
	if (!newline) {
		x->ns = xmalloc(sizeof(*x->ns));
		needleset_init_ex(x->ns, text, len, icase, x->n);
	}
	free(text);
	free(len);
	free(icase);
}

struct kb_needles *kb_needles_build(const struct kb *kb)
{
	for (int i = 0; i < 256; i++)
		kbn_fold[i] = (unsigned char)(i >= 'A' && i <= 'Z' ? i + 32 : i);
	struct kb_needles *x = xcalloc(1, sizeof(*x));
	x->base = xmalloc((kb->nsigs + 1) * sizeof(*x->base));
	size_t nrefs = 0;
	for (size_t i = 0; i < kb->nsigs; i++) {
		x->base[i] = x->npatterns;
		x->npatterns += kb->sigs[i].npatterns;
		for (size_t k = 0; k < kb->sigs[i].npatterns; k++)
			nrefs += kb->sigs[i].patterns[k].nneedles;
	}
	x->base[kb->nsigs] = x->npatterns;
	x->always = xmalloc((x->npatterns + 1) * sizeof(*x->always));
	struct ref *refs = xmalloc((nrefs + 1) * sizeof(*refs));
	size_t r = 0;
	for (size_t i = 0; i < kb->nsigs; i++)
		for (size_t k = 0; k < kb->sigs[i].npatterns; k++) {
			const struct kb_pattern *p = &kb->sigs[i].patterns[k];
			if (!p->nneedles)
				x->always[x->nalways++] = x->base[i] + k;
			for (size_t j = 0; j < p->nneedles; j++)
				refs[r++] = (struct ref){&p->needles[j], x->base[i] + k};
		}
	qsort(refs, nrefs, sizeof(*refs), cmp_ref);
	x->e = xcalloc(nrefs + 1, sizeof(*x->e));
	for (size_t i = 0; i < nrefs; i++) {
		struct kbn_entry *e = x->n ? &x->e[x->n - 1] : NULL;
		if (!e || !same_needle(refs[i - 1].n, refs[i].n)) {
			e = &x->e[x->n++];
			e->text = refs[i].n->text;
			e->len = refs[i].n->len;
			e->icase = refs[i].n->icase;
			e->pats = xmalloc(sizeof(size_t));
		} else if (e->pats[e->npats - 1] == refs[i].pat) {
			continue; /* two needles of one pattern, the same literal */
		} else {
			e->pats = xrealloc(e->pats, (e->npats + 1) * sizeof(size_t));
		}
		e->pats[e->npats++] = refs[i].pat;
	}
	free(refs);
	index_entries(x);
	return x;
}

void kb_needles_destroy(struct kb_needles *x)
{
	if (!x)
		return;
	for (size_t i = 0; i < x->n; i++)
		free(x->e[i].pats);
	free(x->e);
	free(x->quad);
	free(x->pair);
	free(x->ns);
	free(x->always);
	free(x->base);
	free(x);
}

/* retrieve.c - template ranking: eligibility by framework/strategy, BM25 (k1=1.2, b=0.75) over
 * each template's id, launcher, description and tags, plus a small bonus for the preferred one. */
#include "retrieve.h"

#include "../util/strbuf.h"
#include "../util/strvec.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Query words that should also find their synonyms in template text. */
static const char *const synonyms[][4] = {
	{"container", "shifter", "apptainer", "singularity"},
	{"rendezvous", "c10d", "rdzv", NULL},
	{"mpi", "mpiexec", "mpirun", NULL},
	{"static", "node_rank", "node-rank", NULL},
	{"per-gpu", "task-per-gpu", "one-task-per-gpu", NULL},
	{"ssh", "pdsh", NULL, NULL},
	{"hostfile", "nodefile", NULL, NULL},
};

static void tokenize(const char *s, struct strvec *out)
{
	char w[64];
	size_t n = 0;
	for (const char *p = s;; p++) {
		if (*p && (isalnum((unsigned char)*p) || *p == '-' || *p == '_')) {
			if (n + 1 < sizeof(w))
				w[n++] = (char)tolower((unsigned char)*p);
			continue;
		}
		if (n >= 2) {
			w[n] = '\0';
			strvec_push(out, w);
		}
		n = 0;
		if (!*p)
			break;
	}
}

static void expand(struct strvec *q)
{
	size_t n = q->nr;
	for (size_t i = 0; i < n; i++)
		for (size_t s = 0; s < sizeof(synonyms) / sizeof(synonyms[0]); s++) {
			bool hit = false;
			for (int k = 0; k < 4 && synonyms[s][k]; k++)
				hit |= !strcmp(q->v[i], synonyms[s][k]);
			if (hit)
				for (int k = 0; k < 4 && synonyms[s][k]; k++)
					if (strvec_find(q, synonyms[s][k]) < 0)
						strvec_push(q, synonyms[s][k]);
		}
}

static void doc_text(const struct template *t, struct strbuf *sb)
{
	strbuf_addf(sb, "%s %s %s %s", t->id, t->launcher, framework_name(t->framework), t->description);
	for (size_t i = 0; i < t->ntags; i++)
		strbuf_addf(sb, " %s", t->tags[i]);
	for (int s = 0; s < ST_COUNT; s++)
		if (t->strategies & (1u << s))
			strbuf_addf(sb, " %s", strategy_name((enum strategy)s));
}

static int cmp_strp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sort_words(struct strvec *v)
{
	if (v->nr > 1)
		qsort(v->v, v->nr, sizeof(char *), cmp_strp);
}

/* Occurrences of w in the sorted vector v. */
static size_t count_sorted(const struct strvec *v, const char *w)
{
	size_t lo = 0, hi = v->nr;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (strcmp(v->v[mid], w) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t n = 0;
	while (lo + n < v->nr && !strcmp(v->v[lo + n], w))
		n++;
	return n;
}

static int cmp_cand(const void *a, const void *b)
{
	const struct candidate *x = a, *y = b;
	if (x->score != y->score)
		return x->score < y->score ? 1 : -1;
	return strcmp(x->t->id, y->t->id);
}

struct indexed {
	const struct template *t;
	struct strvec words; /* sorted */
};

struct retriever {
	struct repo *repo;
	bool explain;
	struct indexed *idx;
	size_t n, alloc;
};

struct retriever *retriever_create(struct repo *repo)
{
	struct retriever *rt = calloc(1, sizeof(*rt));
	if (!rt)
		abort();
	rt->repo = repo;
	return rt;
}

void retriever_explain(struct retriever *rt, bool on)
{
	rt->explain = on;
}

void retriever_destroy(struct retriever *rt)
{
	if (!rt)
		return;
	for (size_t i = 0; i < rt->n; i++)
		strvec_clear(&rt->idx[i].words);
	free(rt->idx);
	free(rt);
}

static const struct strvec *words_of(struct retriever *rt, const struct template *t)
{
	for (size_t i = 0; i < rt->n; i++)
		if (rt->idx[i].t == t)
			return &rt->idx[i].words;
	if (rt->n == rt->alloc) {
		rt->alloc = rt->alloc ? rt->alloc * 2 : 64;
		rt->idx = realloc(rt->idx, rt->alloc * sizeof(*rt->idx));
		if (!rt->idx)
			abort();
	}
	struct indexed *ix = &rt->idx[rt->n++];
	ix->t = t;
	strvec_init(&ix->words);
	struct strbuf sb = STRBUF_INIT;
	doc_text(t, &sb);
	tokenize(sb.buf, &ix->words);
	sort_words(&ix->words);
	strbuf_release(&sb);
	return &ix->words;
}


/* Writes the concatenation of parts into out as snprintf("%s%s...") would (cut at cap - 1 bytes):
 * the "why" of every candidate of every request, without printf's machinery. */
static void cat_bounded(char *out, size_t cap, const char *const *parts, size_t nparts)
{
	size_t n = 0;
	for (size_t i = 0; i < nparts && n + 1 < cap; i++) {
		size_t l = strlen(parts[i]);
		if (l > cap - 1 - n)
			l = cap - 1 - n;
		memcpy(out + n, parts[i], l);
		n += l;
	}
	out[n] = '\0';
}

int retrieve_rank(struct retriever *rt, const struct request *req, const char *query, struct candidate *out,
		  size_t max, size_t *n, struct maple_error *err)
{
	const struct template **ts;
	size_t nt;
	*n = 0;
	if (repo_templates(rt->repo, req->cluster, &ts, &nt, err) < 0)
		return -1;
	if (nt > 64)
		nt = 64;
	struct strvec q = STRVEC_INIT;
	/* the text only decides between variants: with one eligible template there is nothing to rank */
	size_t eligible = 0;
	for (size_t i = 0; i < nt; i++)
		eligible += ts[i]->framework == req->framework && req->strategy != ST_NONE &&
			    (ts[i]->strategies & (1u << req->strategy));
	if (query && (eligible > 1 || rt->explain))
		tokenize(query, &q);
	expand(&q);
	sort_words(&q);
	/* document statistics */
	const struct strvec *docs[64];
	double avgdl = 0;
	for (size_t i = 0; i < nt; i++) {
		docs[i] = words_of(rt, ts[i]);
		avgdl += (double)docs[i]->nr;
	}
	avgdl = nt ? avgdl / (double)nt : 1;
	size_t *dfs = calloc(q.nr ? q.nr : 1, sizeof(*dfs));
	if (!dfs)
		abort();
	for (size_t k = 0; k < q.nr; k++)
		for (size_t d = 0; d < nt; d++)
			dfs[k] += count_sorted(docs[d], q.v[k]) > 0;
	for (size_t i = 0; i < nt && *n < max; i++) {
		const struct template *t = ts[i];
		struct candidate *c = &out[(*n)++];
		memset(c, 0, sizeof(*c));
		c->t = t;
		bool fw = t->framework == req->framework;
		bool st = req->strategy != ST_NONE && (t->strategies & (1u << req->strategy));
		c->eligible = fw && st;
		c->structured = (fw ? 2.0 : 0.0) + (st ? 1.0 : 0.0);
		double bm = 0;
		for (size_t k = 0; k < q.nr; k++) {
			if (k > 0 && !strcmp(q.v[k], q.v[k - 1]))
				continue; /* each distinct query word counts once */
			size_t tf = count_sorted(docs[i], q.v[k]);
			if (!tf)
				continue;
			size_t df = dfs[k];
			double idf = log(1.0 + ((double)nt - (double)df + 0.5) / ((double)df + 0.5));
			double dl = (double)docs[i]->nr;
			bm += idf * ((double)tf * 2.2) / ((double)tf + 1.2 * (0.25 + 0.75 * dl / avgdl));
		}
		c->lexical = bm;
		c->score = c->structured * 10.0 + bm + (t->preferred ? 0.5 : 0.0);
		const char *parts[] = {"framework ", framework_name(t->framework), fw ? " matches" : " differs",
				       ", strategy ", strategy_name(req->strategy) ? strategy_name(req->strategy) : "?",
				       st ? " supported" : " not supported", t->preferred ? ", preferred variant" : ""};
		cat_bounded(c->why, sizeof(c->why), parts, sizeof(parts) / sizeof(*parts));
	}
	free(dfs);
	strvec_clear(&q);
	qsort(out, *n, sizeof(*out), cmp_cand);
	return 0;
}

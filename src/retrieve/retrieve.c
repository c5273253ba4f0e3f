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

static int cmp_cand(const void *a, const void *b)
{
	const struct candidate *x = a, *y = b;
	if (x->score != y->score)
		return x->score < y->score ? 1 : -1;
	return strcmp(x->t->id, y->t->id);
}

int retrieve_rank(struct repo *repo, const struct request *req, const char *query, struct candidate *out,
		  size_t max, size_t *n, struct maple_error *err)
{
	const struct template **ts;
	size_t nt;
	*n = 0;
	if (repo_templates(repo, req->cluster, &ts, &nt, err) < 0)
		return -1;
	struct strvec q = STRVEC_INIT;
	if (query)
		tokenize(query, &q);
	expand(&q);
	/* document statistics */
	struct strvec *docs = calloc(nt ? nt : 1, sizeof(*docs));
	double avgdl = 0;
	for (size_t i = 0; i < nt; i++) {
		struct strbuf sb = STRBUF_INIT;
		doc_text(ts[i], &sb);
		strvec_init(&docs[i]);
		tokenize(sb.buf, &docs[i]);
		avgdl += (double)docs[i].nr;
		strbuf_release(&sb);
	}
	avgdl = nt ? avgdl / (double)nt : 1;
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
			size_t df = 0, tf = 0;
			for (size_t d = 0; d < nt; d++)
				if (strvec_find(&docs[d], q.v[k]) >= 0)
					df++;
			for (size_t w = 0; w < docs[i].nr; w++)
				tf += !strcmp(docs[i].v[w], q.v[k]);
			if (!tf)
				continue;
			double idf = log(1.0 + ((double)nt - (double)df + 0.5) / ((double)df + 0.5));
			double dl = (double)docs[i].nr;
			bm += idf * ((double)tf * 2.2) / ((double)tf + 1.2 * (0.25 + 0.75 * dl / avgdl));
		}
		c->lexical = bm;
		c->score = c->structured * 10.0 + bm + (t->preferred ? 0.5 : 0.0);
		snprintf(c->why, sizeof(c->why), "framework %s%s, strategy %s%s%s", framework_name(t->framework),
			 fw ? " matches" : " differs", strategy_name(req->strategy) ? strategy_name(req->strategy) : "?",
			 st ? " supported" : " not supported", t->preferred ? ", preferred variant" : "");
	}
	for (size_t i = 0; i < nt; i++)
		strvec_clear(&docs[i]);
	free(docs);
	strvec_clear(&q);
	qsort(out, *n, sizeof(*out), cmp_cand);
	return 0;
}

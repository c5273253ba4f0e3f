/* docs.c - loading the doc notes (data/docs/NAME.md) into passages and ranking them with BM25. */
#include "docs.h"

#include "../util/fsutil.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define K1 1.2
#define BM25_B 0.75

/* ---- vocabulary (a plain open-addressing hash of term -> id) ---- */

struct vocab {
	char **keys;
	unsigned *ids;
	size_t cap, nr;
};

struct docs {
	struct doc_passage *v;
	size_t nr;
	struct strvec vocab; /* term id -> term, sorted at the end */
	unsigned *df;	     /* passages containing each term */
	struct vocab vh;     /* term -> id */
	double avglen;
};

void docs_tokenize(const char *text, struct strvec *out)
{
	const char *p = text;
	while (*p) {
		while (*p && !isalnum((unsigned char)*p))
			p++;
		if (!*p)
			break;
		const char *s = p;
		bool joined = false;
		while (isalnum((unsigned char)*p) || (*p == '_' && isalnum((unsigned char)p[1]))) {
			joined = joined || *p == '_';
			p++;
		}
		char *w = xstrndup(s, (size_t)(p - s));
		for (char *q = w; *q; q++)
			*q = (char)tolower((unsigned char)*q);
		if (joined) {
			strvec_push(out, w);
			for (char *t = w; *t;) {
				size_t n = strcspn(t, "_");
				if (n)
					strvec_pushf(out, "%.*s", (int)n, t);
				t += n;
				if (*t)
					t++;
			}
			free(w);
		} else {
			strvec_push_nodup(out, w);
		}
	}
}

static size_t hash(const char *s)
{
	size_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static unsigned vocab_id(struct vocab *v, struct docs *d, const char *term, bool add)
{
	if (!add && !v->cap)
		return UINT32_MAX;
	if (add && v->nr * 2 >= v->cap) {
		size_t ncap = v->cap ? v->cap * 2 : 1024;
		char **nk = xcalloc(ncap, sizeof(char *));
		unsigned *ni = xcalloc(ncap, sizeof(unsigned));
		for (size_t i = 0; i < v->cap; i++)
			if (v->keys[i]) {
				size_t h = hash(v->keys[i]) & (ncap - 1);
				while (nk[h])
					h = (h + 1) & (ncap - 1);
				nk[h] = v->keys[i];
				ni[h] = v->ids[i];
			}
		free(v->keys);
		free(v->ids);
		v->keys = nk;
		v->ids = ni;
		v->cap = ncap;
	}
	size_t h = hash(term) & (v->cap - 1);
	while (v->keys[h]) {
		if (!strcmp(v->keys[h], term))
			return v->ids[h];
		h = (h + 1) & (v->cap - 1);
	}
	if (!add)
		return UINT32_MAX;
	strvec_push(&d->vocab, term);
	v->keys[h] = d->vocab.v[d->vocab.nr - 1];
	v->ids[h] = (unsigned)(d->vocab.nr - 1);
	v->nr++;
	return v->ids[h];
}

static int cmp_uint(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
	return x < y ? -1 : x > y;
}

static void index_passage(struct docs *d, struct vocab *v, struct doc_passage *p)
{
	struct strvec toks = STRVEC_INIT;
	docs_tokenize(p->title, &toks);
	docs_tokenize(p->text, &toks);
	unsigned *ids = xmalloc((toks.nr + 1) * sizeof(unsigned));
	for (size_t i = 0; i < toks.nr; i++)
		ids[i] = vocab_id(v, d, toks.v[i], true);
	p->length = toks.nr;
	if (toks.nr)
		qsort(ids, toks.nr, sizeof(unsigned), cmp_uint);
	p->terms = xmalloc((toks.nr + 1) * sizeof(unsigned));
	p->counts = xmalloc((toks.nr + 1) * sizeof(unsigned));
	for (size_t i = 0; i < toks.nr; i++) {
		if (p->nterms && p->terms[p->nterms - 1] == ids[i]) {
			p->counts[p->nterms - 1]++;
		} else {
			p->terms[p->nterms] = ids[i];
			p->counts[p->nterms++] = 1;
		}
	}
	free(ids);
	strvec_clear(&toks);
}

static void add_passage(struct docs *d, const char *file, int line, const char *title, struct strbuf *body,
			const char *source)
{
	d->v = xrealloc(d->v, (d->nr + 1) * sizeof(*d->v));
	struct doc_passage *p = &d->v[d->nr++];
	memset(p, 0, sizeof(*p));
	p->title = xstrdup(title);
	/* trim blank lines around the text */
	size_t s = 0, e = body->len;
	while (s < e && isspace((unsigned char)body->buf[s]))
		s++;
	while (e > s && isspace((unsigned char)body->buf[e - 1]))
		e--;
	p->text = xstrndup(body->buf + s, e - s);
	p->source = xstrdup(source);
	p->file = xstrdup(file);
	p->line = line;
}

/* Closes the open passage (if any) into d, or reports why it cannot be one. */
static void close_passage(struct docs *d, const char *path, char **title, char **source, int hline, int nsources,
			  struct strbuf *body, struct strbuf *errs)
{
	if (*title) {
		if (!*source || nsources != 1)
			strbuf_addf(errs, "%s:%d: passage '%s' needs exactly one line 'Source: URL' (found %d)\n", path,
				    hline, *title, nsources);
		else
			add_passage(d, path, hline, *title, body, *source);
	}
	free(*title);
	free(*source);
	*title = *source = NULL;
	strbuf_reset(body);
}

/* Reads one .md file: each `## ` heading starts a passage that runs to the next heading. */
static void parse_md(struct docs *d, const char *path, const char *text, size_t len, struct strbuf *errs)
{
	struct strbuf body = STRBUF_INIT;
	char *title = NULL, *source = NULL;
	int hline = 0, nsources = 0, lineno = 0;
	for (size_t pos = 0; pos < len;) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t e = nl ? (size_t)(nl - text) : len;
		const char *l = text + pos;
		size_t n = e - pos;
		pos = e + 1;
		if (n && l[n - 1] == '\r')
			n--;
		lineno++;
		if (n >= 2 && l[0] == '#' && (l[1] == ' ' || l[1] == '#')) {
			close_passage(d, path, &title, &source, hline, nsources, &body, errs);
			nsources = 0;
			if (n >= 3 && !strncmp(l, "## ", 3)) {
				const char *t = l + 3;
				size_t tn = n - 3;
				while (tn && isspace((unsigned char)*t))
					t++, tn--;
				title = xstrndup(t, tn);
				hline = lineno;
			}
			continue;
		}
		if (!title)
			continue;
		const char *t = l;
		size_t tn = n;
		while (tn && (*t == ' ' || *t == '\t' || *t == '*' || *t == '-' || *t == '_'))
			t++, tn--;
		if (tn > 7 && !strncasecmp(t, "Source:", 7)) {
			const char *u = t + 7;
			size_t un = tn - 7;
			while (un && (isspace((unsigned char)*u) || *u == '*'))
				u++, un--;
			while (un && (isspace((unsigned char)u[un - 1]) || u[un - 1] == '*'))
				un--;
			if (un >= 2 && u[0] == '<' && u[un - 1] == '>')
				u++, un -= 2;
			nsources++;
			free(source);
			source = xstrndup(u, un);
			if (strncmp(source, "http://", 7) && strncmp(source, "https://", 8))
				strbuf_addf(errs, "%s:%d: Source '%s' is not a URL (http:// or https://)\n", path, lineno, source);
		} else {
			strbuf_add(&body, l, n);
			strbuf_addch(&body, '\n');
		}
	}
	close_passage(d, path, &title, &source, hline, nsources, &body, errs);
	strbuf_release(&body);
}

static void load_dir(struct docs *d, const char *dir, struct strvec *seen, struct strvec *paths)
{
	struct strvec names = STRVEC_INIT;
	list_dir_suffix(dir, ".md", &names);
	for (size_t i = 0; i < names.nr; i++) {
		if (!strcmp(names.v[i], "README.md"))
			continue; /* the folder's own explanation, not a note */
		int at = strvec_find(seen, names.v[i]);
		if (at >= 0) { /* a later directory's file of the same name replaces it */
			free(paths->v[at]);
			paths->v[at] = NULL;
			strvec_pushf(paths, "%s/%s", dir, names.v[i]);
			free(seen->v[at]);
			seen->v[at] = xstrdup("");
		} else {
			strvec_pushf(paths, "%s/%s", dir, names.v[i]);
		}
		strvec_push(seen, names.v[i]);
	}
	(void)d;
	strvec_clear(&names);
}

static struct docs *build(struct strvec *paths, struct maple_error *err)
{
	struct docs *d = xcalloc(1, sizeof(*d));
	strvec_init(&d->vocab);
	struct strbuf errs = STRBUF_INIT;
	for (size_t i = 0; i < paths->nr; i++) {
		if (!paths->v[i])
			continue;
		struct strbuf data = STRBUF_INIT;
		struct maple_error fe;
		if (read_file(paths->v[i], &data, 4 << 20, &fe) < 0)
			strbuf_addf(&errs, "%s:1: %s\n", paths->v[i], fe.text);
		else
			parse_md(d, paths->v[i], data.buf, data.len, &errs);
		strbuf_release(&data);
	}
	if (errs.len) {
		strbuf_setlen(&errs, errs.len - 1);
		errorf(err, "%s", errs.buf);
		strbuf_release(&errs);
		docs_destroy(d);
		return NULL;
	}
	strbuf_release(&errs);
	double total = 0;
	for (size_t i = 0; i < d->nr; i++) {
		index_passage(d, &d->vh, &d->v[i]);
		total += (double)d->v[i].length;
	}
	d->avglen = d->nr ? total / (double)d->nr : 1;
	d->df = xcalloc(d->vocab.nr + 1, sizeof(unsigned));
	for (size_t i = 0; i < d->nr; i++)
		for (size_t k = 0; k < d->v[i].nterms; k++)
			d->df[d->v[i].terms[k]]++;
	return d;
}

struct docs *docs_load(const struct strvec *dirs, struct maple_error *err)
{
	struct strvec seen = STRVEC_INIT, paths = STRVEC_INIT;
	for (size_t i = 0; i < dirs->nr; i++) {
		struct strbuf p = STRBUF_INIT;
		strbuf_addf(&p, "%s/docs", dirs->v[i]);
		load_dir(NULL, p.buf, &seen, &paths);
		strbuf_release(&p);
	}
	struct docs *d = build(&paths, err);
	strvec_clear(&seen);
	for (size_t i = 0; i < paths.nr; i++)
		if (!paths.v[i])
			paths.v[i] = xstrdup("");
	strvec_clear(&paths);
	return d;
}

struct docs *docs_load_dir(const char *dir, struct maple_error *err)
{
	struct strvec seen = STRVEC_INIT, paths = STRVEC_INIT;
	load_dir(NULL, dir, &seen, &paths);
	struct docs *d = build(&paths, err);
	strvec_clear(&seen);
	strvec_clear(&paths);
	return d;
}

void docs_destroy(struct docs *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->nr; i++) {
		struct doc_passage *p = &d->v[i];
		free(p->title);
		free(p->text);
		free(p->source);
		free(p->file);
		free(p->terms);
		free(p->counts);
	}
	free(d->v);
	free(d->df);
	free(d->vh.keys);
	free(d->vh.ids);
	strvec_clear(&d->vocab);
	free(d);
}

size_t docs_count(const struct docs *d)
{
	return d ? d->nr : 0;
}

const struct doc_passage *docs_at(const struct docs *d, size_t i)
{
	return &d->v[i];
}

static int cmp_hit(const void *a, const void *b)
{
	const struct doc_hit *x = a, *y = b;
	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	return x->p < y->p ? -1 : x->p > y->p;
}

size_t docs_search(const struct docs *d, const char *query, struct doc_hit *out, size_t max)
{
	if (!d || !d->nr || !max)
		return 0;
	struct strvec toks = STRVEC_INIT;
	docs_tokenize(query, &toks);
	/* query terms: distinct ids known to the collection */
	unsigned *q = xmalloc((toks.nr + 1) * sizeof(unsigned));
	size_t nq = 0;
	for (size_t i = 0; i < toks.nr; i++) {
		unsigned id = vocab_id((struct vocab *)&d->vh, (struct docs *)d, toks.v[i], false);
		if (id == UINT32_MAX)
			continue;
		bool dup = false;
		for (size_t k = 0; k < nq && !dup; k++)
			dup = q[k] == id;
		if (!dup)
			q[nq++] = id;
	}
	strvec_clear(&toks);
	struct doc_hit *all = xmalloc(d->nr * sizeof(*all));
	size_t nall = 0;
	double N = (double)d->nr;
	for (size_t i = 0; i < d->nr; i++) {
		const struct doc_passage *p = &d->v[i];
		double score = 0;
		for (size_t k = 0; k < nq; k++) {
			/* binary search of the term in the passage */
			size_t lo = 0, hi = p->nterms;
			while (lo < hi) {
				size_t mid = (lo + hi) / 2;
				if (p->terms[mid] < q[k])
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo == p->nterms || p->terms[lo] != q[k])
				continue;
			double tf = p->counts[lo], df = d->df[q[k]];
			double idf = log((N - df + 0.5) / (df + 0.5) + 1.0);
			score += idf * tf * (K1 + 1) / (tf + K1 * (1 - BM25_B + BM25_B * (double)p->length / d->avglen));
		}
		if (score > 0)
			all[nall++] = (struct doc_hit){p, score};
	}
	free(q);
	if (nall > 1)
		qsort(all, nall, sizeof(*all), cmp_hit);
	size_t n = nall < max ? nall : max;
	memcpy(out, all, n * sizeof(*out));
	free(all);
	return n;
}

/* context.c - what a log itself shows about where a job ran (debug.h, debug_log_context): the KB's
 * context rules (scheduler, launcher and cluster messages) and the clusters' script fingerprints, tried
 * only on the lines that hold one of their needles (one needleset pass over the log, issue 15). */
#include "debug.h"

#include "../util/byteset.h"
#include "../util/needleset.h"
#include "../util/xalloc.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool in_vec(const struct strvec *v, const char *s)
{
	return strvec_find(v, s) >= 0;
}

/* Whether s is one of the n clusters already seen. */
static bool seen(const char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

/* What makes a line worth trying the context rules on: it holds a needle of some context pattern or a
 * cluster fingerprint (ns), or a pattern without needles matches it (always). */
struct context_filter {
	struct needleset *ns; /* NULL: every line is tried */
	const struct kb_pattern **always;
	size_t nalways;
	/* the filter's needle indices of each context rule, [ctx_first[c], ctx_first[c + 1]), and of each
	 * cluster's fingerprints, [cl_first[c], cl_first[c + 1]) (ctx_first[nctx] == cl_first[0]); ctx_always[c]:
	 * a pattern of rule c has no needle. A line's marks then rule out a rule or a cluster by one look at
	 * its range instead of a walk over its patterns (only with ns). Owned by the filter. */
	size_t *ctx_first, *cl_first;
	bool *ctx_always;
};

/* Whether a bit of bits in [lo, hi) is set. */
static bool any_bit(const uint64_t *bits, size_t lo, size_t hi)
{
	while (lo < hi) {
		size_t w = lo / 64, end = (w + 1) * 64 < hi ? (w + 1) * 64 : hi;
		uint64_t m = ~(uint64_t)0 << (lo % 64);
		if (end % 64)
			m &= ((uint64_t)1 << (end % 64)) - 1;
		if (bits[w] & m)
			return true;
		lo = end;
	}
	return false;
}

/* Whether pattern p matches the line s[0, n). Its needles are looked up in bits from bit `first` on
 * (needleset_mark() of the context filter) when bits is not NULL, else searched for in the line. */
static bool pattern_on_line(const struct kb_pattern *p, const char *s, size_t n, const struct byteset *lb,
			    const uint64_t *bits, size_t first, pcre2_match_data *md)
{
	bool gate = !p->nneedles;
	for (size_t k = 0; k < p->nneedles && !gate; k++) {
		const struct kb_needle *nd = &p->needles[k];
		if (bits) {
			gate = bits[(first + k) / 64] >> ((first + k) % 64) & 1;
			continue;
		}
		if (nd->len > n || (!nd->icase && !byteset_has_all(lb, nd->text, nd->len)))
			continue;
		if (nd->icase) {
			for (size_t i = 0; i + nd->len <= n && !gate; i++)
				gate = !strncasecmp(s + i, nd->text, nd->len);
		} else {
			gate = memmem(s, n, nd->text, nd->len) != NULL;
		}
	}
	if (!gate)
		return false;
	kb_pattern_prepare(p);
	return pcre2_match((const pcre2_code *)p->re, (PCRE2_SPTR)s, n, 0, 0, md, NULL) >= 0;
}

/* The context rules and cluster fingerprints tried on one line s[0, n), line number line. bits: which
 * needles of the context filter occur in it (NULL: search each needle in the line). */
static void context_line(const struct kb *kb, const struct repo *repo, const struct context_filter *f,
			 const char *s, size_t n, long line, const uint64_t *bits, struct debug_context *out,
			 bool *sched_seen, const char ***clusters, size_t *nclusters, pcre2_match_data *md)
{
	struct byteset lb; /* most context needles are ruled out by a byte the line lacks */
	if (!bits)
		byteset_of(s, n, &lb);
	size_t first = 0; /* the filter's index of the next pattern's first needle */
	for (size_t c = 0; c < kb->nctx; c++) {
		const struct kb_context *x = &kb->ctx[c];
		size_t base = first;
		for (size_t k = 0; k < x->npatterns; k++)
			first += x->patterns[k].nneedles;
		if (x->kind == KX_SCHEDULER && *sched_seen)
			continue;
		/* no needle of this rule on the line, and each of its patterns has one: no pattern can match */
		if (bits && !f->ctx_always[c] && !any_bit(bits, f->ctx_first[c], f->ctx_first[c + 1]))
			continue;
		if (x->kind == KX_LAUNCHER && in_vec(&out->launchers, x->value))
			continue;
		/* a cluster already seen: a match would add nothing */
		if (x->kind != KX_SCHEDULER && x->kind != KX_LAUNCHER && seen(*clusters, *nclusters, x->value))
			continue;
		bool hit = false;
		for (size_t k = 0; k < x->npatterns && !hit; k++) {
			hit = pattern_on_line(&x->patterns[k], s, n, &lb, bits, base, md);
			base += x->patterns[k].nneedles;
		}
		if (!hit)
			continue;
		if (x->kind == KX_SCHEDULER) {
			out->scheduler = x->value;
			*sched_seen = true;
		} else if (x->kind == KX_LAUNCHER) {
			strvec_push(&out->launchers, x->value);
		} else { /* not seen before (above) */
			*clusters = xrealloc(*clusters, (*nclusters + 1) * sizeof(char *));
			(*clusters)[(*nclusters)++] = x->value;
			strbuf_addf(&out->why, "%slog line %ld: %s", out->why.len ? ", " : "", line, x->id);
		}
	}
	/* the clusters' own script fingerprints (paths, image names) seen in the log */
	for (size_t c = 0; repo && c < repo_cluster_count(repo); c++) {
		if (bits && !any_bit(bits, f->cl_first[c], f->cl_first[c + 1])) {
			first = f->cl_first[c + 1]; /* none of its fingerprints is on the line */
			continue;
		}
		const struct cluster *cl = repo_cluster_at(repo, c);
		if (seen(*clusters, *nclusters, cl->id)) { /* seen already: a fingerprint would add nothing */
			first = f->cl_first[c + 1];
			continue;
		}
		bool found = false; /* one fingerprint a cluster: the rest are only counted */
		for (size_t k = 0; k < cl->nfingerprints; k++) {
			const char *fp = cl->fingerprints[k].text;
			size_t fl = strlen(fp);
			if (fl < 5 || fingerprint_is_pattern(fp)) /* a path layout names no one cluster */
				continue;
			size_t at = first++; /* the filter's index of this fingerprint */
			if (found || (bits ? !(bits[at / 64] >> (at % 64) & 1)
					   : !byteset_has_all(&lb, fp, fl) || !memmem(s, n, fp, fl)))
				continue;
			*clusters = xrealloc(*clusters, (*nclusters + 1) * sizeof(char *)); /* not seen before (above) */
			(*clusters)[(*nclusters)++] = cl->id;
			strbuf_addf(&out->why, "%slog line %ld: '%s'", out->why.len ? ", " : "", line, fp);
			found = true;
		}
	}
}

static void context_filter_init(struct context_filter *f, const struct kb *kb, const struct repo *repo)
{
	size_t cap = 0, n = 0;
	memset(f, 0, sizeof(*f));
	for (size_t c = 0; c < kb->nctx; c++)
		for (size_t k = 0; k < kb->ctx[c].npatterns; k++)
			cap += kb->ctx[c].patterns[k].nneedles + 1;
	for (size_t c = 0; repo && c < repo_cluster_count(repo); c++)
		cap += repo_cluster_at(repo, c)->nfingerprints;
	const char **text = xmalloc((cap + 1) * sizeof(*text));
	size_t *len = xmalloc((cap + 1) * sizeof(*len));
	bool *icase = xmalloc((cap + 1) * sizeof(*icase));
	f->always = xmalloc((cap + 1) * sizeof(*f->always));
	size_t ncl = repo ? repo_cluster_count(repo) : 0;
	f->ctx_first = xmalloc((kb->nctx + 1) * sizeof(*f->ctx_first));
	f->ctx_always = xmalloc((kb->nctx + 1) * sizeof(*f->ctx_always));
	f->cl_first = xmalloc((ncl + 1) * sizeof(*f->cl_first));
	bool every_line = false;
	for (size_t c = 0; c < kb->nctx; c++) {
		f->ctx_first[c] = n;
		f->ctx_always[c] = false;
		for (size_t k = 0; k < kb->ctx[c].npatterns; k++) {
			const struct kb_pattern *p = &kb->ctx[c].patterns[k];
			if (!p->nneedles) {
				f->always[f->nalways++] = p;
				f->ctx_always[c] = true;
			}
			for (size_t i = 0; i < p->nneedles; i++) {
				every_line = every_line || memchr(p->needles[i].text, '\n', p->needles[i].len);
				text[n] = p->needles[i].text;
				len[n] = p->needles[i].len;
				icase[n++] = p->needles[i].icase;
			}
		}
	}
	f->ctx_first[kb->nctx] = n;
	for (size_t c = 0; c < ncl; c++) {
		const struct cluster *cl = repo_cluster_at(repo, c);
		f->cl_first[c] = n;
		for (size_t k = 0; k < cl->nfingerprints; k++) {
			size_t fl = strlen(cl->fingerprints[k].text);
			if (fl < 5 || fingerprint_is_pattern(cl->fingerprints[k].text)) /* never looked for */
				continue;
			every_line = every_line || memchr(cl->fingerprints[k].text, '\n', fl);
			text[n] = cl->fingerprints[k].text;
			len[n] = fl;
			icase[n++] = false;
		}
	}
	f->cl_first[ncl] = n;
	if (!every_line) {
		f->ns = xmalloc(sizeof(*f->ns));
		needleset_init_ex(f->ns, text, len, icase, n);
	}
	free(text);
	free(len);
	free(icase);
}

static void context_filter_release(struct context_filter *f)
{
	free(f->ns);
	free(f->always);
	free(f->ctx_first);
	free(f->cl_first);
	free(f->ctx_always);
}

static void context_range(const struct kb *kb, const struct repo *repo, const struct context_filter *f,
			  const char *log, size_t from, size_t to, long line0, struct debug_context *out,
			  bool *sched_seen, const char ***clusters, size_t *nclusters, pcre2_match_data *md)
{
	long line = line0;
	size_t next_hit = 0; /* where the next needle is (to: none), once looked for from some line on */
	bool looked = false;
	for (size_t pos = from; pos < to;) {
		const char *s = log + pos;
		const char *nl = memchr(s, '\n', to - pos);
		size_t n = nl ? (size_t)(nl - s) : to - pos;
		line++;
		bool try = !f->ns;
		if (!try) {
			if (!looked || next_hit < pos)
				next_hit = pos + needleset_find(f->ns, s, to - pos);
			looked = true;
			try = next_hit < pos + n || (next_hit == pos && n == 0 && next_hit < to);
		}
		for (size_t k = 0; k < f->nalways && !try; k++) {
			kb_pattern_prepare(f->always[k]);
			try = pcre2_match((const pcre2_code *)f->always[k]->re, (PCRE2_SPTR)s, n, 0, 0, md, NULL) >= 0;
		}
		if (try) {
			uint64_t bits[NEEDLESET_MAX / 64];
			bool marked = false;
			if (f->ns) {
				memset(bits, 0, sizeof(bits));
				marked = needleset_mark(f->ns, s, n, bits);
			}
			context_line(kb, repo, f, s, n, line, marked ? bits : NULL, out, sched_seen, clusters, nclusters,
				     md);
		}
		pos += n + 1;
	}
}

void debug_log_context(const struct kb *kb, const struct repo *repo, const char *log, size_t len,
		       struct debug_context *out)
{
	memset(out, 0, sizeof(*out));
	strvec_init(&out->launchers);
	strbuf_init(&out->why);
	bool sched_seen = false;
	const char **clusters = NULL;
	size_t nclusters = 0;
	pcre2_match_data *md = pcre2_match_data_create(4, NULL);
	struct context_filter filter;
	context_filter_init(&filter, kb, repo);
	size_t head = len < DEBUG_CONTEXT_WINDOW ? len : DEBUG_CONTEXT_WINDOW;
	context_range(kb, repo, &filter, log, 0, head, 0, out, &sched_seen, &clusters, &nclusters, md);
	if (len > 2 * DEBUG_CONTEXT_WINDOW) {
		size_t from = len - DEBUG_CONTEXT_WINDOW;
		while (from < len && log[from - 1] != '\n')
			from++;
		context_range(kb, repo, &filter, log, from, len, -1, out, &sched_seen, &clusters, &nclusters, md);
	} else if (len > head) {
		long line = 0;
		for (size_t i = 0; i < head; i++)
			line += log[i] == '\n';
		context_range(kb, repo, &filter, log, head, len, line, out, &sched_seen, &clusters, &nclusters, md);
	}
	pcre2_match_data_free(md);
	context_filter_release(&filter);
	if (nclusters == 1 && repo)
		out->cluster = repo_cluster(repo, clusters[0]);
	if (!out->cluster)
		strbuf_reset(&out->why);
	free(clusters);
}

void debug_context_release(struct debug_context *c)
{
	strvec_clear(&c->launchers);
	strbuf_release(&c->why);
}

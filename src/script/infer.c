/* infer.c - which cluster a job script was written for, from the evidence in it: the profile
 * fingerprints (filesystem paths, host names, unique partitions and modules), partition / queue
 * names, `module load` lines, the cluster's name in the text, and the scheduler it uses. */
#include "infer.h"

#include "../util/byteset.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int line_of(const struct jobscript *js, const char *at)
{
	int line = 1;
	for (const char *p = js->text; p < at; p++)
		line += *p == '\n';
	return line;
}

/* Search for word (lower case) as a whole word in lower-cased text (not inside a longer name); pl: the
 * byte pairs of lower. */
static const char *find_word(const struct pairset *pl, const char *lower, const char *word)
{
	char w[128];
	size_t n = strlen(word);
	if (!n || n >= sizeof(w))
		return NULL;
	for (size_t i = 0; i <= n; i++)
		w[i] = (char)tolower((unsigned char)word[i]);
	for (const char *p = pairset_strstr(pl, lower, w); p; p = strstr(p + 1, w)) {
		bool left = p == lower || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		bool right = !(isalnum((unsigned char)p[n]) || p[n] == '_');
		if (left && right)
			return p;
	}
	return NULL;
}

struct evidence {
	double score;
	struct strbuf why;
	int items;
};

static void add(struct evidence *e, double w, const char *fmt, const char *what, int line)
{
	e->score += w;
	struct strbuf item = STRBUF_INIT;
	strbuf_addf(&item, fmt, what);
	if (line > 0)
		strbuf_addf(&item, " (line %d)", line);
	/* the same cue found by two rules (a fingerprint and the queue list) is said once */
	const char *dup = e->why.len ? strstr(e->why.buf, item.buf) : NULL;
	bool said = dup && (dup == e->why.buf || dup[-1] == ' ') && (dup[item.len] == '\0' || dup[item.len] == ',');
	if (!said && e->items++ < 4) {
		if (e->why.len)
			strbuf_adds(&e->why, ", ");
		strbuf_add(&e->why, item.buf, item.len);
	}
	strbuf_release(&item);
}

static bool sched_matches(const struct cluster *c, enum sched_kind k)
{
	return k == JS_NONE || (k == JS_SLURM && c->scheduler == SCHED_SLURM) || (k == JS_PBS && c->scheduler == SCHED_PBS);
}

/* Whether the script loads a module named name (or name/VERSION, name-VARIANT). */
static int module_line(const struct jobscript *js, const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		size_t k = c->nassign_prefix;
		if (k >= c->words.nr)
			continue;
		const char *w = c->words.v[k].value;
		bool ml = !strcmp(w, "ml");
		if (!ml && strcmp(w, "module"))
			continue;
		for (size_t a = k + 1; a < c->words.nr; a++) {
			const char *v = c->words.v[a].value;
			if (!strncmp(v, name, n) && (!v[n] || v[n] == '/' || v[n] == '-'))
				return c->line;
		}
	}
	return 0;
}

/* The evidence of data/scripts/fingerprints.yaml for cluster c. */
static void add_hints(struct evidence *e, const struct cluster *c, const struct script_hints *h,
		      const struct jobscript *js, const struct pairset *ps, const struct directive *q)
{
	for (size_t i = 0; h && i < h->nfps; i++) {
		const struct fingerprint_hint *f = &h->fps[i];
		if (strcmp(f->cluster, c->id))
			continue;
		switch (f->kind) {
		case FP_TEXT: {
			const char *at = pairset_strstr(ps, js->text, f->pattern);
			if (at)
				add(e, f->weight, "'%s'", f->pattern, line_of(js, at));
			break;
		}
		case FP_ACCOUNT: {
			const struct directive *d = js_directive(js, "account");
			if (d && d->value && fingerprint_account_matches(f, d->value))
				add(e, f->weight, "account '%s'", d->value, d->line);
			break;
		}
		case FP_QUEUE:
			if (q && !strcmp(q->value, f->pattern))
				add(e, f->weight, "queue '%s'", q->value, q->line);
			break;
		case FP_ENV: {
			size_t n = strlen(f->pattern);
			bool prefix = f->pattern[n - 1] == '_';
			for (size_t a = 0; a < js->nassigns; a++)
				if (prefix ? !strncmp(js->assigns[a].name, f->pattern, n) : !strcmp(js->assigns[a].name, f->pattern)) {
					add(e, f->weight, "%s", js->assigns[a].name, js->assigns[a].line);
					break;
				}
			break;
		}
		case FP_MODULE: {
			int line = module_line(js, f->pattern);
			if (line)
				add(e, f->weight, "module '%s'", f->pattern, line);
			break;
		}
		}
	}
}

const struct cluster *infer_cluster(const struct repo *repo, const struct jobscript *js, struct strbuf *why)
{
	struct maple_error err;
	return infer_cluster_hinted(repo, script_hints_shared(repo, &err), js, why);
}

const struct cluster *infer_cluster_hinted(const struct repo *repo, const struct script_hints *hints,
					   const struct jobscript *js, struct strbuf *why)
{
	size_t n = repo_cluster_count(repo);
	if (!n)
		return NULL;
	struct evidence *ev = xcalloc(n, sizeof(*ev));
	char *lower = xmalloc(js->len + 1);
	for (size_t i = 0; i <= js->len; i++)
		lower[i] = (char)tolower((unsigned char)js->text[i]);
	/* the byte pairs of the text and of its lower case: most patterns are not in a script, and a pair
	 * the text lacks proves it without a search */
	struct pairset *ps = xmalloc(2 * sizeof(*ps)), *pl = ps + 1;
	pairset_of(js->text, js->len, ps);
	pairset_of(lower, js->len, pl);
	const struct directive *q = NULL;
	for (size_t i = js->ndirs; i-- > 0 && !q;)
		if (!js->dirs[i].ignored && !js->dirs[i].unknown && js->dirs[i].value &&
		    (!strcmp(js->dirs[i].opt, "partition") || !strcmp(js->dirs[i].opt, "queue") ||
		     !strcmp(js->dirs[i].opt, "qos")))
			q = &js->dirs[i];
	/* the briefs: a cluster's profile is built only when the script turns out to be for it */
	for (size_t ci = 0; ci < n; ci++) {
		const struct cluster *c = repo_cluster_brief_at(repo, ci);
		struct evidence *e = &ev[ci];
		strbuf_init(&e->why);
		for (size_t f = 0; f < c->nfingerprints; f++) {
			const char *ft = c->fingerprints[f].text;
			if (fingerprint_is_pattern(ft)) /* a path layout several clusters share: no vote */
				continue;
			size_t fl = strlen(ft);
			bool word_end = isalnum((unsigned char)ft[fl - 1]);
			for (const char *at = pairset_strstr(ps, js->text, ft); at; at = strstr(at + 1, ft)) {
				/* "--partition=h100" is not "--partition=h100-8x" */
				char next = at[fl];
				if (word_end && (isalnum((unsigned char)next) || next == '-' || next == '_'))
					continue;
				add(e, 3, "'%s'", ft, line_of(js, at));
				break;
			}
		}
		/* a directive a cluster requires with a specific value (Perlmutter's --constraint=gpu) */
		for (size_t r = 0; r < c->nrequires; r++) {
			const struct directive_rule *rq = &c->requires[r];
			const struct directive *d = rq->value ? js_directive(js, rq->option) : NULL;
			/* issue14: the queue directive is weighed below, once (not again as a required value) */
			if (d && d->value && strstr(d->value, rq->value) && !(q && d == q && cluster_queue(c, q->value)))
				add(e, 1, "%s", rq->option, d->line);
		}
		if (q && cluster_queue(c, q->value)) {
			/* a queue name few clusters share says more */
			int owners = 0;
			for (size_t k = 0; k < n; k++)
				owners += cluster_queue(repo_cluster_brief_at(repo, k), q->value) != NULL;
			add(e, owners == 1 ? 2 : 0.5, "queue '%s'", q->value, q->line);
		}
		const char *names[2] = {c->id, c->name};
		for (int k = 0; k < 2; k++) {
			const char *at = find_word(pl, lower, names[k]);
			if (at) {
				add(e, 2.5, "the name '%s'", names[k], line_of(js, js->text + (at - lower)));
				break;
			}
		}
		for (size_t a = 0; a < c->naliases; a++) {
			const char *at = strlen(c->aliases[a]) >= 4 ? find_word(pl, lower, c->aliases[a]) : NULL;
			if (at) {
				add(e, 2, "the name '%s'", c->aliases[a], line_of(js, js->text + (at - lower)));
				break;
			}
		}
		for (int fw = 0; fw < FW_COUNT; fw++)
			for (size_t m = 0; m < c->nmodules[fw]; m++) {
				const char *ml = c->modules[fw][m].text;
				if (strncmp(ml, "module load ", 12) || strlen(ml) < 16)
					continue;
				const char *at = pairset_strstr(ps, js->text, ml);
				char nx = at ? at[strlen(ml)] : 0;
				if (at && (nx == '\n' || nx == ' ' || nx == '/' || nx == '\r' || !nx)) {
					add(e, 1.5, "'%s'", ml, line_of(js, at));
					fw = FW_COUNT;
					break;
				}
			}
		add_hints(e, c, hints, js, ps, q);
		if (!strcmp(c->launcher, "ibrun") && pairset_strstr(ps, js->text, "ibrun"))
			add(e, 1, "the %s launcher", "ibrun", 0);
		if (!sched_matches(c, js->sched))
			e->score = -1;
	}
	/* the evidence of machines maple has no profile of (fingerprints of cluster "other": a retired system's
	 * module or file system): when it weighs as much as the best cluster's, the script is for none of them */
	struct cluster other = {0};
	other.id = "other";
	struct evidence oe = {0};
	strbuf_init(&oe.why);
	add_hints(&oe, &other, hints, js, ps, q);
	size_t best = 0;
	double second = 0;
	for (size_t ci = 1; ci < n; ci++)
		if (ev[ci].score > ev[best].score)
			best = ci;
	for (size_t ci = 0; ci < n; ci++)
		if (ci != best && ev[ci].score > second)
			second = ev[ci].score;
	const struct cluster *found = NULL;
	if (ev[best].score >= 2.5 && ev[best].score > second && !(oe.score >= 3 && oe.score >= ev[best].score)) {
		found = repo_cluster_at(repo, best);
		if (why)
			strbuf_addf(why, "%s", ev[best].why.buf);
	}
	for (size_t ci = 0; ci < n; ci++)
		strbuf_release(&ev[ci].why);
	strbuf_release(&oe.why);
	free(ev);
	free(lower);
	free(ps);
	return found;
}

/* match.c - matching the knowledge base against a log and ranking what matched. One pass over the
 * lines: a needleset pass skips the lines holding no needle (the literals each pattern requires), a
 * byte-pair filter finds the needles in the others, and only then is the PCRE2 (JIT) pattern run on
 * the line; patterns without a needle run on every line. The needles and their tables are the KB's,
 * built once when it is loaded (kbneedles.c). The log's context rules are in context.c. */
#include "debug.h"

#include "kbneedles.h"

#include "../util/needleset.h"
#include "../util/xalloc.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <ctype.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static const char *const error_words[] = {"error", "Error", "ERROR", "Traceback", "FAILED", "failed", "Killed",
					  "exception", "Exception", "fatal", "FATAL", "Aborted", "abort", "denied",
					  "not found", "No such file", "invalid", "Segmentation fault", "timed out",
					  "Timeout", "CANCELLED", NULL};

void diagnosis_list_init(struct diagnosis_list *l)
{
	memset(l, 0, sizeof(*l));
	arena_init(&l->arena);
}

bool debug_found_cause(const struct diagnosis_list *l)
{
	return l->nr && (!l->v[0].sig || l->v[0].priority > DEBUG_SYMPTOM_PRIORITY);
}

struct diagnosis *diagnosis_list_add(struct diagnosis_list *l)
{
	bool first = !debug_found_cause(l);
	l->v = xrealloc(l->v, (l->nr + 1) * sizeof(*l->v));
	if (first)
		memmove(l->v + 1, l->v, l->nr * sizeof(*l->v));
	struct diagnosis *d = &l->v[first ? 0 : l->nr];
	l->nr++;
	memset(d, 0, sizeof(*d));
	patch_result_init(&d->patch);
	return d;
}

static void diagnosis_release(struct diagnosis *d)
{
	for (size_t i = 0; i < d->nsymptoms; i++)
		diagnosis_release(&d->symptoms[i]);
	free(d->symptoms);
	free(d->ev);
	patch_result_release(&d->patch);
}

void diagnosis_list_release(struct diagnosis_list *l)
{
	for (size_t i = 0; i < l->nr; i++)
		diagnosis_release(&l->v[i]);
	free(l->v);
	for (size_t i = 0; i < l->nhints; i++)
		diagnosis_release(&l->hints[i]);
	free(l->hints);
	arena_release(&l->arena);
	memset(l, 0, sizeof(*l));
}

static bool in_vec(const struct strvec *v, const char *s)
{
	return strvec_find(v, s) >= 0;
}

void debug_script_launchers(const struct jobscript *js, struct strvec *out)
{
	for (size_t i = 0; js && i < js->nlaunches; i++) {
		const struct launch *l = &js->launches[i];
		for (size_t k = 0; k < l->nstages; k++) {
			const char *n = NULL;
			switch (l->stages[k].kind) {
			case SK_SRUN:
				n = "srun";
				break;
			case SK_MPIEXEC:
				n = "mpiexec";
				break;
			case SK_MPIRUN:
				n = "mpirun";
				break;
			case SK_IBRUN:
				n = "ibrun";
				break;
			case SK_TORCHRUN:
			case SK_TDLAUNCH:
				n = "torchrun";
				break;
			case SK_DEEPSPEED:
				n = "deepspeed";
				break;
			case SK_ACCELERATE:
				n = "accelerate";
				/* accelerate with DeepSpeed starts ranks through DeepSpeed's own runner */
				if ((stage_opt(&l->stages[k], "use-deepspeed") || stage_opt(&l->stages[k], "deepspeed-config-file") ||
				     stage_opt(&l->stages[k], "zero-stage")) &&
				    !in_vec(out, "deepspeed"))
					strvec_push(out, "deepspeed");
				break;
			case SK_PROGRAM:
				n = l->stages[k].prog && !strcmp(l->stages[k].prog, "python") ? "python" : NULL;
				break;
			default:
				break;
			}
			if (n && !in_vec(out, n))
				strvec_push(out, n);
		}
	}
}

static char *evidence_text(struct arena *a, const char *s, size_t len, size_t max);

enum applicability { AP_YES, AP_HINT, AP_NO };

static bool launcher_in(const struct strvec *launchers, const char *l)
{
	return in_vec(launchers, l) ||
	       /* mpiexec and mpirun are told apart by guesswork: either name covers both */
	       ((!strcmp(l, "mpiexec") || !strcmp(l, "mpirun")) &&
		(in_vec(launchers, "mpiexec") || in_vec(launchers, "mpirun")));
}

static void join_list(struct strbuf *sb, const char *const *v, size_t n, const char *last_sep)
{
	for (size_t i = 0; i < n; i++)
		strbuf_addf(sb, "%s%s", i ? (i + 1 == n ? last_sep : ", ") : "", v[i]);
}

/* Whether the `script: match` rule of s matches one of the commands the log echoes (cmds, one a line). */
static bool script_rule_in(const struct kb_signature *s, const struct strbuf *cmds)
{
	pcre2_match_data *md = pcre2_match_data_create_from_pattern((pcre2_code *)s->script_match, NULL);
	bool hit = pcre2_match((pcre2_code *)s->script_match, (PCRE2_SPTR)cmds->buf, cmds->len, 0, 0, md, NULL) >= 0;
	pcre2_match_data_free(md);
	return hit;
}

/* Where the shell command a pasted log line echoes starts (after its prompt), or 0 when the line (p, n
 * bytes) echoes none: `$ CMD`, `+ CMD` and `++ CMD` (bash -x), `> CMD` (not Python's `>>>`),
 * `user@host:dir$ CMD` (also `#` for root and SUSE's `user@host:dir> CMD`), `[user@host dir]$ CMD` (RHEL's
 * prompt, `#` for root). */
static size_t echoed_command_at(const char *p, size_t n)
{
	size_t i = 0;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	size_t cmd = 0;
	if (i + 1 < n && (p[i] == '$' || p[i] == '>') && p[i + 1] == ' ')
		cmd = i + 2;
	else if (i + 1 < n && p[i] == '+' && p[i + 1] == ' ')
		cmd = i + 2;
	else if (i + 2 < n && p[i] == '+' && p[i + 1] == '+' && p[i + 2] == ' ')
		cmd = i + 3;
	else if (p[i] == '[') {
		/* [user@host dir]$ CMD: an @ inside the brackets, then '$ ' or '# ' */
		const char *close = memchr(p + i, ']', n - i);
		size_t c = close ? (size_t)(close - p) : n;
		if (c + 2 < n && memchr(p + i, '@', c - i) && (p[c + 1] == '$' || p[c + 1] == '#') && p[c + 2] == ' ')
			cmd = c + 3;
	} else {
		/* user@host:dir$ CMD: an @ before the first space, then the first '$ ', '# ' or '> ' (no space
		 * between the @ and it) */
		size_t at = i;
		while (at < n && p[at] != '@' && p[at] != ' ')
			at++;
		if (at > i && at < n && p[at] == '@') {
			size_t d = at + 1;
			while (d + 1 < n && p[d] != ' ' && !((p[d] == '$' || p[d] == '#' || p[d] == '>') && p[d + 1] == ' '))
				d++;
			if (d + 1 < n && p[d] != ' ')
				cmd = d + 2;
		}
	}
	return cmd < n ? cmd : 0;
}

/* Calls fn(p, n, lineno, cmd, arg) for each line of the log that echoes a shell command (cmd: where the
 * command starts in the line), in order, until fn returns true. Only the first and last
 * DEBUG_CONTEXT_WINDOW bytes are read; line numbers count the skipped middle too. */
static void each_echoed_command(const char *log, size_t len,
				bool (*fn)(const char *p, size_t n, int lineno, size_t cmd, void *arg), void *arg)
{
	int lineno = 0;
	for (size_t pos = 0; pos < len;) {
		if (len > 2 * DEBUG_CONTEXT_WINDOW && pos >= DEBUG_CONTEXT_WINDOW && pos < len - DEBUG_CONTEXT_WINDOW) {
			/* skip the middle of a huge log, counting its lines */
			for (const char *q = log + pos, *e = log + len - DEBUG_CONTEXT_WINDOW; (q = memchr(q, '\n', (size_t)(e - q)));
			     q++)
				lineno++;
			pos = len - DEBUG_CONTEXT_WINDOW;
		}
		const char *p = log + pos;
		const char *nl = memchr(p, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - p) : len - pos;
		pos += n + 1;
		lineno++;
		size_t cmd = echoed_command_at(p, n);
		if (cmd && fn(p, n, lineno, cmd, arg))
			return;
	}
}

static bool add_command(const char *p, size_t n, int lineno, size_t cmd, void *arg)
{
	(void)lineno;
	strbuf_add(arg, p + cmd, n - cmd);
	strbuf_addch(arg, '\n');
	return false;
}

/* The shell commands a pasted log echoes (echoed_command_at), each without its prompt, one a line. When no
 * script is given they stand for it in `script: match` rules: a log that shows `$ ROCR_VISIBLE_DEVICES=1
 * python ...` says as much as a script line would. */
static void echoed_commands(const char *log, size_t len, struct strbuf *out)
{
	each_echoed_command(log, len, add_command, out);
}

/* Whether a signature is a cause here (AP_YES), would be one if the job were where it is restricted to
 * but that is unknown (AP_HINT, the condition in why), or is excluded by what is known (AP_NO).
 * launchers_known: a script was given or the log shows launchers. */
static enum applicability applies(const struct kb_signature *s, const struct debug_target *t, const char *sched,
				  const struct strvec *launchers, bool launchers_known, const struct strbuf *cmds,
				  struct strbuf *why)
{
	enum applicability r = AP_YES;
	if (s->nclusters) {
		if (t->cluster) {
			bool ok = false;
			for (size_t i = 0; i < s->nclusters && !ok; i++)
				ok = !strcmp(s->clusters[i], t->cluster->id);
			if (!ok)
				return AP_NO;
		} else {
			r = AP_HINT;
			strbuf_adds(why, "you are on ");
			join_list(why, s->clusters, s->nclusters, " or ");
		}
	}
	if (s->nschedulers) {
		if (sched) {
			bool ok = false;
			for (size_t i = 0; i < s->nschedulers && !ok; i++)
				ok = !strcmp(s->schedulers[i], sched);
			if (!ok)
				return AP_NO;
		} else {
			r = AP_HINT;
			strbuf_addf(why, "%sthe job ran under ", why->len ? " and " : "");
			join_list(why, s->schedulers, s->nschedulers, " or ");
		}
	}
	if (s->nlaunchers) {
		bool ok = false;
		for (size_t i = 0; i < s->nlaunchers && !ok; i++)
			ok = launcher_in(launchers, s->launchers[i]);
		if (!ok && launchers_known)
			return AP_NO;
		if (!ok) {
			r = AP_HINT;
			strbuf_addf(why, "%sthe job was started with ", why->len ? " and " : "");
			join_list(why, s->launchers, s->nlaunchers, " or ");
		}
	}
	if (s->script_match) {
		bool hit = false;
		if (t->script) {
			pcre2_match_data *md = pcre2_match_data_create_from_pattern((pcre2_code *)s->script_match, NULL);
			hit = pcre2_match((pcre2_code *)s->script_match, (PCRE2_SPTR)t->script, t->script_len, 0, 0, md, NULL) >= 0;
			pcre2_match_data_free(md);
			if (!hit)
				return AP_NO;
		} else if (cmds && cmds->len && script_rule_in(s, cmds)) {
			/* no script, but the log echoes a command that sets what the rule looks for */
		} else {
			r = AP_HINT;
			strbuf_addf(why, "%s%s", why->len ? " and " : "", s->script_hint);
		}
	}
	return r;
}

/* The line of script a diagnosis is about: the script: match line, else the first script: line
 * match, else the last assignment of the script: env variable. */
static void script_line_for(const struct kb_signature *s, const struct debug_target *t, struct arena *a,
			    struct diagnosis *d)
{
	if (!t->script || (!s->script_match && !s->script_line && !s->script_env))
		return;
	pcre2_code *re = NULL;
	bool first = true; /* the first matching line is named; for env the last assignment wins */
	if (s->script_match) {
		re = (pcre2_code *)s->script_match;
	} else if (s->script_line) {
		re = (pcre2_code *)s->script_line;
	} else {
		first = false;
		struct strbuf p = STRBUF_INIT;
		strbuf_addf(&p, "^(?:\\s*(?:export|declare -x)\\s+|\\s*|.*\\s)%s=", s->script_env);
		int code;
		PCRE2_SIZE off;
		re = pcre2_compile((PCRE2_SPTR)p.buf, PCRE2_ZERO_TERMINATED, 0, &code, &off, NULL);
		strbuf_release(&p);
		if (!re)
			return;
	}
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
	int lineno = 0;
	const char *text = t->script, *end = t->script + t->script_len;
	for (const char *p = text; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		lineno++;
		if (pcre2_match(re, (PCRE2_SPTR)p, len, 0, 0, md, NULL) >= 0) {
			d->script_line = lineno;
			d->script_text = evidence_text(a, p, len, DEBUG_EVIDENCE_BYTES);
			if (first)
				break;
		}
		p += len + 1;
	}
	pcre2_match_data_free(md);
	if (re != (pcre2_code *)s->script_match && re != (pcre2_code *)s->script_line)
		pcre2_code_free(re);
}

struct command_search {
	const struct kb_signature *s;
	pcre2_match_data *md;
	int line;
	size_t off, len; /* the whole log line */
	const char *log;
};

static bool command_matches(const char *p, size_t n, int lineno, size_t cmd, void *arg)
{
	struct command_search *c = arg;
	if (pcre2_match((pcre2_code *)c->s->script_match, (PCRE2_SPTR)(p + cmd), n - cmd, 0, 0, c->md, NULL) < 0)
		return false;
	c->line = lineno;
	c->off = (size_t)(p - c->log);
	c->len = n;
	return true;
}

/* With no script, the line of the log whose echoed command stood for it in the signature's `script: match`
 * rule (the command that sets what the rule looks for), named as the diagnosis's command line. */
static void command_line_for(const struct kb_signature *s, const struct debug_target *t, const char *log,
			     size_t len, struct arena *a, struct diagnosis *d)
{
	if (t->script || !s->script_match)
		return;
	struct command_search c = {.s = s, .log = log};
	c.md = pcre2_match_data_create_from_pattern((pcre2_code *)s->script_match, NULL);
	each_echoed_command(log, len, command_matches, &c);
	pcre2_match_data_free(c.md);
	if (c.line) {
		d->command_line = c.line;
		d->command_text = evidence_text(a, log + c.off, c.len, DEBUG_EVIDENCE_BYTES);
	}
}

/* A pattern of the KB (by its number in the needle index), and the signature (index into the active
 * list) it belongs to: NO_SIG when that signature does not apply to this diagnosis. */
#define NO_SIG SIZE_MAX
struct pref {
	const struct kb_pattern *p;
	size_t sig;
	long tried; /* the last line it ran on */
};

struct hit {
	long line;
	size_t off, len;
};

struct sig_hits {
	struct hit ev[DEBUG_MAX_EVIDENCE];
	size_t nev;
	size_t total;
	long last_line;
};

struct matcher {
	struct pref *prefs; /* one per pattern of the KB (struct kb_needles numbering) */
	const struct kb_needles *x; /* the KB's needles and their tables (kbneedles.h) */
	struct sig_hits *hits;
	pcre2_match_data *md;
	const struct kb_signature **active;
	struct strvec *seen; /* per active signature with repeat: the capture texts seen so far */
};

static void record(struct matcher *m, size_t sig, long line, size_t off, size_t len)
{
	struct sig_hits *h = &m->hits[sig];
	if (h->last_line == line)
		return;
	h->last_line = line;
	h->total++;
	if (h->nev < DEBUG_MAX_EVIDENCE)
		h->ev[h->nev++] = (struct hit){line, off, len};
}

static void try_pattern(struct matcher *m, size_t pi, const char *s, size_t len, long line, size_t off)
{
	struct pref *p = &m->prefs[pi];
	if (p->sig == NO_SIG || p->tried == line || m->hits[p->sig].last_line == line)
		return;
	p->tried = line;
	kb_pattern_prepare(p->p);
	int rc = pcre2_match((const pcre2_code *)p->p->re, (PCRE2_SPTR)s, len, 0, 0, m->md, NULL);
	if (rc < 0)
		return;
	uint32_t rcaps = 0;
	if (m->active[p->sig]->repeat)
		pcre2_pattern_info((const pcre2_code *)p->p->re, PCRE2_INFO_CAPTURECOUNT, &rcaps);
	if (rcaps) {
		/* counts only when the captured text was seen on an earlier line; a pattern of the
		 * signature without capture groups counts as it is (its wording alone says it: the
		 * scaler's own 'already at minimum' beside a scale stuck at its floor line after line) */
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(m->md);
		if (rc < 2 || ov[2] == PCRE2_UNSET)
			return;
		struct strvec *seen = &m->seen[p->sig];
		char *cap = xstrndup(s + ov[2], ov[3] - ov[2]);
		bool again = in_vec(seen, cap);
		if (!again && seen->nr < 4096)
			strvec_push(seen, cap);
		free(cap);
		if (!again)
			return;
	}
	uint32_t caps = 0;
	if (m->active[p->sig]->greater)
		pcre2_pattern_info((const pcre2_code *)p->p->re, PCRE2_INFO_CAPTURECOUNT, &caps);
	if (caps) {
		/* counts only when the second captured number is larger than the first (more workers
		 * joined than the world size), by more than greater_by percent of the second when given
		 * (most of a GPU's memory already in use); a pattern without capture groups counts as
		 * it is: its wording alone says it (812 MiB for this process, 30 GiB for another) */
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(m->md);
		if (rc < 3 || ov[2] == PCRE2_UNSET || ov[4] == PCRE2_UNSET)
			return;
		double a = strtod(s + ov[2], NULL), b = strtod(s + ov[4], NULL);
		if (b <= a || (b - a) * 100.0 <= b * m->active[p->sig]->greater_by)
			return;
	}
	record(m, p->sig, line, off, len);
}

static bool needle_at(const struct kbn_entry *e, const char *s, size_t avail)
{
	if (e->len > avail)
		return false;
	return e->icase ? !strncasecmp(s, e->text, e->len) : !memcmp(s, e->text, e->len);
}

static void try_needles(struct matcher *m, uint32_t head, const char *s, size_t ll, size_t i, long line, size_t pos)
{
	if (head == KBN_NONE)
		return;
	size_t e = head;
	uint64_t here = kbn_folded8((const unsigned char *)s + i, ll - i);
	for (; e != SIZE_MAX; e = m->x->e[e].next) {
		const struct kbn_entry *ne = &m->x->e[e];
		if ((here & ne->mask) != ne->pre || !needle_at(ne, s + i, ll - i))
			continue;
		for (size_t k = 0; k < ne->npats; k++)
			try_pattern(m, ne->pats[k], s, ll, line, pos);
	}
}

static void scan(struct matcher *m, const char *log, size_t len)
{
	long line = 0;
	size_t next_hit = 0; /* where the next needle is (len: none), once looked for from some line on */
	bool looked = false;
	for (size_t pos = 0; pos < len;) {
		const char *s = log + pos;
		const unsigned char *u = (const unsigned char *)s;
		const char *nl = memchr(s, '\n', len - pos);
		size_t ll = nl ? (size_t)(nl - s) : len - pos;
		line++;
		for (size_t a = 0; a < m->x->nalways; a++)
			try_pattern(m, m->x->always[a], s, ll, line, pos);
		bool any = m->x->n && ll >= 2;
		if (any && m->x->ns) {
			/* a line without any needle (most of a long log) is not scanned pair by pair */
			if (!looked || next_hit < pos)
				next_hit = pos + needleset_find(m->x->ns, s, len - pos);
			looked = true;
			any = next_hit < pos + ll;
		}
		if (any) {
			unsigned prev = kbn_fold[u[0]];
			for (size_t i = 0; i + 1 < ll; i++) {
				unsigned cur = kbn_fold[u[i + 1]];
				unsigned key = (prev << 8) | cur;
				prev = cur;
				if (!(m->x->pairs[key >> 6] & ((uint64_t)1 << (key & 63))))
					continue;
				if (i + 3 < ll)
					try_needles(m, m->x->quad[kbn_quad_bucket(u + i)], s, ll, i, line, pos);
				if (m->x->any_short)
					try_needles(m, m->x->pair[key], s, ll, i, line, pos);
			}
		}
		pos += ll + 1;
	}
}

/* Copies a log line as valid UTF-8 (invalid bytes become '?'), cut at max bytes. */
static char *evidence_text(struct arena *a, const char *s, size_t len, size_t max)
{
	bool cut = len > max;
	if (cut)
		len = max;
	char *out = arena_alloc(a, len + 4);
	size_t o = 0;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)s[i];
		size_t n = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : 9;
		bool ok = n != 9 && i + n < len;
		for (size_t k = 1; ok && k <= n; k++)
			ok = ((unsigned char)s[i + k] & 0xc0) == 0x80;
		if (ok && n == 1 && c < 0xc2)
			ok = false;
		if (!ok) {
			out[o++] = c < 0x80 ? (char)c : '?';
			i++;
			continue;
		}
		if (c == '\t' || c >= 0x20 || n)
			memcpy(out + o, s + i, n + 1), o += n + 1;
		else
			out[o++] = ' ';
		i += n + 1;
	}
	if (cut)
		memcpy(out + o, "...", 3), o += 3;
	out[o] = '\0';
	return out;
}

/* Whether some line of the log matches re (compiled multi-line); *at is then that line. */
static bool log_has(const struct pcre2_real_code_8 *re, pcre2_match_data *md, const char *log, size_t len,
		    struct hit *at)
{
	if (!len || pcre2_match((const pcre2_code *)re, (PCRE2_SPTR)log, len, 0, 0, md, NULL) < 0)
		return false;
	size_t off = pcre2_get_ovector_pointer(md)[0], start = off, end = off;
	while (start && log[start - 1] != '\n')
		start--;
	while (end < len && log[end] != '\n')
		end++;
	long line = 1;
	for (const char *p = log; (p = memchr(p, '\n', start - (size_t)(p - log))) != NULL; p++)
		line++;
	*at = (struct hit){line, start, end - start};
	return true;
}

static int cmp_rank(const struct diagnosis *a, const struct diagnosis *b)
{
	if (a->priority != b->priority)
		return a->priority > b->priority ? -1 : 1;
	if (a->first_line != b->first_line)
		return a->first_line < b->first_line ? -1 : 1;
	return strcmp(a->id, b->id);
}

static int cmp_diag(const void *a, const void *b)
{
	return cmp_rank(a, b);
}

static bool lists(const struct kb_signature *s, const char *id)
{
	for (size_t i = 0; i < s->nsymptoms; i++)
		if (!strcmp(s->symptoms[i], id))
			return true;
	return false;
}

int debug_diagnose(const struct kb *kb, const char *log, size_t len, const struct debug_target *t,
		   struct diagnosis_list *out, struct maple_error *err)
{
	(void)err;
	diagnosis_list_init(out);
	struct debug_target none = {.js = NULL};
	if (!t)
		t = &none;
	const char *sched = NULL;
	if (t->js && t->js->sched != JS_NONE)
		sched = sched_kind_name(t->js->sched);
	else if (t->cluster)
		sched = scheduler_name(t->cluster->scheduler);
	else
		sched = t->scheduler;
	struct strvec launchers = STRVEC_INIT;
	debug_script_launchers(t->js, &launchers);
	for (size_t i = 0; t->launchers && i < t->launchers->nr; i++)
		if (!in_vec(&launchers, t->launchers->v[i]))
			strvec_push(&launchers, t->launchers->v[i]);
	bool launchers_known = t->js || launchers.nr;

	/* the signatures that apply (or would, as hints), and their patterns */
	const struct kb_signature **active = xmalloc((kb->nsigs + 1) * sizeof(*active));
	char **hint_if = xcalloc(kb->nsigs + 1, sizeof(char *)); /* per active: NULL = a cause */
	size_t nactive = 0;
	struct strbuf why = STRBUF_INIT;
	struct strbuf cmds = STRBUF_INIT;
	if (!t->script)
		echoed_commands(log, len, &cmds);
	for (size_t i = 0; i < kb->nsigs; i++) {
		strbuf_reset(&why);
		enum applicability ap = applies(&kb->sigs[i], t, sched, &launchers, launchers_known, &cmds, &why);
		if (ap == AP_NO)
			continue;
		hint_if[nactive] = ap == AP_HINT ? xstrdup(why.buf) : NULL;
		active[nactive++] = &kb->sigs[i];
	}
	strbuf_release(&why);
	strbuf_release(&cmds);
	strvec_clear(&launchers);
	struct matcher m;
	memset(&m, 0, sizeof(m));
	m.hits = xcalloc(nactive + 1, sizeof(*m.hits));
	m.active = active;
	m.seen = xcalloc(nactive + 1, sizeof(*m.seen));
	/* the KB's needle index (built when it was loaded): every pattern of the KB gets a slot, those of
	 * signatures that do not apply here none of their tries */
	m.x = kb->needles;
	size_t npats = m.x ? m.x->npatterns : 0;
	m.prefs = xmalloc((npats + 1) * sizeof(*m.prefs));
	for (size_t i = 0, s = 0; i < kb->nsigs; i++) {
		bool on = s < nactive && active[s] == &kb->sigs[i];
		for (size_t k = 0; m.x && k < kb->sigs[i].npatterns; k++)
			m.prefs[m.x->base[i] + k] = (struct pref){&kb->sigs[i].patterns[k], on ? s : NO_SIG, -1};
		s += on;
	}
	for (size_t s = 0; s < nactive; s++)
		m.hits[s].last_line = -1;
	m.md = pcre2_match_data_create(4, NULL);
	if (len && m.x)
		scan(&m, log, len);

	/* what matched */
	struct diagnosis *all = xcalloc(nactive + 1, sizeof(*all));
	size_t nall = 0;
	for (size_t s = 0; s < nactive; s++) {
		const struct sig_hits *h = &m.hits[s];
		if (!h->total)
			continue;
		const struct kb_signature *sig = active[s];
		struct hit with = {0, 0, 0};
		if (sig->with && !log_has(sig->with, m.md, log, len, &with))
			continue; /* the line that names the cause is not in this log */
		if (sig->with_after && with.line < h->ev[0].line)
			continue; /* that line comes first: it is not the consequence of this one */
		struct hit other = {0, 0, 0};
		if (sig->without && log_has(sig->without, m.md, log, len, &other))
			continue; /* a line of this log says the cause is another one */
		struct diagnosis *d = &all[nall++];
		d->sig = sig;
		d->id = sig->id;
		d->category = kb_category_name(sig->category);
		d->title = sig->title;
		d->cause = sig->cause;
		d->advice = sig->advice;
		d->source = sig->source;
		d->priority = sig->priority;
		d->ops = sig->fix;
		d->nops = sig->nfix;
		d->nmatches = h->total;
		d->first_line = (int)h->ev[0].line;
		d->ev = xmalloc((h->nev + 1) * sizeof(*d->ev));
		d->nev = 0;
		bool with_left = with.line != 0; /* the `with` line, named in its place among the evidence lines */
		for (size_t k = 0; k < h->nev || with_left;) {
			const struct hit *e;
			if (with_left && (k == h->nev || with.line < h->ev[k].line))
				e = &with, with_left = false;
			else
				e = &h->ev[k++];
			d->ev[d->nev].line = (int)e->line;
			d->ev[d->nev++].text = evidence_text(&out->arena, log + e->off, e->len, DEBUG_EVIDENCE_BYTES);
		}
		patch_result_init(&d->patch);
	}
	/* hints: restricted signatures whose place is unknown; they never rank as causes */
	size_t ncause = 0;
	for (size_t i = 0; i < nall; i++) {
		size_t ai = 0;
		while (active[ai] != all[i].sig)
			ai++;
		if (hint_if[ai]) {
			struct diagnosis *h;
			out->hints = xrealloc(out->hints, (out->nhints + 1) * sizeof(*out->hints));
			h = &out->hints[out->nhints++];
			*h = all[i];
			h->hint_if = arena_strdup(&out->arena, hint_if[ai]);
		} else {
			script_line_for(all[i].sig, t, &out->arena, &all[i]);
			command_line_for(all[i].sig, t, log, len, &out->arena, &all[i]);
			all[ncause++] = all[i];
		}
	}
	nall = ncause;
	if (out->nhints > 1)
		qsort(out->hints, out->nhints, sizeof(*out->hints), cmp_diag);
	if (nall > 1)
		qsort(all, nall, sizeof(*all), cmp_diag);
	/* roots and consequences: a signature listed as a symptom by another matched one (that it does not
	 * list back) goes under the best-ranked root that explains it, directly or through a chain */
	int *parent = xmalloc((nall + 1) * sizeof(int));
	for (size_t i = 0; i < nall; i++) {
		parent[i] = -1;
		for (size_t j = 0; j < nall && parent[i] < 0; j++)
			if (j != i && lists(all[j].sig, all[i].id) && !lists(all[i].sig, all[j].id))
				parent[i] = (int)j;
	}
	int *root = xmalloc((nall + 1) * sizeof(int));
	for (size_t i = 0; i < nall; i++) {
		int r = (int)i;
		for (size_t guard = 0; parent[r] >= 0 && guard < nall; guard++)
			r = parent[r];
		root[i] = parent[r] >= 0 ? (int)i : r; /* a cycle: keep it a root */
	}
	size_t nroots = 0;
	for (size_t i = 0; i < nall; i++)
		nroots += root[i] == (int)i;
	out->v = xcalloc(nroots + 1, sizeof(*out->v));
	int *slot = xmalloc((nall + 1) * sizeof(int));
	for (size_t i = 0; i < nall; i++)
		if (root[i] == (int)i) {
			slot[i] = (int)out->nr;
			out->v[out->nr++] = all[i];
		}
	for (size_t i = 0; i < nall; i++) {
		if (root[i] == (int)i)
			continue;
		struct diagnosis *r = &out->v[slot[root[i]]];
		r->symptoms = xrealloc(r->symptoms, (r->nsymptoms + 1) * sizeof(*r->symptoms));
		r->symptoms[r->nsymptoms++] = all[i]; /* in rank order, as all[] is sorted */
	}
	free(slot);
	free(root);
	free(parent);
	free(all);
	pcre2_match_data_free(m.md);
	free(m.hits);
	for (size_t i = 0; i < nactive; i++) {
		strvec_clear(&m.seen[i]);
		free(hint_if[i]);
	}
	free(m.seen);
	free(hint_if);
	free(m.prefs);
	free(active);
	return 0;
}

int debug_build_patches(struct diagnosis_list *l, const char *script, size_t len, const struct cluster *c,
			struct maple_error *err)
{
	for (size_t i = 0; i < l->nr; i++) {
		struct diagnosis *d = &l->v[i];
		patch_result_release(&d->patch);
		if (!d->nops) {
			patch_result_init(&d->patch);
			d->patch.applicable = false;
			d->patch.reason = xstrdup(d->advice ? "the fix needs a person: see the advice" : "the knowledge base has no fix for it");
			d->patched = true;
			continue;
		}
		if (patch_apply(d->ops, d->nops, script, len, c, &d->patch, err) < 0)
			return -1;
		d->patched = true;
	}
	return 0;
}

/* Appends a normalised form of one line: digit runs and long hex runs become '#', spacing collapses. */
static void normalise(const char *s, struct strbuf *out)
{
	bool space = false;
	for (const char *p = s; *p;) {
		unsigned char c = (unsigned char)*p;
		if (isspace(c)) {
			space = out->len > 0;
			p++;
			continue;
		}
		if (space) {
			strbuf_addch(out, ' ');
			space = false;
		}
		size_t hex = strspn(p, "0123456789abcdefABCDEF");
		if (isdigit(c) || (hex >= 8 && (p == s || !isalnum((unsigned char)p[-1])))) {
			size_t n = isdigit(c) ? strspn(p, "0123456789") : hex;
			if (hex >= 8)
				n = hex;
			strbuf_addch(out, '#');
			p += n;
			continue;
		}
		strbuf_addch(out, (char)c);
		p++;
	}
}

void diagnosis_fingerprint(const struct diagnosis *d, struct strbuf *out)
{
	strbuf_adds(out, d->id);
	for (size_t i = 0; i < d->nev && i < 3; i++) {
		strbuf_addch(out, '|');
		normalise(d->ev[i].text, out);
	}
}

/* Whether a line holds one of the error words. */
static bool error_line(const char *s, size_t n)
{
	for (const char *const *w = error_words; *w; w++)
		if (memmem(s, n, *w, strlen(*w)))
			return true;
	return false;
}

void debug_error_lines(const char *log, size_t len, size_t max, struct strbuf *out)
{
	/* the last error-looking lines, searched backwards through the end of the log only */
	const size_t window = (size_t)512 << 10;
	size_t floor = len > window ? len - window : 0;
	size_t found = 0, end = len;
	size_t starts[64], lens[64];
	if (max > 64)
		max = 64;
	for (int pass = 0; pass < 2 && !found; pass++) {
		end = len;
		while (end > floor && found < max) {
			size_t e = end;
			if (log[e - 1] == '\n')
				e--;
			const char *nl = e > floor ? memrchr(log + floor, '\n', e - floor) : NULL;
			size_t s = nl ? (size_t)(nl - log) + 1 : floor;
			/* pass 0: error lines; pass 1 (none found): the last lines */
			if (e > s && (pass == 1 || error_line(log + s, e - s))) {
				starts[found] = s;
				lens[found++] = e - s < 400 ? e - s : 400;
			}
			end = s;
		}
	}
	for (size_t i = found; i-- > 0;) {
		strbuf_add(out, log + starts[i], lens[i]);
		strbuf_addch(out, '\n');
	}
}

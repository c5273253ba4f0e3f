/* kb.c - loading and validating the failure knowledge base (data/kb/NAME.yaml, data/kb/SCHEMA.md):
 * every problem is reported as `file:line: signature 'ID': field: message`, and a KB with any
 * problem is refused.
 *
 * Lazy compilation (issue 15): compiling the ~540 patterns and matching every example against them is
 * most of a `maple debug` start, yet a log runs only the few patterns whose needles it holds. A KB file
 * that loaded without any problem leaves a record in the data snapshot (ysnap.h), keyed by its path
 * and a hash of its bytes and of the PCRE2 version; a later kb_load() that finds the record for the
 * same bytes skips what only re-proves those checks (compiling signature and context patterns, the
 * empty-line, capture-group and example checks) and compiles each pattern on its first use
 * (kb_pattern_prepare). The record is a cache: other bytes, another PCRE2 or no snapshot mean the full
 * checks, and script/with/without expressions are always compiled at load. */
#include "kb.h"
#include "kbneedles.h"

#include "../repo/ydoc.h"
#include "../repo/ysnap.h"
#include "../util/fsutil.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_KB_FILE (4 * 1024 * 1024)
#define MIN_NEEDLE 3
/* the snapshot record of a KB file whose patterns and examples passed every check: this prefix, then
 * the file's path (a record key starts with a byte no path does) */
#define CHECKED_KEY "\001maple kb patterns checked "
#define CHECKED_SEED (((uint64_t)PCRE2_MAJOR << 16) | (uint64_t)PCRE2_MINOR)

static const char *const category_names[KC_COUNT] = {"scheduler", "launcher",	 "environment", "communication",
						     "framework", "user-config", "resources"};

const char *kb_category_name(enum kb_category c)
{
	return c < KC_COUNT ? category_names[c] : "?";
}

int kb_category_from_name(const char *s)
{
	for (int i = 0; i < KC_COUNT; i++)
		if (!strcmp(s, category_names[i]))
			return i;
	return -1;
}

static const char *const schedulers[] = {"slurm", "pbs", "lsf", NULL};

static bool in_list(const char *const *l, const char *s)
{
	for (; *l; l++)
		if (!strcmp(*l, s))
			return true;
	return false;
}

/* Signatures collected while loading, with the index of the data directory each came from. */
struct loader {
	struct kb *kb;
	const struct repo *repo;
	struct strbuf errs;
	struct kb_signature *sigs;
	int *dir_of;
	size_t n, cap;
	int dir;
	bool use_records; /* kb_load(): look for and leave snapshot records (see the top of this file) */
	bool lazy;	  /* the file being read has such a record: its patterns compile on first use */
};

static void free_patterns(struct kb_signature *s)
{
	for (size_t k = 0; k < s->npatterns; k++) {
		pcre2_code_free((pcre2_code *)s->patterns[k].re);
		s->patterns[k].re = NULL;
	}
	pcre2_code_free((pcre2_code *)s->script_match);
	s->script_match = NULL;
	pcre2_code_free((pcre2_code *)s->script_line);
	s->script_line = NULL;
	pcre2_code_free((pcre2_code *)s->with);
	s->with = NULL;
	pcre2_code_free((pcre2_code *)s->without);
	s->without = NULL;
}

/* Whether some line of text (an example may hold several) matches one of the patterns. */
static bool example_matches(const struct kb_pattern *pats, size_t n, const char *text)
{
	bool hit = false;
	for (const char *p = text; *p && !hit;) {
		size_t len = strcspn(p, "\n");
		for (size_t k = 0; k < n && !hit; k++) {
			pcre2_match_data *md = pcre2_match_data_create_from_pattern((pcre2_code *)pats[k].re, NULL);
			hit = pcre2_match((pcre2_code *)pats[k].re, (PCRE2_SPTR)p, len, 0, 0, md, NULL) >= 0;
			pcre2_match_data_free(md);
		}
		p += len + (p[len] == '\n');
	}
	return hit;
}

static pcre2_code *compile_one(struct ydoc *y, yaml_node_t *at, const char *what, const char *pat)
{
	int code;
	PCRE2_SIZE off;
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED, PCRE2_MULTILINE, &code, &off, NULL);
	if (!re) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(code, msg, sizeof(msg));
		yerr(y, at, "%s: does not compile at offset %zu: %s (pattern '%s')", what, (size_t)off, (const char *)msg,
		     pat);
	}
	return re;
}

/* with / without: RE (PCRE, multi-line: a line anywhere in the log) and KEY_example: a real line it
 * matches; `key` names the field ("with" or "without") */
static void read_line_gate(struct ydoc *y, yaml_node_t *m, const char *key, struct pcre2_real_code_8 **re,
			   const char **text, const char **example, const char *what)
{
	char ek[32];
	snprintf(ek, sizeof(ek), "%s_example", key);
	yget_str(y, m, key, text);
	yget_str(y, m, ek, example);
	if (!*text) {
		if (*example)
			yerr(y, ymap_get(y, m, ek), "%s: %s: given without '%s'", what, ek, key);
		return;
	}
	char w[220];
	snprintf(w, sizeof(w), "%s: %s", what, key);
	*re = (struct pcre2_real_code_8 *)compile_one(y, ymap_get(y, m, key), w, *text);
	if (!*example) {
		yerr(y, ymap_get(y, m, key), "%s: %s: give %s, a real log line that it matches", what, key, ek);
		return;
	}
	if (!*re)
		return;
	pcre2_match_data *md = pcre2_match_data_create_from_pattern((pcre2_code *)*re, NULL);
	int rc = pcre2_match((pcre2_code *)*re, (PCRE2_SPTR)*example, PCRE2_ZERO_TERMINATED, 0, 0, md, NULL);
	pcre2_match_data_free(md);
	if (rc < 0)
		yerr(y, ymap_get(y, m, ek), "%s: %s: does not match '%s' ('%.80s')", what, ek, key, *example);
}

static void read_with(struct ydoc *y, yaml_node_t *m, struct kb_signature *s, const char *what)
{
	read_line_gate(y, m, "with", &s->with, &s->with_text, &s->with_example, what);
	read_line_gate(y, m, "without", &s->without, &s->without_text, &s->without_example, what);
}

/* script: {match: RE, hint: TEXT, env: NAME, line: RE} */
static void read_script(struct ydoc *y, yaml_node_t *m, struct kb_signature *s, const char *what)
{
	yaml_node_t *sn = ymap_get(y, m, "script");
	if (!sn)
		return;
	static const char *const keys[] = {"match", "hint", "env", "line", NULL};
	static const char *const none[] = {NULL};
	char w[200];
	snprintf(w, sizeof(w), "%s: script", what);
	if (!ymap_check(y, sn, w, keys, none) || !yis_map(sn))
		return;
	yget_str(y, sn, "match", &s->script_match_text);
	yget_str(y, sn, "hint", &s->script_hint);
	yget_str(y, sn, "env", &s->script_env);
	yget_str(y, sn, "line", &s->script_line_text);
	if (s->script_line_text) {
		char w2[220];
		snprintf(w2, sizeof(w2), "%s: script: line", what);
		s->script_line = (struct pcre2_real_code_8 *)compile_one(y, ymap_get(y, sn, "line"), w2, s->script_line_text);
	}
	if (s->script_match_text) {
		char w2[220];
		snprintf(w2, sizeof(w2), "%s: script: match", what);
		s->script_match = (struct pcre2_real_code_8 *)compile_one(y, ymap_get(y, sn, "match"), w2, s->script_match_text);
		if (!s->script_hint)
			yerr(y, sn, "%s: script: hint: say in words what the matching script line looks like", what);
	}
	if (s->script_env && strspn(s->script_env, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") !=
				     strlen(s->script_env))
		yerr(y, ymap_get(y, sn, "env"), "%s: script: env: '%s' is not a variable name", what, s->script_env);
	if (!s->script_match_text && !s->script_env && !s->script_line_text)
		yerr(y, sn,
		     "%s: script: give match (a script line that must be there), env (a variable to name) or line (a "
		     "line to name)",
		     what);
}

static void add_sig(struct loader *L, struct kb_signature *s, struct ydoc *y, yaml_node_t *node)
{
	for (size_t i = 0; i < L->n; i++) {
		if (strcmp(L->sigs[i].id, s->id))
			continue;
		if (L->dir_of[i] == L->dir) {
			yerr(y, node, "signature '%s': id: already defined at %s:%d (ids must be unique)", s->id,
			     L->sigs[i].file, L->sigs[i].line);
			free_patterns(s);
			return;
		}
		free_patterns(&L->sigs[i]); /* a later data directory overrides an earlier one */
		L->sigs[i] = *s;
		L->dir_of[i] = L->dir;
		return;
	}
	if (L->n == L->cap) {
		L->cap = L->cap ? L->cap * 2 : 64;
		L->sigs = xrealloc(L->sigs, L->cap * sizeof(*L->sigs));
		L->dir_of = xrealloc(L->dir_of, L->cap * sizeof(int));
	}
	L->dir_of[L->n] = L->dir;
	L->sigs[L->n++] = *s;
}

static bool valid_id(const char *s)
{
	return *s && s[0] != '-' && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == strlen(s);
}

static bool read_patterns(struct ydoc *y, yaml_node_t *m, struct kb_signature *s, struct arena *a, bool lazy)
{
	const char **pats = NULL, **needles = NULL;
	size_t npats = 0, nneedles = 0;
	yaml_node_t *pn = ymap_get(y, m, "patterns");
	if (!yget_strlist(y, m, "patterns", &pats, &npats))
		return false;
	if (!npats) {
		yerr(y, pn ? pn : m, "signature '%s': patterns: give at least one regular expression", s->id);
		return false;
	}
	yaml_node_t *nn = ymap_get(y, m, "needles");
	if (!yget_strlist(y, m, "needles", &needles, &nneedles))
		return false;
	for (size_t i = 0; i < nneedles; i++)
		if (strlen(needles[i]) < 2) {
			yerr(y, nn, "signature '%s': needles: '%s' is too short to help (2 characters at least)", s->id,
			     needles[i]);
			return false;
		}
	s->patterns = arena_alloc(a, npats * sizeof(*s->patterns));
	bool ok = true;
	for (size_t i = 0; i < npats; i++) {
		struct kb_pattern *p = &s->patterns[s->npatterns];
		yaml_node_t *at = yis_seq(pn) ? yseq_at(y, pn, i) : pn;
		int code;
		PCRE2_SIZE off;
		pcre2_code *re = NULL;
		if (!lazy)
			re = pcre2_compile((PCRE2_SPTR)pats[i], PCRE2_ZERO_TERMINATED, 0, &code, &off, NULL);
		if (!re && !lazy) {
			PCRE2_UCHAR msg[256];
			pcre2_get_error_message(code, msg, sizeof(msg));
			yerr(y, at, "signature '%s': patterns[%zu]: does not compile at offset %zu: %s (pattern '%s')", s->id,
			     i, (size_t)off, (const char *)msg, pats[i]);
			ok = false;
			continue;
		}
		int empty = -1;
		if (re) {
			pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
			empty = pcre2_match(re, (PCRE2_SPTR) "", 0, 0, 0, md, NULL);
			pcre2_match_data_free(md);
		}
		if (empty >= 0) {
			yerr(y, at, "signature '%s': patterns[%zu]: matches an empty line, so it would match every line "
			     "(pattern '%s')", s->id, i, pats[i]);
			pcre2_code_free(re);
			ok = false;
			continue;
		}
		p->text = pats[i];
		p->re = (struct pcre2_real_code_8 *)re;
		p->compile_opts = 0;
		s->npatterns++;
		const char *derived[64];
		bool icase;
		size_t nd = needle_derive(pats[i], MIN_NEEDLE, a, derived, 64, &icase);
		p->icase = icase;
		/* The explicit needles apply to every pattern of the signature (the schema: a line is tried
		 * when it contains one of them); a pattern's own derived needles are added so that needles
		 * written with the first pattern in mind never hide a line a later pattern matches. With no
		 * needle at all the pattern is tried on every line. */
		size_t total = nneedles + nd;
		if (!total)
			continue;
		p->needles = arena_alloc(a, total * sizeof(*p->needles));
		for (size_t k = 0; k < nneedles; k++)
			p->needles[p->nneedles++] = (struct kb_needle){needles[k], strlen(needles[k]), icase};
		for (size_t k = 0; k < nd; k++)
			p->needles[p->nneedles++] = (struct kb_needle){derived[k], strlen(derived[k]), icase};
	}
	return ok;
}

static bool read_applies(struct loader *L, struct ydoc *y, yaml_node_t *m, struct kb_signature *s)
{
	yaml_node_t *at = ymap_get(y, m, "applies_to");
	if (!at || (at->type == YAML_SEQUENCE_NODE && !yseq_len(at)) ||
	    (at->type == YAML_SCALAR_NODE && !at->data.scalar.length))
		return true;
	char what[200];
	snprintf(what, sizeof(what), "signature '%s': applies_to", s->id);
	static const char *const keys[] = {"clusters", "schedulers", "launchers", NULL};
	if (!ymap_check(y, at, what, keys, NULL))
		return false;
	if (!yget_strlist(y, at, "clusters", &s->clusters, &s->nclusters) ||
	    !yget_strlist(y, at, "schedulers", &s->schedulers, &s->nschedulers) ||
	    !yget_strlist(y, at, "launchers", &s->launchers, &s->nlaunchers))
		return false;
	bool ok = true;
	for (size_t i = 0; i < s->nschedulers; i++)
		if (!in_list(schedulers, s->schedulers[i])) {
			yerr(y, ymap_get(y, at, "schedulers"), "%s: schedulers: '%s' is not a scheduler (slurm pbs lsf)",
			     what, s->schedulers[i]);
			ok = false;
		}
	for (size_t i = 0; i < s->nlaunchers; i++)
		if (!in_list(patch_launchers, s->launchers[i])) {
			yerr(y, ymap_get(y, at, "launchers"),
			     "%s: launchers: '%s' is not a launcher (srun mpiexec mpirun ibrun torchrun deepspeed accelerate "
			     "python)",
			     what, s->launchers[i]);
			ok = false;
		}
	if (L->repo && repo_cluster_count(L->repo))
		for (size_t i = 0; i < s->nclusters; i++)
			if (!repo_cluster(L->repo, s->clusters[i])) {
				yerr(y, ymap_get(y, at, "clusters"),
				     "%s: clusters: '%s' is not a cluster id (see `maple clusters`)", what, s->clusters[i]);
				ok = false;
			}
	return ok;
}

static bool read_fix(struct ydoc *y, yaml_node_t *m, struct kb_signature *s, struct arena *a)
{
	yaml_node_t *fx = ymap_get(y, m, "fix");
	if (!fx || (fx->type == YAML_SCALAR_NODE && !fx->data.scalar.length))
		return true;
	if (!yis_seq(fx)) {
		yerr(y, fx, "signature '%s': fix: must be a list of operations ({op: set_env, name: ..., value: ...})",
		     s->id);
		return false;
	}
	size_t n = yseq_len(fx);
	s->fix = arena_alloc(a, (n ? n : 1) * sizeof(*s->fix));
	bool ok = true;
	for (size_t i = 0; i < n; i++) {
		yaml_node_t *on = yseq_at(y, fx, i);
		if (!yis_map(on)) {
			yerr(y, on, "signature '%s': fix[%zu]: an operation is a mapping (op: NAME plus its fields)", s->id, i);
			ok = false;
			continue;
		}
		yaml_node_t *opn = ymap_get(y, on, "op");
		const char *opname = opn ? yscalar(y, opn, "op") : NULL;
		if (!opname) {
			if (!opn)
				yerr(y, on, "signature '%s': fix[%zu]: field 'op' is missing", s->id, i);
			ok = false;
			continue;
		}
		int kind = patch_kind_from_name(opname);
		if (kind < 0) {
			yerr(y, opn,
			     "signature '%s': fix[%zu]: op: unknown operation '%s' (known: set_env unset_env "
			     "set_launcher_option remove_launcher_option add_module swap_module remove_module set_directive "
			     "set_program_arg remove_program_arg set_backend set_master_port set_master_addr set_node_rank "
			     "change_dir make_dir)",
			     s->id, i, opname);
			ok = false;
			continue;
		}
		struct patch_op op = {.kind = (enum patch_kind)kind, .line = ynode_line(on)};
		bool op_ok = true;
		for (yaml_node_pair_t *p = on->data.mapping.pairs.start; p < on->data.mapping.pairs.top; p++) {
			yaml_node_t *k = yaml_document_get_node(&y->doc, p->key);
			yaml_node_t *v = yaml_document_get_node(&y->doc, p->value);
			const char *key = k && k->type == YAML_SCALAR_NODE ? (const char *)k->data.scalar.value : "";
			if (!strcmp(key, "op"))
				continue;
			int f = patch_field_from_name(key);
			if (f < 0 || !patch_field_allowed(op.kind, (enum patch_field)f)) {
				yerr(y, k, "signature '%s': fix[%zu] (%s): field '%s' is not one of this operation's fields",
				     s->id, i, opname, key);
				op_ok = false;
				continue;
			}
			const char *val = yscalar(y, v, key);
			if (!val) {
				op_ok = false;
				continue;
			}
			op.f[f] = val;
		}
		struct maple_error e;
		if (op_ok && patch_op_check(&op, &e) < 0) {
			yerr(y, on, "signature '%s': fix[%zu]: %s", s->id, i, e.text);
			op_ok = false;
		}
		if (op_ok)
			s->fix[s->nfix++] = op;
		ok = ok && op_ok;
	}
	return ok;
}

static const char *const sig_keys[] = {"id",	   "category",	 "title",  "cause",  "patterns", "needles",
				       "priority", "symptoms",	 "applies_to", "source", "advice", "fix",
				       "script",   "repeat",	 "greater",    "greater_by", "examples", "with",   "with_example", "with_after", "without", "without_example", NULL};
static const char *const sig_required[] = {"id", "category", "title", "cause", "patterns", "priority", "source", NULL};

static void read_signature(struct loader *L, struct ydoc *y, yaml_node_t *m, size_t index)
{
	struct arena *a = &L->kb->arena;
	struct kb_signature s;
	memset(&s, 0, sizeof(s));
	s.file = y->file;
	s.line = ynode_line(m);
	yaml_node_t *idn = ymap_get(y, m, "id");
	const char *id = idn && idn->type == YAML_SCALAR_NODE ? (const char *)idn->data.scalar.value : NULL;
	char what[160];
	if (id)
		snprintf(what, sizeof(what), "signature '%.100s'", id);
	else
		snprintf(what, sizeof(what), "signatures[%zu]", index);
	int before = y->nerrs;
	if (!ymap_check(y, m, what, sig_keys, sig_required) && !yis_map(m))
		return;
	if (!id)
		return;
	s.id = arena_strdup(a, id);
	if (!valid_id(s.id))
		yerr(y, idn, "%s: id: use lower-case letters, digits and '-' only", what);
	const char *cat = NULL;
	if (yget_str(y, m, "category", &cat) && cat) {
		int c = kb_category_from_name(cat);
		if (c < 0)
			yerr(y, ymap_get(y, m, "category"),
			     "%s: category: '%s' is not a category (scheduler launcher environment communication framework "
			     "user-config resources)",
			     what, cat);
		else
			s.category = (enum kb_category)c;
	}
	s.priority = 0;
	yaml_node_t *pn = ymap_get(y, m, "priority");
	if (pn) {
		const char *ps = yscalar(y, pn, "priority");
		char *end = NULL;
		long v = ps ? strtol(ps, &end, 10) : 0;
		if (ps && (!*ps || *end || v < 1 || v > 100))
			yerr(y, pn, "%s: priority: must be a whole number from 1 to 100, not '%s'", what, ps);
		s.priority = (int)v;
	}
	yget_str(y, m, "title", &s.title);
	yget_str(y, m, "cause", &s.cause);
	yget_str(y, m, "advice", &s.advice);
	yget_str(y, m, "source", &s.source);
	if (s.source && strncmp(s.source, "https://", 8) && strncmp(s.source, "http://", 7))
		yerr(y, ymap_get(y, m, "source"), "%s: source: '%s' is not a URL (http:// or https://)", what, s.source);
	yget_strlist(y, m, "symptoms", &s.symptoms, &s.nsymptoms);
	for (size_t i = 0; i < s.nsymptoms; i++)
		if (s.symptoms[i] && !strcmp(s.symptoms[i], s.id))
			yerr(y, ymap_get(y, m, "symptoms"), "%s: symptoms: a signature cannot list itself", what);
	read_applies(L, y, m, &s);
	read_fix(y, m, &s, a);
	if (!s.nfix && !s.advice && !ymap_get(y, m, "fix"))
		yerr(y, m, "%s: fix: give fix operations, or advice when the fix cannot be automatic", what);
	else if (!s.nfix && !s.advice && y->nerrs == before)
		yerr(y, ymap_get(y, m, "fix"), "%s: fix: an empty fix needs advice", what);
	read_script(y, m, &s, what);
	read_with(y, m, &s, what);
	yget_bool(y, m, "repeat", &s.repeat);
	yget_bool(y, m, "with_after", &s.with_after);
	if (s.with_after && !ymap_get(y, m, "with"))
		yerr(y, ymap_get(y, m, "with_after"), "%s: with_after: given without 'with'", what);
	yget_bool(y, m, "greater", &s.greater);
	yaml_node_t *gb = ymap_get(y, m, "greater_by");
	if (gb) {
		const char *gs = yscalar(y, gb, "greater_by");
		char *end = NULL;
		long v = gs ? strtol(gs, &end, 10) : 0;
		if (gs && (!*gs || *end || v < 1 || v > 99))
			yerr(y, gb, "%s: greater_by: must be a whole percentage from 1 to 99, not '%s'", what, gs);
		else if (gs)
			s.greater = true, s.greater_by = (int)v;
	}
	yget_strlist(y, m, "examples", &s.examples, &s.nexamples);
	read_patterns(y, m, &s, a, L->lazy);
	if (s.repeat && !L->lazy) {
		/* a pattern without a capture group counts as it is; at least one must have one */
		size_t with_caps = 0;
		for (size_t k = 0; k < s.npatterns; k++) {
			uint32_t caps = 0;
			pcre2_pattern_info((pcre2_code *)s.patterns[k].re, PCRE2_INFO_CAPTURECOUNT, &caps);
			with_caps += caps > 0;
		}
		if (!with_caps)
			yerr(y, ymap_get(y, m, "patterns"),
			     "%s: repeat: no pattern has a capture group (the text that must repeat on a later line)", what);
	}
	if (s.greater && !L->lazy)
		for (size_t k = 0; k < s.npatterns; k++) {
			uint32_t caps = 0;
			pcre2_pattern_info((pcre2_code *)s.patterns[k].re, PCRE2_INFO_CAPTURECOUNT, &caps);
			if (caps == 1)
				yerr(y, ymap_get(y, m, "patterns"),
				     "%s: greater: patterns[%zu] needs two capture groups (the two numbers compared), or none "
				     "(its wording alone already says it)",
				     what, k);
		}
	if (y->nerrs == before && !L->lazy)
		for (size_t k = 0; k < s.nexamples; k++)
			if (!example_matches(s.patterns, s.npatterns, s.examples[k]))
				yerr(y, ymap_get(y, m, "examples"), "%s: examples[%zu]: matches none of the patterns ('%.80s')",
				     what, k, s.examples[k]);
	if (y->nerrs != before) {
		free_patterns(&s);
		return;
	}
	add_sig(L, &s, y, idn);
}

static const char *const ctx_kinds[] = {"scheduler", "launcher", "cluster", NULL};

static void read_context(struct loader *L, struct ydoc *y, yaml_node_t *m, size_t index)
{
	struct arena *a = &L->kb->arena;
	static const char *const keys[] = {"id", "kind", "value", "patterns", "source", NULL};
	char what[160];
	yaml_node_t *idn = ymap_get(y, m, "id");
	const char *id = idn && idn->type == YAML_SCALAR_NODE ? (const char *)idn->data.scalar.value : NULL;
	if (id)
		snprintf(what, sizeof(what), "context '%.100s'", id);
	else
		snprintf(what, sizeof(what), "context[%zu]", index);
	int before = y->nerrs;
	if (!ymap_check(y, m, what, keys, keys) || !id)
		return;
	struct kb_context c;
	memset(&c, 0, sizeof(c));
	c.id = arena_strdup(a, id);
	c.file = y->file;
	c.line = ynode_line(m);
	const char *kind = NULL;
	yget_str(y, m, "kind", &kind);
	int ki = -1;
	for (int i = 0; kind && ctx_kinds[i]; i++)
		if (!strcmp(kind, ctx_kinds[i]))
			ki = i;
	if (ki < 0)
		yerr(y, ymap_get(y, m, "kind"), "%s: kind: '%s' is not scheduler, launcher or cluster", what,
		     kind ? kind : "");
	c.kind = (enum kb_context_kind)(ki < 0 ? 0 : ki);
	yget_str(y, m, "value", &c.value);
	yget_str(y, m, "source", &c.source);
	if (c.source && strncmp(c.source, "https://", 8) && strncmp(c.source, "http://", 7))
		yerr(y, ymap_get(y, m, "source"), "%s: source: '%s' is not a URL", what, c.source);
	if (ki == KX_SCHEDULER && c.value && !in_list(schedulers, c.value))
		yerr(y, ymap_get(y, m, "value"), "%s: value: '%s' is not a scheduler (slurm pbs lsf)", what, c.value);
	if (ki == KX_LAUNCHER && c.value && !in_list(patch_launchers, c.value))
		yerr(y, ymap_get(y, m, "value"), "%s: value: '%s' is not a launcher", what, c.value);
	if (ki == KX_CLUSTER && c.value && L->repo && repo_cluster_count(L->repo) && !repo_cluster(L->repo, c.value))
		yerr(y, ymap_get(y, m, "value"), "%s: value: '%s' is not a cluster id", what, c.value);
	const char **pats = NULL;
	size_t np = 0;
	yget_strlist(y, m, "patterns", &pats, &np);
	c.patterns = arena_alloc(a, (np + 1) * sizeof(*c.patterns));
	for (size_t i = 0; i < np; i++) {
		char w[200];
		snprintf(w, sizeof(w), "%s: patterns[%zu]", what, i);
		pcre2_code *re = NULL;
		if (!L->lazy) {
			yaml_node_t *pn = ymap_get(y, m, "patterns");
			re = compile_one(y, yis_seq(pn) ? yseq_at(y, pn, i) : pn, w, pats[i]);
			if (!re)
				continue;
		}
		struct kb_pattern *p = &c.patterns[c.npatterns++];
		memset(p, 0, sizeof(*p));
		p->text = pats[i];
		p->re = (struct pcre2_real_code_8 *)re;
		p->compile_opts = PCRE2_MULTILINE;
		const char *derived[16];
		bool icase;
		size_t nd = needle_derive(pats[i], MIN_NEEDLE, a, derived, 16, &icase);
		if (!nd) /* a required group's alternatives: only the context rules take these (issue 15) */
			nd = needle_derive_group(pats[i], MIN_NEEDLE, a, derived, 16, &icase);
		p->icase = icase;
		p->needles = nd ? arena_alloc(a, nd * sizeof(*p->needles)) : NULL;
		for (size_t k = 0; k < nd; k++)
			p->needles[p->nneedles++] = (struct kb_needle){derived[k], strlen(derived[k]), icase};
	}
	if (!np)
		yerr(y, m, "%s: patterns: give at least one", what);
	if (y->nerrs != before) {
		for (size_t k = 0; k < c.npatterns; k++)
			pcre2_code_free((pcre2_code *)c.patterns[k].re);
		return;
	}
	L->kb->ctx = xrealloc(L->kb->ctx, (L->kb->nctx + 1) * sizeof(*L->kb->ctx));
	L->kb->ctx[L->kb->nctx++] = c;
}

static void load_dir(struct loader *L, const char *dir)
{
	struct strvec files = STRVEC_INIT, names = STRVEC_INIT;
	list_dir_suffix(dir, ".yaml", &names);
	for (size_t i = 0; i < names.nr; i++)
		strvec_pushf(&files, "%s/%s", dir, names.v[i]);
	strvec_clear(&names);
	for (size_t i = 0; i < files.nr; i++) {
		struct strbuf data = STRBUF_INIT;
		struct maple_error fe;
		if (read_file(files.v[i], &data, MAX_KB_FILE, &fe) < 0) {
			strbuf_addf(&L->errs, "%s:1: %s\n", files.v[i], fe.text);
			strbuf_release(&data);
			continue;
		}
		L->kb->nfiles++;
		struct strbuf key = STRBUF_INIT;
		uint64_t hash = 0;
		size_t errs_before = L->errs.len;
		L->lazy = false;
		if (L->use_records) {
			const void *blob;
			size_t blen;
			strbuf_addf(&key, "%s%s", CHECKED_KEY, files.v[i]);
			hash = ysnap_hash64(data.buf, data.len, CHECKED_SEED);
			L->lazy = ysnap_record_lookup(key.buf, hash, &blob, &blen) == 0;
		}
		struct ydoc y;
		if (ydoc_parse(&y, &L->kb->arena, &L->errs, files.v[i], data.buf, data.len) == 0) {
			yaml_node_t *root = ydoc_root(&y);
			static const char *const top[] = {"signatures", "context", NULL};
			static const char *const none[] = {NULL};
			if (ymap_check(&y, root, "a knowledge-base file", top, none)) {
				yaml_node_t *list = ymap_get(&y, root, "signatures");
				yaml_node_t *ctx = ymap_get(&y, root, "context");
				if (!list && !ctx)
					yerr(&y, root, "a knowledge-base file needs signatures: (or context:)");
				if (list && !yis_seq(list))
					yerr(&y, list, "signatures: must be a list of signatures");
				else
					for (size_t k = 0; list && k < yseq_len(list); k++)
						read_signature(L, &y, yseq_at(&y, list, k), k);
				if (ctx && !yis_seq(ctx))
					yerr(&y, ctx, "context: must be a list of context rules");
				else
					for (size_t k = 0; ctx && k < yseq_len(ctx); k++)
						read_context(L, &y, yseq_at(&y, ctx, k), k);
			}
		}
		ydoc_release(&y);
		/* every check passed on these bytes: later loads may skip the pattern checks */
		if (L->use_records && !L->lazy && L->errs.len == errs_before)
			ysnap_record_store(key.buf, hash, "1", 1);
		L->lazy = false;
		strbuf_release(&key);
		strbuf_release(&data);
	}
	strvec_clear(&files);
}

static int cmp_sig(const void *a, const void *b)
{
	return strcmp(((const struct kb_signature *)a)->id, ((const struct kb_signature *)b)->id);
}

static struct kb *finish(struct loader *L, struct maple_error *err)
{
	struct kb *kb = L->kb;
	kb->sigs = L->sigs;
	kb->nsigs = L->n;
	free(L->dir_of);
	if (kb->nsigs)
		qsort(kb->sigs, kb->nsigs, sizeof(*kb->sigs), cmp_sig);
	for (size_t i = 0; i < kb->nsigs; i++) {
		const struct kb_signature *s = &kb->sigs[i];
		for (size_t k = 0; k < s->nsymptoms; k++)
			if (!kb_find(kb, s->symptoms[k]))
				strbuf_addf(&L->errs, "%s:%d: signature '%s': symptoms: '%s' is not a signature id\n", s->file,
					    s->line, s->id, s->symptoms[k]);
	}
	if (L->errs.len) {
		strbuf_setlen(&L->errs, L->errs.len - (L->errs.buf[L->errs.len - 1] == '\n'));
		errorf(err, "%s", L->errs.buf);
		strbuf_release(&L->errs);
		kb_destroy(kb);
		return NULL;
	}
	strbuf_release(&L->errs);
	kb->needles = kb_needles_build(kb);
	return kb;
}

static void loader_init(struct loader *L, const struct repo *repo)
{
	memset(L, 0, sizeof(*L));
	L->kb = xcalloc(1, sizeof(*L->kb));
	arena_init(&L->kb->arena);
	L->repo = repo;
	strbuf_init(&L->errs);
}

struct kb *kb_load(const struct strvec *dirs, const struct repo *repo, struct maple_error *err)
{
	struct loader L;
	loader_init(&L, repo);
	L.use_records = true;
	for (size_t i = 0; i < dirs->nr; i++) {
		struct strbuf p = STRBUF_INIT;
		strbuf_addf(&p, "%s/kb", dirs->v[i]);
		L.dir = (int)i;
		load_dir(&L, p.buf);
		strbuf_release(&p);
	}
	return finish(&L, err);
}

struct kb *kb_load_dir(const char *dir, const struct repo *repo, struct maple_error *err)
{
	struct loader L;
	loader_init(&L, repo);
	load_dir(&L, dir);
	return finish(&L, err);
}

void kb_destroy(struct kb *kb)
{
	if (!kb)
		return;
	for (size_t i = 0; i < kb->nsigs; i++)
		free_patterns(&kb->sigs[i]);
	free(kb->sigs);
	for (size_t i = 0; i < kb->nctx; i++)
		for (size_t k = 0; k < kb->ctx[i].npatterns; k++)
			pcre2_code_free((pcre2_code *)kb->ctx[i].patterns[k].re);
	free(kb->ctx);
	kb_needles_destroy(kb->needles);
	arena_release(&kb->arena);
	free(kb);
}

void kb_pattern_prepare(const struct kb_pattern *p)
{
	struct kb_pattern *mp = (struct kb_pattern *)p; /* the compiled and JIT code cache the pattern's text */
	if (mp->jit_done)
		return;
	mp->jit_done = true;
	if (!mp->re) {
		/* a lazy pattern (its file's bytes compiled without error before); should it fail all the
		 * same, re stays NULL and pcre2_match() answers PCRE2_ERROR_NULL: no match */
		int code;
		PCRE2_SIZE off;
		mp->re = (struct pcre2_real_code_8 *)pcre2_compile((PCRE2_SPTR)mp->text, PCRE2_ZERO_TERMINATED,
								   mp->compile_opts, &code, &off, NULL);
		if (!mp->re)
			return;
	}
	pcre2_jit_compile((pcre2_code *)mp->re, PCRE2_JIT_COMPLETE); /* on failure pcre2_match interprets */
}

const struct kb_signature *kb_find(const struct kb *kb, const char *id)
{
	size_t lo = 0, hi = kb->nsigs;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(kb->sigs[mid].id, id);
		if (!c)
			return &kb->sigs[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

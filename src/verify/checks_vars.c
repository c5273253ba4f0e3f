/* checks_vars.c - checks on the variables the launch lines use: a variable that nothing sets (not the
 * script, the scheduler, the launcher or the login environment), another centre's login variables
 * ($PSCRATCH off Perlmutter, data/scripts/siteenv.yaml), the other scheduler's variables (Slurm's
 * under PBS and the reverse), and the job's own arguments ("$@") frozen into literal text or lost
 * inside a per-task bash -c. */
#include "findings.h"
#include "lookup.h"

#include "../script/hints.h"
#include "../util/strbuf.h"

#include <ctype.h>
#include <string.h>

/* Whether the script sources a file that may set anything (not an environment activation). */
static bool sources_unknown_file(const struct jobscript *js)
{
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		size_t w = c->nassign_prefix;
		if (w + 1 >= c->words.nr)
			continue;
		const char *v = c->words.v[w].value;
		if (strcmp(v, "source") && strcmp(v, "."))
			continue;
		const char *f = c->words.v[w + 1].value;
		if (!strstr(f, "activate") && !strstr(f, "conda.sh") && !strstr(f, "/etc/profile") && !strstr(f, "lmod"))
			return true;
	}
	return false;
}

static bool positional(const char *name)
{
	return (name[0] >= '0' && name[0] <= '9') || !strcmp(name, "@") || !strcmp(name, "*");
}

/* Variables on the launch lines that nothing sets. */
static void unset_vars(struct vctx *x)
{
	const struct jobscript *js = x->js;
	bool maybe_sourced = sources_unknown_file(js);
	/* a centre's login variable ($LOCAL, $PSCRATCH: siteenv.yaml) is set there; site_vars says where not */
	struct maple_error herr;
	const struct script_hints *h = x->repo ? script_hints_shared(x->repo, &herr) : NULL;
	for (size_t l = 0; l < js->nlaunches; l++) {
		const struct launch *ln = &js->launches[l];
		for (size_t s = 0; s < ln->nstages; s++) {
			const struct stage *st = &ln->stages[s];
			const struct jcmd *c = &js->cmds[st->cmd];
			int last = st->kind == SK_PROGRAM || s + 1 == ln->nstages ? (int)c->words.nr : st->last;
			for (int w = st->first; w < last && (size_t)w < c->words.nr; w++) {
				const struct shword *sw = &c->words.v[w];
				for (size_t g = 0; g < sw->nsegs; g++) {
					const char *name = sw->segs[g].text;
					if (sw->segs[g].kind != SEG_VAR || positional(name) || env_provides(name) ||
					    set_anywhere(js, name) || (h && script_hints_site_var(h, name)))
						continue;
					int line, col, span;
					word_pos(x, st->cmd, w, &line, &col, &span);
					struct strbuf fix = STRBUF_INIT;
					strbuf_addf(&fix, "set %s before line %d (or use ${%s:-DEFAULT}); check its spelling", name,
						    line, name);
					report(x, "variable-unset", maybe_sourced ? SEV_WARNING : SEV_ERROR, line, col, span, fix.buf,
					       "$%s is used on the launch line but nothing sets it (not the script, the scheduler or "
					       "the launcher)%s: it expands to an empty word",
					       name, maybe_sourced ? " unless a file the script sources does" : "");
					strbuf_release(&fix);
				}
			}
		}
	}
}

/* The site variables of word sw that the cluster does not set and the script does not set, not yet in
 * seen (each is reported once), appended to names and seen. */
static void site_vars_of_word(struct vctx *x, const struct script_hints *h, const struct shword *sw,
			      struct strvec *names, struct strvec *seen)
{
	for (size_t g = 0; g < sw->nsegs; g++) {
		const char *name = sw->segs[g].text;
		if (sw->segs[g].kind != SEG_VAR || !script_hints_site_var(h, name) ||
		    script_hints_site_var_on(h, name, x->c->id) || set_anywhere(x->js, name) ||
		    strvec_find(seen, name) >= 0)
			continue;
		strvec_push(seen, name);
		strvec_push(names, name);
	}
}

/* One finding for the site variables of one line (a finding id is kept once per line). */
static void report_site_vars(struct vctx *x, const struct script_hints *h, const struct strvec *names, int line,
			     int col, int span)
{
	if (!names->nr)
		return;
	struct strbuf vars = STRBUF_INIT, who = STRBUF_INIT, fix = STRBUF_INIT;
	for (size_t i = 0; i < names->nr; i++) {
		strbuf_addf(&vars, "%s$%s", i ? (i + 1 == names->nr ? " and " : ", ") : "", names->v[i]);
		if (i)
			strbuf_adds(&who, "; ");
		strbuf_addf(&who, "$%s on ", names->v[i]);
		script_hints_site_var_clusters(h, names->v[i], &who);
	}
	bool one = names->nr == 1;
	strbuf_addf(&fix, "replace %s with %s on %s (or set %s before line %d) and move the data there", vars.buf,
		    one ? "a path" : "paths", x->c->id, one ? "it" : "them", line);
	report(x, "site-variable", SEV_WARNING, line, col, span, fix.buf,
	       "%s come%s from another centre's login environment (%s); %s does not set %s, so %s to an empty word "
	       "here",
	       vars.buf, one ? "s" : "", who.buf, x->c->id, one ? "it" : "them", one ? "it expands" : "they expand");
	strbuf_release(&vars);
	strbuf_release(&who);
	strbuf_release(&fix);
}

/* Variables of other centres' login environments ($PSCRATCH, $MEMBERWORK ...) that this cluster lacks. */
static void site_vars(struct vctx *x)
{
	if (!x->c || !x->repo)
		return;
	struct maple_error err = {0};
	const struct script_hints *h = script_hints_shared(x->repo, &err);
	if (!h || !h->nsiteenv)
		return;
	const struct jobscript *js = x->js;
	struct strvec seen = STRVEC_INIT, names = STRVEC_INIT;
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		int line = 0, col = 0, span = 0;
		for (size_t w = 0; w < c->words.nr; w++) {
			size_t before = names.nr;
			site_vars_of_word(x, h, &c->words.v[w], &names, &seen);
			if (before == 0 && names.nr)
				word_pos(x, (int)i, (int)w, &line, &col, &span);
		}
		report_site_vars(x, h, &names, line, col, span);
		strvec_clear(&names);
	}
	for (size_t i = 0; i < js->nassigns; i++) {
		if (!js->assigns[i].value.raw)
			continue;
		site_vars_of_word(x, h, &js->assigns[i].value, &names, &seen);
		report_site_vars(x, h, &names, js->assigns[i].line, 0, 0);
		strvec_clear(&names);
	}
	strvec_clear(&seen);
}

/* The first variable of the other scheduler that the shell expands inside a command substitution
 * of raw ($(head -n 1 "$PBS_NODEFILE")): not single quoted; copied into name. */
static bool foreign_in_subst(const char *raw, const char *bad, char *name, size_t size)
{
	bool sq = false, dq = false;
	int subst = 0, arith = 0; /* arith: the depth of an arithmetic expansion $(( )) */
	for (const char *p = raw; *p; p++) {
		if (sq) {
			sq = *p != '\'';
			continue;
		}
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		if (*p == '\'' && !dq)
			sq = true;
		else if (*p == '"')
			dq = !dq;
		else if (*p == '$' && p[1] == '(' && p[2] == '(' && !arith)
			arith = ++subst, p++;
		else if (*p == '$' && p[1] == '(')
			subst++, p++;
		else if (*p == ')' && subst > 0 && subst == arith && p[1] == ')')
			subst--, arith = 0, p++;
		else if (*p == ')' && subst > 0)
			subst--;
		else if (arith && subst >= arith && !strchr("$_{", p[-1]) && !isalnum((unsigned char)p[-1]) &&
			 !strncmp(p, bad, strlen(bad))) {
			/* an arithmetic expansion reads a bare NAME as the variable: $(( SLURM_ARRAY_TASK_ID * 10 )) */
			size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
			if (n > strlen(bad) && n < size) {
				memcpy(name, p, n);
				name[n] = 0;
				return true;
			}
		} else if (*p == '$' && subst > 0) {
			const char *v = p + 1 + (p[1] == '{');
			size_t n = strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
			if (n > strlen(bad) && n < size && !strncmp(v, bad, strlen(bad))) {
				memcpy(name, v, n);
				name[n] = 0;
				return true;
			}
		}
	}
	return false;
}

/* The first variable of the other scheduler in a word (a segment, else one inside a command
 * substitution, copied into sub), or NULL. */
static const char *foreign_in_word(const struct shword *sw, enum sched_kind k, char *sub, size_t size)
{
	const char *bad = k == JS_PBS ? "SLURM_" : "PBS_";
	for (size_t g = 0; g < sw->nsegs; g++)
		if (sw->segs[g].kind == SEG_VAR && sw->segs[g].text[0] == bad[0] && !strncmp(sw->segs[g].text, bad, strlen(bad)))
			return sw->segs[g].text;
	/* no "$(" at all: no command substitution to look into */
	return sw->raw && strstr(sw->raw, "$(") && foreign_in_subst(sw->raw, bad, sub, size) ? sub : NULL;
}

/* A word's variable of the other scheduler (one finding per word). */
static void report_foreign(struct vctx *x, const char *name, int line, int col, int span, enum sched_kind k)
{
	bool pbs = k == JS_PBS;
	report(x, "scheduler-variable", SEV_ERROR, line, col, span,
	       pbs ? "use PBS's: $PBS_NODEFILE (nodes: $(wc -l < $PBS_NODEFILE)), $PBS_JOBID, $PBS_O_WORKDIR; ranks "
		     "from $PMI_RANK / $PALS_LOCAL_RANKID"
		   : "use Slurm's: $SLURM_JOB_NODELIST, $SLURM_NNODES, $SLURM_JOB_ID, $SLURM_SUBMIT_DIR",
	       "$%s is a %s variable, but this is a %s job: it is never set and expands to an empty word", name,
	       pbs ? "Slurm" : "PBS", pbs ? "PBS" : "Slurm");
}

static void foreign_sched_vars(struct vctx *x)
{
	const struct jobscript *js = x->js;
	enum sched_kind k = fix_sched(x);
	if (k != JS_SLURM && k != JS_PBS)
		return;
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		/* a test or a branch is how portable scripts ask which scheduler they run under */
		if (c->in_control || (c->depth > 0 && js->cmds[c->parent].in_control))
			continue;
		const char *w0 = c->nassign_prefix < c->words.nr ? c->words.v[c->nassign_prefix].value : "";
		if (!strcmp(w0, "[") || !strcmp(w0, "[[") || !strcmp(w0, "test") || !strcmp(w0, "echo") ||
		    !strcmp(w0, "printf"))
			continue;
		for (size_t w = 0; w < c->words.nr; w++) {
			char sub[64];
			const char *name = foreign_in_word(&c->words.v[w], k, sub, sizeof(sub));
			if (!name)
				continue;
			int line, col, span; /* found only for a word that is reported */
			word_pos(x, (int)i, (int)w, &line, &col, &span);
			report_foreign(x, name, line, col, span, k);
		}
	}
	for (size_t i = 0; i < js->nassigns; i++) {
		const struct assign *a = &js->assigns[i];
		if (!a->value.raw || (a->cmd >= 0 && js->cmds[a->cmd].in_control))
			continue;
		char sub[64];
		const char *name = foreign_in_word(&a->value, k, sub, sizeof(sub));
		if (name)
			report_foreign(x, name, a->line, 0, 0, k);
	}
}

/* Whether "$@" / "$*" stands in raw where the shell does not expand it (single quotes, a backslash). */
static bool frozen_args(const char *raw)
{
	bool sq = false, dq = false;
	for (const char *p = raw; *p; p++) {
		if (sq) {
			if (*p == '\'')
				sq = false;
			else if (*p == '$' && (p[1] == '@' || p[1] == '*' || (p[1] == '{' && (p[2] == '@' || p[2] == '*'))))
				return true;
			continue;
		}
		if (*p == '\\' && p[1]) {
			if (p[1] == '$' && (p[2] == '@' || p[2] == '*'))
				return true;
			p++;
		} else if (*p == '\'' && !dq) {
			sq = true;
		} else if (*p == '"') {
			dq = !dq;
		}
	}
	return false;
}

static bool has_args_ref(const char *v)
{
	return strstr(v, "$@") || strstr(v, "$*") || strstr(v, "${@}") || strstr(v, "${*}");
}

static void forwarded_args(struct vctx *x)
{
	const struct jobscript *js = x->js;
	for (size_t l = 0; l < js->nlaunches; l++) {
		const struct launch *ln = &js->launches[l];
		for (size_t s = 0; s < ln->nstages; s++) {
			const struct stage *st = &ln->stages[s];
			const struct jcmd *c = &js->cmds[st->cmd];
			if (st->kind == SK_SHELL) {
				/* bash -c 'STRING' [NAME ARGS...]: "$@" inside STRING is the arguments after it */
				int sw = st->last - 1;
				bool inner_uses = false;
				for (size_t i = 0; i < js->ncmds && !inner_uses; i++)
					if (js->cmds[i].depth > 0 && js->cmds[i].parent == st->cmd)
						for (size_t w = 0; w < js->cmds[i].words.nr && !inner_uses; w++)
							inner_uses = has_args_ref(js->cmds[i].words.v[w].value);
				if (inner_uses && sw >= 0 && (size_t)sw + 1 >= c->words.nr) {
					int line, col, span;
					word_pos(x, st->cmd, sw, &line, &col, &span);
					report(x, "args-not-forwarded", SEV_ERROR, line, col, 1,
					       "pass them after the string: bash -c '... \"$@\"' bash \"$@\"",
					       "\"$@\" inside bash -c '...' means the arguments given after the string, and none "
					       "are: the job's arguments never reach the program");
				}
				continue;
			}
			int last = st->kind == SK_PROGRAM || s + 1 == ln->nstages ? (int)c->words.nr : st->last;
			for (int w = st->first; w < last && (size_t)w < c->words.nr; w++) {
				const char *raw = c->words.v[w].raw;
				if (!raw || !frozen_args(raw) || (w > 0 && !strcmp(c->words.v[w - 1].value, "-c")))
					continue;
				int line, col, span;
				word_pos(x, st->cmd, w, &line, &col, &span);
				report(x, "args-frozen", SEV_ERROR, line, col, span, "write \"$@\" in double quotes (or unquoted)",
				       "%s passes the literal text %s instead of the job's arguments: the quotes stop the shell "
				       "from expanding it",
				       launcher_name(st), c->words.v[w].value);
			}
		}
	}
}

void check_vars(struct vctx *x)
{
	unset_vars(x);
	site_vars(x);
	foreign_sched_vars(x);
	forwarded_args(x);
}

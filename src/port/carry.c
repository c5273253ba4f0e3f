/* carry.c - the assignments a port carries from the old script: every variable the launch line (its program,
 * arguments, carried steps and configs) depends on, transitively, in the old script's order; a block that
 * sets one under a condition carried whole; a file of the user's settings sourced as it was; the old
 * cluster's variables and the ones the script never sets named. What a port drops is in dropped.c. */
#include "port.h"

#include "../script/hints.h"
#include "../script/plan.h"
#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends the names of the variables text expands ($NAME, ${NAME}, ${NAME:-x}, inside $(...) too). */
static void var_names(const char *text, struct strvec *out)
{
	for (const char *p = text; p && *p; p++) {
		if (*p != '$')
			continue;
		const char *n = p + 1;
		if (*n == '{')
			n++;
		size_t l = strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
		if (!l || (n[0] >= '0' && n[0] <= '9'))
			continue;
		char *name = xstrndup(n, l);
		if (strvec_find(out, name) < 0)
			strvec_push(out, name);
		free(name);
	}
}

/* Appends the names of the variables text expands as whole words of their own ($CMD, "${LAUNCHER}"; not
 * --rdzv_endpoint=$HEAD:29500): the words a reader splices into a launch line. */
static void word_vars(const char *text, struct strvec *out)
{
	for (const char *p = text; p && *p;) {
		p += strspn(p, " \t\n\\");
		size_t n = strcspn(p, " \t\n");
		if (!n)
			break;
		const char *w = p, *e = p + n;
		if (*w == '"' || *w == '\'') /* a word at either end of a quoted string ("$LAUNCHER $SCRIPT") */
			w++;
		if (e > w && (e[-1] == '"' || e[-1] == '\''))
			e--;
		if (e - w >= 2 && w[0] == '$') {
			const char *a = w + 1 + (w[1] == '{'), *b = e - (w[1] == '{');
			size_t l = strspn(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
			if (l && a + l == b && (w[1] != '{' || *b == '}') && !(a[0] >= '0' && a[0] <= '9')) {
				char *name = xstrndup(a, l);
				if (strvec_find(out, name) < 0)
					strvec_push(out, name);
				free(name);
			}
		}
		p += n;
	}
}

/* Variables a job may take from the login environment of any cluster. */
static bool from_environment(const char *name)
{
	static const char *const env[] = {"HOME", "USER", "LOGNAME", "PWD", "OLDPWD", "SHELL", "HOSTNAME", "TMPDIR",
					  "SCRATCH", "WORK", "PROJECT", "LANG", "TERM", "RANDOM", "SECONDS", "BASHPID",
					  "UID", "EUID", "PPID", "OSTYPE", "HOSTTYPE", NULL};
	for (const char *const *e = env; *e; e++)
		if (!strcmp(*e, name))
			return true;
	return false;
}

/* The port's value of a count variable the old script computed (NNODES, GPUS_PER_NODE, NGPUS ...),
 * 0 when name is not one. */
static long port_count_of(const char *name, const struct request *r)
{
	if (!strcmp(name, "NNODES") || !strcmp(name, "NUM_NODES"))
		return r->nodes;
	if (!strcmp(name, "GPUS_PER_NODE"))
		return r->gpus_per_node;
	if (!strcmp(name, "NGPUS") || !strcmp(name, "NUM_GPUS"))
		return (long)r->nodes * r->gpus_per_node;
	return 0;
}

/* The last command of the batch shell before cmd that sources a file of the user's own settings
 * (`source ./.env`, `. config.sh`: not an environment activation, conda or Lmod set-up, nor a file of
 * the system), or -1. */
static int user_source_before(const struct jobscript *js, int cmd)
{
	int found = -1;
	for (int i = 0; i < cmd && (size_t)i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		size_t w = c->nassign_prefix;
		if (c->depth != 0 || w + 1 >= c->words.nr)
			continue;
		const char *v = c->words.v[w].value, *f = c->words.v[w + 1].value;
		if (strcmp(v, "source") && strcmp(v, "."))
			continue;
		if (strstr(f, "activate") || strstr(f, "conda") || strstr(f, "lmod") || strstr(f, "modules") ||
		    strstr(f, "bashrc") || strstr(f, "profile") || f[0] == '/' || strchr(f, '$'))
			continue;
		found = i;
	}
	return found;
}

/* Takes the "not carried over" note of line out of v. */
static void undrop_in(struct strvec *v, int line)
{
	char pre[32];
	int n = snprintf(pre, sizeof(pre), "line %d: `", line);
	for (size_t i = 0; i < v->nr; i++)
		if (!strncmp(v->v[i], pre, (size_t)n) && strstr(v->v[i], "` not carried over: ")) {
			free(v->v[i]);
			memmove(&v->v[i], &v->v[i + 1], (v->nr - i - 1) * sizeof(char *));
			v->nr--;
			return;
		}
}

/* Whether the program's arguments use $name only with a default of their own (${name:-lit}, ${name-lit}):
 * the job then runs with the default, and an unset name is no gap. */
static bool args_default(const struct request *r, const char *name)
{
	bool any = false;
	size_t nl = strlen(name);
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *w = r->args.v[i].value, *eq = w ? strchr(w, '=') : NULL;
		char n[64], l[64];
		if (!w)
			continue;
		if (var_default(w, n, sizeof(n), l, sizeof(l)) || (eq && var_default(eq + 1, n, sizeof(n), l, sizeof(l)))) {
			any = any || !strcmp(n, name);
			continue;
		}
		for (const char *p = strchr(w, '$'); p; p = strchr(p + 1, '$'))
			if (!strncmp(p + 1 + (p[1] == '{'), name, nl))
				return false;
	}
	return any;
}

/* The line is carried after all: its drop note goes (from the reading and the port's warnings). */
static void undrop(struct script_reading *sr, struct request *r, int line)
{
	undrop_in(&sr->dropped, line);
	undrop_in(&r->warnings, line);
}

struct carried {
	int line;
	char *name;
	struct shword value;
};

static int carried_line(const void *a, const void *b)
{
	const struct carried *x = a, *y = b;
	return (x->line > y->line) - (x->line < y->line);
}

/* Whether the block of lines first-last binds name itself without an assignment: the variable of
 * `getopts OPTSTRING NAME` (and the OPTARG/OPTIND it sets), of `for NAME in`, of `read [-r] NAME...`. Those
 * are not variables the port must find a value for. */
static bool block_binds(const struct jobscript *js, int first, int last, const char *name)
{
	for (int l = first; l <= last; l++) {
		struct strvec w = STRVEC_INIT;
		const char *p = js->lines.v[l - 1];
		while (*p) {
			p += strspn(p, " \t;()");
			size_t n = strcspn(p, " \t;()");
			if (!n)
				break;
			char *t = xstrndup(p, n);
			strvec_push(&w, t);
			free(t);
			p += n;
		}
		bool hit = false;
		for (size_t i = 0; i < w.nr && !hit; i++) {
			if (!strcmp(w.v[i], "getopts"))
				hit = !strcmp(name, "OPTARG") || !strcmp(name, "OPTIND") ||
				      (i + 2 < w.nr && !strcmp(w.v[i + 2], name));
			else if (!strcmp(w.v[i], "for"))
				hit = i + 1 < w.nr && !strcmp(w.v[i + 1], name);
			else if (!strcmp(w.v[i], "read"))
				for (size_t k = i + 1; k < w.nr && !hit && strcmp(w.v[k], "<") && strcmp(w.v[k], "do"); k++)
					hit = w.v[k][0] != '-' && !strcmp(w.v[k], name);
		}
		strvec_clear(&w);
		if (hit)
			return true;
	}
	return false;
}

/* A block of the batch shell (case/if/for ... lines first-last) that sets a variable the launch line
 * uses under a condition (case "$SLURM_ARRAY_TASK_ID" in 0) MODEL=a ;; 1) MODEL=b ;; esac): one value
 * would give every run the last branch's, so the block is carried as it was, before the launch, with its
 * variables exported (set -a) and the other scheduler's job variables renamed to target's. Returns
 * false (and says why) where it cannot be: it holds a launch line, is long, or reads a job variable of
 * the other scheduler that target has no equivalent for. */
static bool carry_block(struct script_reading *sr, const struct cluster *target, struct request *r, int first,
			int last, const char *name, struct strvec *todo)
{
	const struct jobscript *js = &sr->js;
	if (first < 1 || last < first || (size_t)last > js->lines.nr)
		return false;
	for (size_t i = 0; i < js->nlaunches; i++) {
		int l = js->cmds[js->launches[i].cmd].line;
		if (l >= first && l <= last) {
			request_warn(r, "lines %d-%d: %s is set under a condition in a block that also launches a program: "
					"the port carries only its last value - write the choice for %s by hand",
				     first, last, name, target->name);
			return false;
		}
	}
	/* the old cluster's own settings in it (modules, NCCL/FI variables): not carried to another cluster */
	for (size_t i = 0; i < js->nassigns; i++)
		if (js->assigns[i].line >= first && js->assigns[i].line <= last && js->assigns[i].depth == 0 &&
		    strcmp(js->assigns[i].name, name) && env_cluster_specific(js->assigns[i].name)) {
			request_warn(r, "lines %d-%d: %s is set under a condition in a block that also sets %s, a setting of "
					"the old cluster: the port carries only the last value of %s - write the choice for %s "
					"by hand",
				     first, last, name, js->assigns[i].name, name, target->name);
			return false;
		}
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		if (c->depth || c->line < first || c->line > last || c->nassign_prefix >= c->words.nr ||
		    !port_is_setup_command(c->words.v[c->nassign_prefix].value))
			continue;
		request_warn(r, "lines %d-%d: %s is set under a condition in a block that also sets up the old cluster's "
				"software (line %d): the port carries only its last value - write the choice for %s by hand",
			     first, last, name, c->line, target->name);
		return false;
	}
	if (last - first > 60) {
		request_warn(r, "lines %d-%d: %s is set under a condition in a block of %d lines: the port carries only its "
				"last value - copy the block to the port by hand",
			     first, last, name, last - first + 1);
		return false;
	}
	struct strbuf t = STRBUF_INIT;
	strbuf_adds(&t, "set -a\n");
	for (int l = first; l <= last; l++)
		strbuf_addf(&t, "%s\n", js->lines.v[l - 1]);
	strbuf_adds(&t, "set +a");
	/* and each variable the block sets exported by name, as the launch's environment needs it (shellcheck
	 * does not follow set -a: it would call them unused) */
	struct strvec set = STRVEC_INIT;
	for (size_t i = 0; i < js->nassigns; i++)
		if (js->assigns[i].line >= first && js->assigns[i].line <= last && strvec_find(&set, js->assigns[i].name) < 0)
			strvec_push(&set, js->assigns[i].name);
	if (set.nr) {
		strbuf_adds(&t, "\nexport");
		for (size_t i = 0; i < set.nr; i++)
			strbuf_addf(&t, " %s", set.v[i]);
	}
	strvec_clear(&set);
	/* the other scheduler's job variables in it: renamed, or the block is not carried */
	struct strvec vars = STRVEC_INIT;
	var_names(t.buf, &vars);
	const char *foreign = target->scheduler == SCHED_PBS ? "SLURM_" : "PBS_";
	bool ok = true;
	for (size_t i = 0; i < vars.nr && ok; i++) {
		if (strncmp(vars.v[i], foreign, strlen(foreign)) || port_is_job_count(sr, vars.v[i]))
			continue; /* a count of the job: the port's number (counts.c, once the port's layout is known) */
		const char *to = sched_var_equivalent(vars.v[i], target->scheduler);
		if (!to) {
			request_warn(r, "lines %d-%d: %s is set under a condition that reads $%s, which %s does not set: the "
					"port carries only its last value - write the choice for %s by hand",
				     first, last, name, vars.v[i], target->name, target->name);
			ok = false;
			break;
		}
		struct shword w = {0};
		w.value = strbuf_detach(&t);
		w.raw = NULL;
		shword_rename_text(&w, vars.v[i], to);
		strbuf_adds(&t, w.value);
		free(w.value);
		request_warn(r, "lines %d-%d: $%s renamed to $%s in the carried block, its equivalent on %s", first, last,
			     vars.v[i], to, target->name);
	}
	if (ok) {
		for (size_t i = 0; i < vars.nr; i++)
			if (strvec_find(todo, vars.v[i]) < 0 && !block_binds(js, first, last, vars.v[i]))
				strvec_push(todo, vars.v[i]);
		strvec_push(&r->pre_steps, t.buf);
		for (int l = first; l <= last; l++)
			undrop(sr, r, l);
		request_warn(r, "lines %d-%d: the block that sets %s under a condition is carried over as it was, before "
				"the launch (one value would give every run the last branch's)",
			     first, last, name);
	}
	strvec_clear(&vars);
	strbuf_release(&t);
	return ok;
}

/* $DS_CONFIG in the program's arguments where the old script sets it to the path of the user's own config
 * file (export DS_CONFIG=/proj/configs/ds.json, no heredoc writes it): the port's own DeepSpeed config uses
 * that name, so the arguments name the user's file by its path instead (said, with the old centre's file
 * system where it is one); true when done. */
static bool user_ds_config_file(struct script_reading *sr, const struct jobscript *js, const struct assign *a,
				struct request *r, const struct cluster *target)
{
	const char *v = a->value.value;
	if (!a->has_value || !v || !*v || strchr(v, '$') || (a->value.flags & (SHW_SUBST | SHW_META | SHW_ARRAY_VALUE)) ||
	    a->ctl_first || a->depth != 0)
		return false;
	for (size_t k = 0; k < js->nheredocs; k++)
		if (js->heredocs[k].target && strstr(js->heredocs[k].target, "DS_CONFIG"))
			return false; /* the script writes it: the port's config convention */
	bool done = false;
	for (size_t i = 0; i < r->args.nr; i++) {
		struct shword *w = &r->args.v[i];
		if (w->nsegs != 1 || w->segs[0].kind != SEG_VAR || strcmp(w->segs[0].text, "DS_CONFIG"))
			continue;
		struct shwords tmp;
		shwords_init(&tmp);
		struct strbuf q = STRBUF_INIT;
		sh_quote_literal(v, &q);
		shlex_split(q.buf, q.len, &tmp);
		if (tmp.nr == 1) {
			tmp.v[0].start = w->start;
			tmp.v[0].end = w->end;
			shword_release(w);
			*w = tmp.v[0];
			tmp.nr = 0;
			done = true;
		}
		shwords_release(&tmp);
		strbuf_release(&q);
	}
	if (!done)
		return false;
	request_warn(r, "line %d: DS_CONFIG=%s is your own DeepSpeed config: the port's arguments name it by its path (DS_CONFIG is "
			"the name of the config maple writes), and it is kept, not replaced",
		     a->line, v);
	for (size_t f = 0; sr->cluster && f < sr->cluster->nfingerprints; f++) {
		char ft[128];
		if (fingerprint_path_in(sr->cluster->fingerprints[f].text, v, ft, sizeof(ft))) {
			request_warn(r, "line %d: DS_CONFIG=%s points into %s's file systems (%s): copy the config to %s and change the path",
				     a->line, v, sr->cluster->name, ft, target->name);
			break;
		}
	}
	undrop(sr, r, a->line);
	return true;
}

/* Whether assignment a gives the main launch l its environment: NAME=value in front of one of its commands
 * (OMP_NUM_THREADS=8 srun ..., srun bash -c 'HF_HOME=/x python ...'), or exported in the per-task shell before
 * the program (srun bash -c 'export X=1; python ...'). */
static bool gives_launch_env(const struct jobscript *js, const struct launch *l, const struct assign *a)
{
	if (!a->has_value || a->cmd < 0 || (size_t)a->cmd >= js->ncmds)
		return false;
	int prog = l->prog_stage >= 0 ? l->stages[l->prog_stage].cmd : -1;
	if (a->in_cmd_prefix) {
		if (a->cmd == l->cmd)
			return true;
		for (size_t i = 0; i < l->nstages; i++)
			if (l->stages[i].cmd == a->cmd)
				return true;
		return false;
	}
	return prog >= 0 && a->depth > 0 && a->exported && a->cmd < prog && a->depth == js->cmds[prog].depth &&
	       js->cmds[a->cmd].parent == js->cmds[prog].parent;
}

/* The variables the old launch gave its command or its per-task shell: an application's carried (exported before
 * the port's launch, said with its line, the variables its value reads added to todo); the old cluster's or the
 * launcher's, and a value set per task, named as not carried (the port's launch sets those its own way). */
static void launch_env(const struct jobscript *js, const struct launch *l, struct request *r, struct carried **out,
		       size_t *n, struct strvec *todo)
{
	for (size_t i = 0; i < js->nassigns; i++) {
		const struct assign *a = &js->assigns[i];
		if (!gives_launch_env(js, l, a))
			continue;
		const char *raw = a->value.raw ? a->value.raw : a->value.value ? a->value.value : "";
		const char *why = env_cluster_specific(a->name), *pt = per_task_var_in(raw);
		if (why || pt) {
			request_warn(r, "line %d: %s=%s, given to the launch command, not carried over: %s%s%s", a->line, a->name,
				     raw, why ? why : "its value is set per task ($", why ? "" : pt,
				     why ? "" : "), which the port's launch gives each task its own way");
			continue;
		}
		size_t k = 0;
		while (k < *n && strcmp((*out)[k].name, a->name))
			k++;
		if (k < *n) { /* the launch's own value is the one its program saw */
			shword_release(&(*out)[k].value);
		} else {
			JS_GROW(*out, *n);
			(*out)[k].name = xstrdup(a->name);
			(*n)++;
		}
		(*out)[k].line = a->line;
		shword_copy(&(*out)[k].value, &a->value);
		var_names(raw, todo);
		request_warn(r, "line %d: %s=%s, given to the launch command, is exported before the port's launch", a->line,
			     a->name, raw);
	}
}

void port_carry_assignments(struct script_reading *sr, const struct cluster *target, struct request *r)
{
	const struct jobscript *js = sr->helper ? sr->helper : &sr->js;
	const struct launch_plan *p = sr->helper ? &sr->helper_plan : &sr->plan;
	if (p->launch < 0 || !p->prog)
		return;
	int cmd = p->prog->cmd;
	struct strvec todo = STRVEC_INIT;
	if (r->script)
		var_names(r->script, &todo);
	for (size_t i = 0; i < r->args.nr; i++)
		var_names(r->args.v[i].raw, &todo);
	for (size_t i = 0; i < r->launcher_args.nr; i++) /* the user's accelerate config path */
		var_names(r->launcher_args.v[i].raw, &todo);
	for (size_t i = 0; i < r->wrapper.nr; i++) /* uv run --project "$PROJ" */
		var_names(r->wrapper.v[i].raw, &todo);
	for (size_t i = 0; i < r->pre_steps.nr; i++) /* the helper steps carried around the launch */
		var_names(r->pre_steps.v[i], &todo);
	for (size_t i = 0; i < r->post_steps.nr; i++)
		var_names(r->post_steps.v[i], &todo);
	/* the user's DeepSpeed config heredoc is written as it was: an unquoted one expands variables */
	int h = !sr->helper && r->framework == FW_DEEPSPEED ? port_ds_config_heredoc(sr, r) : -1;
	if (h >= 0) {
		const char *op = strstr(js->lines.v[js->heredocs[h].line - 1], "<<");
		op = op ? op + 2 + (op[2] == '-') : NULL;
		while (op && *op == ' ')
			op++;
		if (op && *op != '\'' && *op != '"' && *op != '\\')
			var_names(js->heredocs[h].body, &todo);
	}
	for (size_t k = 0; k < js->nheredocs; k++) { /* so is a file the program reads: its variables too */
		const char *op = port_arg_file_heredoc(sr, (int)k) ? strstr(js->lines.v[js->heredocs[k].line - 1], "<<") : NULL;
		op = op ? op + 2 + (op[2] == '-') : NULL;
		while (op && *op == ' ')
			op++;
		if (op && *op != '\'' && *op != '"' && *op != '\\')
			var_names(js->heredocs[k].body, &todo);
	}
	/* exported launch text the reader spliced into the launch line (srun $CMD; CMD="$LAUNCHER $SCRIPT
	 * $SCRIPT_ARGS"; LAUNCHER="accelerate launch --num_machines $SLURM_NNODES ..."): the port writes its
	 * own launch, so these are not carried (their program and arguments are in it) */
	struct strvec text = STRVEC_INIT;
	if (!sr->helper && p->launch < (int)js->nlaunches) {
		const struct jcmd *lc = &js->cmds[js->launches[p->launch].cmd];
		for (int l = lc->line; l <= lc->last_line && l >= 1 && (size_t)l <= js->lines.nr; l++)
			word_vars(js->lines.v[l - 1], &text); /* as written: the reader spliced $CMD's words in */
		for (size_t k = 0; k < text.nr; k++) { /* grows while it is read: the values they expand */
			int e = strvec_find(&r->env_names, text.v[k]);
			if (strvec_find(&todo, text.v[k]) < 0 && e >= 0)
				word_vars(r->env_values.v[e].raw, &text);
		}
		for (size_t k = text.nr; k-- > 0;) {
			int e = strvec_find(&r->env_names, text.v[k]);
			/* launch text is several words (a launcher and its options, a program's arguments) */
			if (strvec_find(&todo, text.v[k]) >= 0 || e < 0 || !r->env_values.v[e].raw ||
			    !strpbrk(r->env_values.v[e].raw, " \t\n")) {
				free(text.v[k]);
				memmove(&text.v[k], &text.v[k + 1], (text.nr - k - 1) * sizeof(char *));
				text.nr--;
			}
		}
	}
	for (size_t i = 0; i < r->env_values.nr; i++)
		if (strvec_find(&text, r->env_names.v[i]) < 0)
			var_names(r->env_values.v[i].raw, &todo);
	/* the environment read from the script, with its lines, and what the launch line needs */
	struct carried *out = NULL;
	size_t n = 0;
	bool sourced = false;
	struct strvec blocks = STRVEC_INIT; /* first lines of the blocks carried whole */
	for (size_t i = 0; i < r->env_names.nr; i++) {
		const struct assign *a = js_lookup(js, r->env_names.v[i], (int)js->ncmds);
		if (strvec_find(&text, r->env_names.v[i]) >= 0) {
			if (a)
				request_warn(r, "line %d: %s not carried over: it holds launch text the old launch line ran; the "
						"port writes its own launch line, with the program and arguments it held",
					     a->line, r->env_names.v[i]);
			continue;
		}
		JS_GROW(out, n);
		out[n].line = a ? a->line : 0;
		out[n].name = xstrdup(r->env_names.v[i]);
		shword_copy(&out[n].value, &r->env_values.v[i]);
		n++;
	}
	if (p->launch < (int)js->nlaunches)
		launch_env(js, &js->launches[p->launch], r, &out, &n, &todo);
	for (size_t k = 0; k < todo.nr; k++) {
		const char *name = todo.v[k];
		if (strvec_find(&r->env_names, name) >= 0 || is_per_task_var(name))
			continue;
		if (!sr->helper && port_is_job_count(sr, name))
			continue; /* $NCPUS of a PBS job: the scheduler's count, written as the port's (counts.c) */
		bool known = false;
		for (size_t i = 0; i < n && !known; i++)
			known = !strcmp(out[i].name, name);
		if (known)
			continue;
		const struct assign *a = js_lookup(js, name, cmd);
		const char *why = env_cluster_specific(name);
		if (why && !strcmp(name, "DS_CONFIG") && a && user_ds_config_file(sr, js, a, r, target))
			continue; /* the user's own config file: named in the arguments by its path */
		long count = why ? port_count_of(name, r) : 0;
		if (why && count > 0 && a && a->has_value && !sr->helper) {
			/* a count the program's arguments use (train.py --nodes $NNODES): the port's own */
			char buf[32];
			snprintf(buf, sizeof(buf), "%ld", count);
			struct shwords tmp;
			shwords_init(&tmp);
			shlex_split(buf, strlen(buf), &tmp);
			if (tmp.nr == 1) {
				JS_GROW(out, n);
				out[n].line = a->line;
				out[n].name = xstrdup(name);
				out[n].value = tmp.v[0];
				tmp.nr = 0;
				n++;
				request_warn(r, "line %d: %s is used by the launch line: set to %ld, the port's count (it was %s)", a->line,
					     name, count, a->value.raw ? a->value.raw : "");
			}
			shwords_release(&tmp);
			continue;
		}
		if (why) {
			if (a && a->has_value && !sr->helper)
				port_drop_line(sr, a->line, why);
			continue; /* scheduler variables in arguments get their own warning */
		}
		if (!a || !a->has_value) {
			if (!sr->helper && port_loop_binds(js, name) > 0)
				continue; /* the carried loop's own variable */
			/* $PSCRATCH, $MEMBERWORK ...: the old centre's login environment; the check of the port
			 * (verify's site-variable) says where the target does not set it */
			if (sr->hints && script_hints_site_var(sr->hints, name))
				continue;
			int sc = sr->helper || from_environment(name) ? -1 : user_source_before(js, cmd);
			if (sc >= 0) {
				/* the user's own settings file: it sets what the launch line needs, carried as it was */
				const struct jcmd *c = &js->cmds[sc];
				if (!sourced) {
					struct strbuf t = STRBUF_INIT;
					strbuf_adds(&t, "set -a\n. ");
					shword_quote(&c->words.v[c->nassign_prefix + 1], &t, true);
					strbuf_adds(&t, "\nset +a");
					strvec_push(&r->pre_steps, t.buf);
					strbuf_release(&t);
					/* a relative path read before a carried `cd DIR`: the file is the submit
					 * directory's, so it is read before the cd, as it was */
					bool cd_after = false;
					for (size_t k = (size_t)sc + 1; k < js->ncmds && !cd_after; k++)
						cd_after = js->cmds[k].depth == 0 && port_cd_step(sr, k, target, NULL);
					for (size_t k = 0; cd_after && k + 1 < r->pre_steps.nr; k++)
						if (!strncmp(r->pre_steps.v[k], "cd ", 3)) {
							char *src = r->pre_steps.v[r->pre_steps.nr - 1];
							memmove(&r->pre_steps.v[k + 1], &r->pre_steps.v[k],
								(r->pre_steps.nr - 1 - k) * sizeof(char *));
							r->pre_steps.v[k] = src;
							break;
						}
					undrop(sr, r, c->line);
					request_warn(r, "line %d: `%s` is carried over before the launch: $%s is not set in the script, "
							"so it comes from that file (keep the file beside the script on %s)",
						     c->line, js->lines.v[c->line - 1] + strspn(js->lines.v[c->line - 1], " \t"), name,
						     target->name);
					sourced = true;
				}
				continue;
			}
			if (!from_environment(name) && !args_default(r, name))
				request_warn(r, "$%s is used by the launch line but the old script never sets it: set it on %s "
						"(export %s=...) before the launch",
					     name, target->name, name);
			continue;
		}
		if (a->ctl_first && a->depth == 0 && !sr->helper) {
			/* set under a condition: the block itself, once, and the value it may keep from before it */
			bool done = false;
			for (size_t b = 0; b < blocks.nr && !done; b++)
				done = atoi(blocks.v[b]) == a->ctl_first;
			/* a block already carried for another of its variables: this one may still keep a value
			 * from before it (LR=1e-3; EPOCHS=10; while getopts ... esac; done) */
			if (!done && carry_block(sr, target, r, a->ctl_first, a->ctl_last, name, &todo)) {
				strvec_pushf(&blocks, "%d", a->ctl_first);
				done = true;
			}
			if (done) {
				const struct assign *before = NULL;
				for (size_t i = 0; i < js->nassigns; i++)
					if (!strcmp(js->assigns[i].name, name) && js->assigns[i].depth == 0 &&
					    js->assigns[i].has_value && !js->assigns[i].ctl_first &&
					    js->assigns[i].line < a->ctl_first && !js->assigns[i].in_cmd_prefix)
						before = &js->assigns[i];
				if (!before) {
					/* declared empty and exported before the carried block, which sets it (the
					 * tasks' own shells read it; no "set by nothing" guard for it) */
					struct shwords e;
					shwords_init(&e);
					shlex_split("''", 2, &e);
					if (e.nr == 1) {
						JS_GROW(out, n);
						out[n].line = a->ctl_first;
						out[n].name = xstrdup(name);
						out[n].value = e.v[0];
						e.nr = 0;
						n++;
					}
					shwords_release(&e);
					continue;
				}
				a = before;
			}
		}
		JS_GROW(out, n);
		out[n].line = a->line;
		out[n].name = xstrdup(name);
		shword_copy(&out[n].value, &a->value);
		n++;
		var_names(a->value.raw, &todo);
		/* a path of the old centre's file systems: carried, but the data must move */
		for (size_t f = 0; sr->cluster && f < sr->cluster->nfingerprints; f++) {
			char ft[128];
			if (fingerprint_path_in(sr->cluster->fingerprints[f].text, a->value.value, ft, sizeof(ft))) {
				request_warn(r, "line %d: %s=%s points into %s's file systems (%s): copy the data to %s and change it",
					     a->line, name, a->value.value, sr->cluster->name, ft, target->name);
				break;
			}
		}
	}
	strvec_clear(&todo);
	strvec_clear(&text);
	strvec_clear(&blocks);
	/* in the order of the old script, so that each value finds the ones it uses */
	if (n > 1)
		qsort(out, n, sizeof(*out), carried_line);
	strvec_clear(&r->env_names);
	shwords_release(&r->env_values);
	for (size_t i = 0; i < n; i++) {
		strvec_push(&r->env_names, out[i].name);
		shwords_push(&r->env_values, &out[i].value);
		free(out[i].name);
	}
	free(out);
}

/* launch.c - launch lines: for each command of the batch shell, the chain of programs it runs
 * (srun / mpiexec / mpirun / ibrun / jsrun / aprun, wrappers such as apptainer or env, bash -c,
 * torchrun / deepspeed / accelerate launch) down to the training program, with each launcher's
 * options read by its own option table. */
#include "jobscript.h"
#include "launch_opts.h"

#include "../util/strbuf.h"
#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <ctype.h>
#include <string.h>

const char *stage_kind_name(enum stage_kind k)
{
	static const char *const names[SK_COUNT] = {"srun",	"mpiexec",    "mpirun",	   "ibrun", "jsrun", "flux run",
						    "aprun",	"torchrun",   "torch.distributed.launch", "deepspeed",
						    "accelerate", "shell",     "wrapper",  "program"};
	return k < SK_COUNT ? names[k] : "?";
}

/* One option of a launcher: spellings separated by '|' ('_' and '-' are the same), the canonical
 * name, and how many value words it takes (0 flag, 1, 2). */
const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

static bool is_python(const char *v)
{
	const char *b = base_name(v);
	if (strncmp(b, "python", 6))
		return false;
	b += 6;
	return !*b || strspn(b, "0123456789.") == strlen(b);
}

/* A program word as the shell would run it: "$PYTHON" resolved through the script's variables. */
static const char *program_of(const struct jobscript *js, const struct jcmd *c, size_t i, int cmd)
{
	const struct shword *w = &c->words.v[i];
	if (w->nsegs == 1 && w->segs[0].kind == SEG_VAR) {
		const struct assign *a = js_lookup(js, w->segs[0].text, cmd);
		if (a && a->has_value && a->value.value)
			return a->value.value;
		if (strstr(w->segs[0].text, "PYTHON") || strstr(w->segs[0].text, "python"))
			return "python";
	}
	/* ${LAUNCHER:-srun} with LAUNCHER never set in the script: the launcher of its default */
	static const char *const defaults[] = {"srun", "mpiexec", "mpirun", "ibrun", "torchrun", "python", "python3",
					       "accelerate", "deepspeed", "jsrun", "aprun", NULL};
	char name[64], lit[64];
	if (var_default(w->raw, name, sizeof(name), lit, sizeof(lit)) && !js_lookup(js, name, cmd))
		for (int k = 0; defaults[k]; k++)
			if (!strcmp(lit, defaults[k]))
				return defaults[k];
	return w->value;
}

static struct stage *new_stage(struct launch *l, enum stage_kind k, int cmd, int first)
{
	l->stages = xrealloc(l->stages, (l->nstages + 1) * sizeof(*l->stages));
	struct stage *s = &l->stages[l->nstages++];
	memset(s, 0, sizeof(*s));
	s->kind = k;
	s->cmd = cmd;
	s->first = first;
	s->last = first;
	return s;
}

static const char *const not_training[] = {
	"echo",	 "printf", "hostname", "nvidia-smi", "rocm-smi", "xpu-smi", "env",   "cat",	   "ls",    "mkdir",
	"rm",	 "cp",	   "mv",       "date",	     "sleep",	 "cd",	    "pwd",   "module",	   "source", ".",
	"conda", "export", "set",      "unset",	     "ulimit",	 "true",    "false", "wait",	   "scontrol",
	"head",	 "tail",   "grep",     "sed",	     "awk",	 "sort",    "uniq",  "wc",	   "tr",    "cut",
	"which", "free",   "df",       "du",	     "touch",	 "chmod",   "ln",    "tee",	   "local", "declare",
	"read",	 "exit",   "return",   "shift",	     "trap",	 "kill",    "test",  "[",	   "[[",    "eval",
	"pip",	 "pip3",   "ml",       "spack",	     "readonly", "typeset", "let",   "squeue",	   "sacct", "sbatch",
	"scancel", "qsub", "qstat",    "lscpu",	     "numastat", "ps",	    "top",   "nvcc",	   "git",   "wget",
	"curl",	 "tar",	   "unzip",    "rsync",	     "ssh",	 "scp",	    "find",  "xargs",	   "id",    "whoami",
	"uname", "basename", "dirname", "realpath",   "mktemp",	 "seq",	    "expr",  "python-config",
	"ray", /* ray start/stop: the Ray cluster's services, the driver is the program */ NULL,
};

/* Where flux run / flux submit / flux mini run|submit at word i ends (its first option word), or 0 when
 * the flux command at i starts no tasks of its own (flux batch, flux jobs, flux hostlist ...). */
static size_t flux_launch(const struct shwords *ws, size_t i)
{
	size_t k = i + 1;
	if (k < ws->nr && !strcmp(ws->v[k].value, "mini"))
		k++;
	if (k < ws->nr && (!strcmp(ws->v[k].value, "run") || !strcmp(ws->v[k].value, "submit")))
		return k + 1;
	return 0;
}

static void follow(struct jobscript *js, struct launch *l, int cmd, size_t i, int depth_guard);
static void expand_command_words(struct jobscript *js, int cmd);

/* The training line of a shell's inner commands (those parsed from index `before` on, children of cmd)
 * is the last that is not set-up: it is followed as the launch's next stage. */
/* Whether the command's env (at word w) runs a program: `env A=1 B=2 accelerate launch ...`, `env -u X
 * python ...` (bare `env` prints the environment). */
static bool env_runs_program(const struct jcmd *ic, size_t w)
{
	for (size_t k = w + 1; k < ic->words.nr; k++) {
		const char *v = ic->words.v[k].value;
		if (!strcmp(v, "-u") || !strcmp(v, "--unset") || !strcmp(v, "-C") || !strcmp(v, "--chdir"))
			k++;
		else if (v[0] != '-' && !strchr(v, '='))
			return true;
	}
	return false;
}

static void follow_last_inner(struct jobscript *js, struct launch *l, int cmd, size_t before, int depth_guard)
{
	int best = -1;
	for (size_t k = before; k < js->ncmds; k++) {
		const struct jcmd *ic = &js->cmds[k];
		if (ic->parent != cmd || ic->nassign_prefix >= ic->words.nr)
			continue;
		const char *v = base_name(ic->words.v[ic->nassign_prefix].value);
		if (!strcmp(v, "exec") || !strs_has(not_training, v) ||
		    (!strcmp(v, "env") && env_runs_program(ic, ic->nassign_prefix)))
			best = (int)k;
	}
	if (best >= 0) {
		expand_command_words(js, best);
		follow(js, l, best, js->cmds[best].nassign_prefix, depth_guard + 1);
	}
}

/* The value of a variable that holds a command or an argument list (words separated by blanks),
 * or NULL: single values (addresses, ports, paths) stay as $NAME so the checks can follow them. */
/* Whether v holds a blank outside $( ... ) and `...`. */
static bool blank_outside_subst(const char *v)
{
	int paren = 0;
	bool tick = false;
	for (const char *p = v; *p; p++) {
		if (*p == '`')
			tick = !tick;
		else if (*p == '$' && p[1] == '(')
			paren++, p++;
		else if (*p == '(' && paren)
			paren++;
		else if (*p == ')' && paren)
			paren--;
		else if ((*p == ' ' || *p == '\t' || *p == '\n') && !paren && !tick)
			return true;
	}
	return false;
}

/* The assignment of name visible where the value of assignment ctx is read: the one before ctx for
 * its own name (CMD="$CMD --epochs 10", CMD+=" --lr 1e-3" read the earlier CMD), else as at ctx's
 * command; as at command cmd when there is no ctx. */
static const struct assign *lookup_from(const struct jobscript *js, const char *name, int cmd, const struct assign *ctx)
{
	if (!ctx)
		return js_lookup(js, name, cmd);
	if (strcmp(ctx->name, name))
		return js_lookup(js, name, ctx->cmd);
	for (size_t i = (size_t)(ctx - js->assigns); i-- > 0;) {
		const struct assign *a = &js->assigns[i];
		if (a->depth == ctx->depth && !strcmp(a->name, name) && a->has_value && !a->in_cmd_prefix &&
		    (a->depth == 0 || js->cmds[a->cmd].parent == js->cmds[ctx->cmd].parent))
			return ctx->appended ? lookup_from(js, name, cmd, a) : a;
	}
	return ctx->depth > 0 ? js_lookup(js, name, js->cmds[ctx->cmd].parent) : NULL;
}

static const struct assign *list_value(const struct jobscript *js, const char *name, size_t n, int cmd,
				       const struct assign *ctx)
{
	char buf[128];
	if (n >= sizeof(buf))
		return NULL;
	memcpy(buf, name, n);
	buf[n] = '\0';
	if (is_per_task_var(buf))
		return NULL;
	const struct assign *a = lookup_from(js, buf, cmd, ctx);
	if (!a || !a->has_value || !a->value.value)
		return NULL;
	/* a value made by a command ($(scontrol ...)) is one value; a command line that contains one
	 * ("torchrun ... --rdzv_endpoint $(hostname):29500") is still a list of words */
	if ((a->value.flags & SHW_SUBST) && ((a->value.value[0] == '$' && a->value.value[1] == '(') || a->value.value[0] == '`'))
		return NULL;
	/* options set only when a condition holds (CKPT_ARG=""; if [ -f last.ckpt ]; then CKPT_ARG="--ckpt_path=...";
	 * fi): which the program gets is the run's to decide, so the word stays as the script writes it */
	if (a->value.value[0] == '-' && a->depth == 0 && (a->ctl_first || js->cmds[a->cmd].in_control) && !a->appended &&
	    !a->cond_append && (!ctx || a->ctl_first != ctx->ctl_first))
		return NULL;
	/* a list of words, or one option (CPU_BIND="--cpu-bind=list:1-8:9-16" on an mpiexec line); a
	 * blank inside a command substitution (RUN=exp_$(date +%F)) does not split the value */
	return blank_outside_subst(a->value.value) || (a->value.value[0] == '-' && a->value.value[1]) ? a : NULL;
}

/* Replaces $NAME / ${NAME} / ${NAME[@]} in text by list values (recursively; a value's own variables
 * as they were where it was assigned). "${ARR[@]}" inside another array's elements is one word per
 * element there too: its quotes go. */
static void expand_lists(const struct jobscript *js, const char *text, int cmd, const struct assign *ctx, int depth,
			 struct strbuf *out)
{
	for (const char *p = text; *p;) {
		if (*p == '$' && depth < 5) {
			const char *n = p + 1;
			bool brace = *n == '{';
			if (brace)
				n++;
			size_t l = strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
			const char *end = n + l;
			bool all = brace && !strncmp(end, "[@]", 3);
			if (brace && (all || !strncmp(end, "[*]", 3)))
				end += 3;
			if (l && (!brace || *end == '}')) {
				const struct assign *a = list_value(js, n, l, cmd, ctx);
				if (a) {
					const char *after = end + (brace ? 1 : 0);
					bool unquote = all && (a->value.flags & SHW_ARRAY_VALUE) && out->len &&
						       out->buf[out->len - 1] == '"' && *after == '"';
					if (unquote)
						strbuf_setlen(out, out->len - 1), after++;
					expand_lists(js, a->value.value, cmd, a, depth + 1, out);
					p = after;
					continue;
				}
			}
		}
		/* the text up to the next '$' as it is, in one piece */
		const char *d = strchr(p + 1, '$');
		size_t run = d ? (size_t)(d - p) : strlen(p);
		strbuf_add(out, p, run);
		p += run;
	}
}

/* Splices list variables used as whole words ($ARGS, "${ARGS[@]}", $CMD) into the command's words. */
static void expand_command_words(struct jobscript *js, int cmd)
{
	struct jcmd *c = &js->cmds[cmd];
	bool any = false;
	for (size_t i = 0; i < c->words.nr && !any; i++) {
		const char *r = c->words.v[i].raw;
		any = r[0] == '$' || (r[0] == '"' && r[1] == '$');
	}
	if (!any)
		return;
	struct shwords out;
	shwords_init(&out);
	int *wl = NULL, *wc = NULL;
	size_t cap = 0;
	/* eval "$CMD" reads the command's text again: quoted or not, its words are the command */
	bool eval = c->nassign_prefix < c->words.nr && !strcmp(c->words.v[c->nassign_prefix].value, "eval");
	for (size_t i = 0; i < c->words.nr; i++) {
		struct shword *w = &c->words.v[i];
		const char *r = w->raw;
		/* unquoted $X splits into words; "$X" stays one word; "${X[@]}" is one word per element */
		bool whole = r[0] == '$' || (r[0] == '"' && r[1] == '$' && r[strlen(r) - 1] == '"' &&
					     (eval || strstr(r, "[@]}") || strstr(r, "[*]}")));
		struct strbuf ex = STRBUF_INIT;
		if (whole && i >= c->nassign_prefix) {
			const char *t = r[0] == '"' ? r + 1 : r;
			expand_lists(js, t, cmd, NULL, 0, &ex);
			if (r[0] == '"' && ex.len && ex.buf[ex.len - 1] == '"')
				strbuf_setlen(&ex, ex.len - 1);
		}
		bool expanded = whole && ex.len && strcmp(ex.buf, r[0] == '"' ? r + 1 : r);
		struct shwords parts;
		shwords_init(&parts);
		if (expanded)
			shlex_split(ex.buf, ex.len, &parts);
		size_t n = expanded ? parts.nr : 1;
		if (out.nr + n > cap) {
			cap = (out.nr + n) * 2 + 8;
			wl = xrealloc(wl, cap * sizeof(int));
			wc = xrealloc(wc, cap * sizeof(int));
		}
		for (size_t k = 0; k < n; k++) {
			wl[out.nr] = c->word_line[i];
			wc[out.nr] = c->word_col[i];
			if (expanded) {
				parts.v[k].start = w->start;
				parts.v[k].end = w->end;
				shwords_push(&out, &parts.v[k]);
			} else {
				shwords_push(&out, w);
			}
		}
		if (expanded)
			shword_release(w);
		free(parts.v);
		strbuf_release(&ex);
	}
	free(c->words.v);
	c->words = out;
	free(c->word_line);
	free(c->word_col);
	c->word_line = wl;
	c->word_col = wc;
}

/* bash -c STRING: reads STRING as a script of its own (a per-task shell) and follows the launch
 * line inside it. */
static void follow_shell(struct jobscript *js, struct launch *l, int cmd, size_t i, int depth_guard)
{
	struct jcmd *c = &js->cmds[cmd];
	const struct shword *w = &c->words.v[i];
	bool single = w->raw[0] == '\'' && !(w->flags & SHW_UNTERMINATED);
	int line = c->word_line[i], col = c->word_col[i] + (single ? 1 : 0);
	size_t before = js->ncmds;
	struct strbuf ex = STRBUF_INIT;
	expand_lists(js, w->value, cmd, NULL, 0, &ex);
	char *text = strbuf_detach(&ex);
	parse_commands(js, text, strlen(text), line, col, js->cmds[cmd].depth + 1, cmd, single);
	free(text);
	/* bash -c '... exec "$@"' _ "${CMD[@]}": the words after the string's $0 are its "$@" (not where they
	 * are only the script's own "$@" passed on, as maple's ports write it: bash -c '... "${@}"' bash "$@" -
	 * the same words, and the string's text stays what the verification copy rewrites) */
	const struct shwords *ow = &js->cmds[cmd].words;
	bool passes_all = i + 3 == ow->nr && ow->v[i + 2].raw &&
			  (!strcmp(ow->v[i + 2].raw, "\"$@\"") || !strcmp(ow->v[i + 2].raw, "\"${@}\"") ||
			   !strcmp(ow->v[i + 2].raw, "$@") || !strcmp(ow->v[i + 2].raw, "${@}"));
	if (i + 2 < js->cmds[cmd].words.nr && !passes_all)
		for (size_t k = before; k < js->ncmds; k++)
			if (js->cmds[k].parent == cmd)
				js_shell_args(js, (int)k, cmd, i + 2);
	follow_last_inner(js, l, cmd, before, depth_guard);
}

/* A script the batch shell wrote with a heredoc and the launcher runs on every task (srun bash FILE):
 * read like the text of a bash -c. An unquoted delimiter lets the batch shell expand $X when it writes
 * the file (\$X stays for the task), as in a double-quoted bash -c string; a quoted one keeps it all. */
static void follow_written(struct jobscript *js, struct launch *l, int cmd, const struct heredoc *h, const char *text,
			   int line0, int depth_guard)
{
	bool quoted = h->quoted;
	struct strbuf body = STRBUF_INIT;
	for (const char *p = text; *p; p++) {
		if (!quoted && *p == '\\' && (p[1] == '$' || p[1] == '`' || p[1] == '\\'))
			p++;
		strbuf_addch(&body, *p);
	}
	struct strbuf ex = STRBUF_INIT;
	if (quoted)
		strbuf_adds(&ex, body.buf);
	else
		expand_lists(js, body.buf, cmd, NULL, 0, &ex);
	size_t before = js->ncmds;
	parse_commands(js, ex.buf, ex.len, line0, 1, js->cmds[cmd].depth + 1, cmd, quoted);
	strbuf_release(&body);
	strbuf_release(&ex);
	follow_last_inner(js, l, cmd, before, depth_guard);
}

static bool is_spawner_word(const char *b)
{
	return !strcmp(b, "torchrun") || !strcmp(b, "deepspeed") || !strcmp(b, "accelerate") || !strcmp(b, "horovodrun");
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n > m && !strcmp(s + n - m, suffix);
}

/* For an unknown word at i: the index of the program it wraps (python, a launcher, or a training
 * script it runs itself, *py set), or 0 when the word is the program. An affinity script in front
 * of a binary (./set_affinity_gpu.sh ./app) wraps the binary. */
static size_t wrapped_program(const struct jobscript *js, const struct jcmd *c, size_t i, int cmd, bool *py)
{
	const struct shwords *ws = &c->words;
	*py = false;
	for (size_t k = i + 1; k < ws->nr; k++) {
		const char *v = program_of(js, c, k, cmd);
		const char *nb = base_name(v);
		if (is_python(nb) || is_spawner_word(nb))
			return k;
		if (ends_with(v, ".py") && v[0] != '-' && !strchr(v, '=')) {
			const char *prev = ws->v[k - 1].value;
			if (k == i + 1 || prev[0] != '-' || strchr(prev, '=')) {
				*py = true;
				return k;
			}
			return 0;
		}
	}
	const char *p = program_of(js, c, i, cmd);
	if (ends_with(p, ".sh") && i + 1 < ws->nr) {
		const char *n = ws->v[i + 1].value;
		if ((n[0] == '.' && n[1] == '/') || n[0] == '/' || (n[0] == '$' && n[1]))
			return i + 1;
		/* a binding script by its name (set_affinity_gpu_polaris.sh lmp ..., gpu_bind.sh app) */
		const char *b = base_name(p);
		if (n[0] != '-' && (strstr(b, "affinity") || strstr(b, "bind") || strstr(b, "tile") || strstr(b, "select_gpu")))
			return i + 1;
	}
	return 0;
}

/* The training program named by a variable alone ($PROGRAM, "${SCRIPT}") that the script sets once to
 * one literal word (PROGRAM=finetune.py): the word is that program, as the shell runs it. A value
 * with a path variable or several words stays as written. */
static void resolve_script_var(struct jobscript *js, int cmd, size_t k, bool module)
{
	struct shword *w = &js->cmds[cmd].words.v[k];
	const char *r = w->raw;
	bool q = r[0] == '"';
	const char *n = r + q + 1;
	if (r[q] != '$')
		return;
	bool brace = *n == '{';
	n += brace;
	size_t l = strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	const char *end = n + l + brace;
	if (!l || (brace && n[l] != '}') || strcmp(end, q ? "\"" : ""))
		return;
	char *name = xstrndup(n, l);
	const struct assign *a = js_lookup(js, name, cmd);
	free(name);
	const char *v = a && a->has_value ? a->value.value : NULL;
	if (!v || !*v || strpbrk(v, "$` \t\n;|&<>*?") || (!ends_with(v, ".py") && !module))
		return;
	size_t ws = w->start, we = w->end;
	shword_release(w);
	shword_init_literal(w, v);
	w->start = ws;
	w->end = we;
}

/* Every program name follow() tells by name (sorted for bsearch): a word that is none of them and not
 * Python goes straight to the unknown-word case, without the chain of comparisons. A name added to
 * follow()'s chain must be added here too, or that word is read as an unknown wrapper. */
static const char *const followed_names[] = {
	"accelerate", "apptainer", "aprun", "bash", "chrt", "command", "conda", "dash", "deepspeed", "docker",
	"env", "eval", "exec", "flux", "horovodrun", "ibrun", "jsrun", "mamba", "micromamba", "mpiexec", "mpiexec.hydra",
	"mpiexec.mpich", "mpiexec.openmpi", "mpirun", "mpirun.openmpi", "nice", "nohup", "numactl", "orterun",
	"pipenv", "pixi", "podman", "podman-hpc", "poetry", "prterun", "sh", "shifter", "singularity", "srun", "stdbuf",
	"taskset", "time", "timeout", "torchrun", "tune", "uv", "zsh",
};

static int cmp_name(const void *a, const void *b)
{
	return strcmp((const char *)a, *(const char *const *)b);
}

static bool followed_name(const char *b)
{
	return bsearch(b, followed_names, sizeof(followed_names) / sizeof(*followed_names), sizeof(*followed_names),
		       cmp_name) != NULL;
}

static void follow(struct jobscript *js, struct launch *l, int cmd, size_t i, int depth_guard)
{
	if (depth_guard > 6)
		return;
	const struct jcmd *c = &js->cmds[cmd];
	const struct shwords *ws = &c->words;
	while (i < ws->nr) {
		const char *prog = program_of(js, c, i, cmd);
		const char *b = base_name(prog);
		struct stage *s;
		if (!followed_name(b) && !is_python(prog)) {
			/* a file the script wrote, run as a program (chmod +x run.sh; srun ./run.sh); not a wrapper
			 * that runs the words after it (select_gpu: exec $*), not srun --multi-prog's configuration */
			bool conf = l->nstages && l->stages[l->nstages - 1].kind == SK_SRUN &&
				    stage_opt(&l->stages[l->nstages - 1], "multi-prog");
			const struct heredoc *wh = ends_with(prog, ".py") || conf ? NULL : js_written_file(js, ws->v[i].value, cmd);
			if (wh && (strstr(wh->body, "$@") || strstr(wh->body, "$*") || strstr(wh->body, "${@}") ||
				   strstr(wh->body, "${*}")))
				wh = NULL;
			if (wh) {
				s = new_stage(l, SK_SHELL, cmd, (int)i);
				s->prog = "bash";
				s->last = (int)i + 1;
				follow_written(js, l, cmd, wh, wh->body, wh->line + 1, depth_guard);
				return;
			}
			goto unknown;
		}
		if (!strcmp(b, "srun")) {
			s = new_stage(l, SK_SRUN, cmd, (int)i);
			i = launch_read_opts(s, ws, i + 1, launch_spec(SK_SRUN), true);
			/* srun --multi-prog FILE that the script writes, every rank running one command line */
			const struct heredoc *wh = stage_opt(s, "multi-prog") && i < ws->nr
							   ? js_written_file(js, ws->v[i].value, cmd)
							   : NULL;
			char *same = wh ? js_multiprog_uniform(wh->body) : NULL;
			if (same) {
				s->last = (int)i;
				s = new_stage(l, SK_SHELL, cmd, (int)i);
				s->prog = "multi-prog";
				s->last = (int)i + 1;
				l->multi_prog_uniform = true;
				int line0 = wh->line + 1;
				for (const char *q = wh->body; *q && (q[strspn(q, " \t")] == '#' || q[strspn(q, " \t")] == '\n');
				     q = strchr(q, '\n') + 1)
					line0++;
				/* the rank list is no command: its line from the program on */
				follow_written(js, l, cmd, wh, same, line0, depth_guard);
				free(same);
				return;
			}
		} else if (!strcmp(b, "mpiexec") || !strcmp(b, "mpirun") || !strcmp(b, "mpiexec.hydra") ||
			   !strcmp(b, "orterun") || !strcmp(b, "mpiexec.mpich") || !strcmp(b, "mpirun.openmpi") ||
			   !strcmp(b, "mpiexec.openmpi") || !strcmp(b, "prterun")) {
			s = new_stage(l, SK_MPIEXEC, cmd, (int)i);
			i = launch_read_opts(s, ws, i + 1, launch_spec(SK_MPIEXEC), false);
			if (stage_opt(s, "npernode") || stage_opt(s, "map-by") || stage_opt(s, "x") || stage_opt(s, "mca") ||
			    strstr(b, "openmpi") || !strcmp(b, "orterun") || !strcmp(b, "prterun") ||
			    (!strcmp(b, "mpirun") && !stage_opt(s, "ppn")))
				s->kind = SK_MPIRUN;
		} else if (!strcmp(b, "ibrun")) {
			s = new_stage(l, SK_IBRUN, cmd, (int)i);
			i = launch_read_opts(s, ws, i + 1, launch_spec(SK_IBRUN), false);
		} else if (!strcmp(b, "jsrun")) {
			s = new_stage(l, SK_JSRUN, cmd, (int)i);
			i = launch_read_opts(s, ws, i + 1, launch_spec(SK_JSRUN), true);
		} else if (!strcmp(b, "flux") && flux_launch(ws, i)) {
			/* flux run / flux submit (flux mini run/submit before flux-core 0.49): Flux's own parallel
			 * launcher, inside a Flux batch job or instance */
			s = new_stage(l, SK_FLUX, cmd, (int)i);
			i = launch_read_opts(s, ws, flux_launch(ws, i), launch_spec(SK_FLUX), true);
		} else if (!strcmp(b, "aprun")) {
			s = new_stage(l, SK_APRUN, cmd, (int)i);
			i = launch_read_opts(s, ws, i + 1, launch_spec(SK_APRUN), false);
		} else if (!strcmp(b, "torchrun")) {
			s = new_stage(l, SK_TORCHRUN, cmd, (int)i);
			i = launch_read_opts(s, ws, i + 1, launch_spec(SK_TORCHRUN), false);
			s->last = (int)i;
			goto program;
		} else if (!strcmp(b, "tune") && i + 1 < ws->nr && !strcmp(ws->v[i + 1].value, "run")) {
			/* torchtune's CLI: `tune run [torchrun options] RECIPE --config CFG [key=value ...]` starts the
			 * recipe (a name of its own or a .py file) under torchrun when given --nnodes/--nproc_per_node
			 * (https://pytorch.org/torchtune/stable/tune_cli.html) */
			s = new_stage(l, SK_TORCHRUN, cmd, (int)i);
			s->prog = "tune";
			i = launch_read_opts(s, ws, i + 2, launch_spec(SK_TORCHRUN), false);
			s->last = (int)i;
			goto program;
		} else if (!strcmp(b, "deepspeed")) {
			s = new_stage(l, SK_DEEPSPEED, cmd, (int)i);
			i = launch_read_opts(s, ws, i + 1, launch_spec(SK_DEEPSPEED), false);
			s->last = (int)i;
			goto program;
		} else if (!strcmp(b, "accelerate") && i + 1 < ws->nr && !strcmp(ws->v[i + 1].value, "launch")) {
			s = new_stage(l, SK_ACCELERATE, cmd, (int)i);
			i = launch_read_opts(s, ws, i + 2, launch_spec(SK_ACCELERATE), false);
			s->last = (int)i;
			goto program;
		} else if (is_python(prog)) {
			size_t p = i + 1;
			while (p < ws->nr && ws->v[p].value[0] == '-' && strcmp(ws->v[p].value, "-m") &&
			       strcmp(ws->v[p].value, "-c")) {
				if (python_value_opt(ws->v[p].value))
					p++;
				p++;
			}
			if (p + 1 < ws->nr && !strcmp(ws->v[p].value, "-m")) {
				const char *mod = ws->v[p + 1].value;
				enum stage_kind k = SK_COUNT;
				if (!strcmp(mod, "torch.distributed.run"))
					k = SK_TORCHRUN;
				else if (!strcmp(mod, "torch.distributed.launch"))
					k = SK_TDLAUNCH;
				else if (!strcmp(mod, "deepspeed.launcher.runner"))
					k = SK_DEEPSPEED;
				else if (!strcmp(mod, "accelerate.commands.launch"))
					k = SK_ACCELERATE;
				if (k != SK_COUNT) {
					s = new_stage(l, k, cmd, (int)i);
					s->prog = "python";
					i = launch_read_opts(s, ws, p + 2, launch_spec(k), false);
					s->last = (int)i;
					goto program;
				}
			}
			goto program;
		} else if ((!strcmp(b, "bash") || !strcmp(b, "sh") || !strcmp(b, "zsh") || !strcmp(b, "dash"))) {
			size_t p = i + 1;
			bool dash_c = false;
			while (p < ws->nr && ws->v[p].value[0] == '-' && ws->v[p].value[1] != '-') {
				if (strchr(ws->v[p].value, 'c'))
					dash_c = true;
				p++;
				if (dash_c)
					break;
			}
			if (dash_c && p < ws->nr) {
				s = new_stage(l, SK_SHELL, cmd, (int)i);
				s->prog = "bash";
				s->last = (int)p + 1;
				follow_shell(js, l, cmd, p, depth_guard);
				return;
			}
			const struct heredoc *wh = p < ws->nr ? js_written_file(js, ws->v[p].value, cmd) : NULL;
			/* a script fed to the shell on its standard input (bash <<EOF, srun bash -s <<'EOF', sh -l
			 * <<EOF): no file operand, or -s; the heredoc's lines are what the shell runs */
			bool dash_s = false;
			for (size_t k = i + 1; k < p && k < ws->nr; k++)
				dash_s |= ws->v[k].value[1] != '-' && strchr(ws->v[k].value + 1, 's') != NULL;
			if (!wh && (p >= ws->nr || dash_s || !strcmp(ws->v[p].value, "--")) && c->heredoc >= 0 &&
			    (size_t)c->heredoc < js->nheredocs && !js->heredocs[c->heredoc].target)
				wh = &js->heredocs[c->heredoc];
			if (wh) {
				s = new_stage(l, SK_SHELL, cmd, (int)i);
				s->prog = "bash";
				s->last = (int)p + 1;
				follow_written(js, l, cmd, wh, wh->body, wh->line + 1, depth_guard);
				return;
			}
			goto program; /* bash script.sh */
		} else if (!strcmp(b, "env") || !strcmp(b, "time") || !strcmp(b, "nohup") || !strcmp(b, "exec") ||
			   !strcmp(b, "stdbuf") || !strcmp(b, "numactl") || !strcmp(b, "taskset") || !strcmp(b, "nice") ||
			   !strcmp(b, "chrt") || !strcmp(b, "timeout") || !strcmp(b, "command") || !strcmp(b, "eval")) {
			s = new_stage(l, SK_WRAPPER, cmd, (int)i);
			s->prog = !strcmp(b, "env") ? "env" : "wrapper";
			size_t p = i + 1;
			bool duration = false; /* timeout's duration: its first word that is no option */
			while (p < ws->nr) {
				const char *v = ws->v[p].value;
				if (v[0] == '-') {
					/* options with a separate value */
					if (!strcmp(v, "-u") || !strcmp(v, "-c") || !strcmp(v, "-C") || !strcmp(v, "-N") ||
					    !strcmp(v, "-m") || !strcmp(v, "-o") || !strcmp(v, "-e") || !strcmp(v, "-p") ||
					    !strcmp(v, "-n") || !strcmp(v, "-s") || !strcmp(v, "-k") || !strcmp(v, "-l"))
						p++;
					p++;
				} else if (!strcmp(b, "env") && strchr(v, '=')) {
					p++;
				} else if (!strcmp(b, "taskset") && p == i + 1 && strspn(v, "0123456789abcdefx,-") == strlen(v)) {
					p++;
				} else if (!strcmp(b, "timeout") && !duration) {
					p++, duration = true; /* timeout --signal=USR1 11h srun ... */
				} else {
					break;
				}
			}
			s->last = (int)p;
			i = p;
		} else if (!strcmp(b, "apptainer") || !strcmp(b, "singularity") || !strcmp(b, "podman-hpc") ||
			   !strcmp(b, "podman") || !strcmp(b, "docker")) {
			s = new_stage(l, SK_WRAPPER, cmd, (int)i);
			s->prog = "container";
			size_t p = i + 1;
			if (p < ws->nr && ws->v[p].value[0] != '-')
				p++; /* exec / run */
			while (p < ws->nr && ws->v[p].value[0] == '-') {
				const char *v = ws->v[p].value;
				if (!strchr(v, '=') && container_value_opt(v))
					p++;
				p++;
			}
			if (p < ws->nr)
				p++; /* the image */
			s->last = (int)p;
			i = p;
		} else if (!strcmp(b, "shifter")) {
			s = new_stage(l, SK_WRAPPER, cmd, (int)i);
			s->prog = "container";
			size_t p = i + 1;
			while (p < ws->nr && ws->v[p].value[0] == '-')
				p += strchr(ws->v[p].value, '=') || !strcmp(ws->v[p].value, "--") ? 1 : 2;
			s->last = (int)p;
			i = p;
		} else if ((!strcmp(b, "conda") || !strcmp(b, "micromamba") || !strcmp(b, "mamba")) && i + 1 < ws->nr &&
			   !strcmp(ws->v[i + 1].value, "run")) {
			s = new_stage(l, SK_WRAPPER, cmd, (int)i);
			s->prog = "conda-run";
			size_t p = i + 2;
			while (p < ws->nr && ws->v[p].value[0] == '-')
				p += (!strcmp(ws->v[p].value, "-n") || !strcmp(ws->v[p].value, "-p") ||
				      !strcmp(ws->v[p].value, "--name") || !strcmp(ws->v[p].value, "--prefix"))
					     ? 2
					     : 1;
			s->last = (int)p;
			i = p;
		} else if ((!strcmp(b, "uv") || !strcmp(b, "pixi") || !strcmp(b, "poetry") || !strcmp(b, "pipenv")) &&
			   i + 1 < ws->nr && !strcmp(ws->v[i + 1].value, "run")) {
			/* a project-environment manager's run: `uv run [--frozen] [--with PKG] train.py` runs the
			 * file with the project's Python (the same as `uv run python train.py`); anything else after
			 * its options (python, a launcher, a task name) is read as an unknown word was */
			size_t p = i + 2;
			while (p < ws->nr && ws->v[p].value[0] == '-' && strcmp(ws->v[p].value, "--") &&
			       strcmp(ws->v[p].value, "-m") && strcmp(ws->v[p].value, "--module"))
				p += !strchr(ws->v[p].value, '=') && envrun_value_opt(ws->v[p].value) ? 2 : 1;
			if (p < ws->nr && !strcmp(ws->v[p].value, "--"))
				p++;
			const char *v = p < ws->nr ? program_of(js, c, p, cmd) : "";
			if (!ends_with(v, ".py") || strchr(v, '='))
				goto unknown;
			s = new_stage(l, SK_WRAPPER, cmd, (int)i);
			s->prog = "wrapper";
			s->last = (int)p;
			i = p;
			goto program;
		} else if (!strcmp(b, "horovodrun")) {
			s = new_stage(l, SK_MPIRUN, cmd, (int)i);
			s->prog = "horovodrun";
			i = launch_read_opts(s, ws, i + 1, launch_spec(SK_MPIEXEC), false);
		} else {
		unknown:;
			/* an unknown word in front of the program (a profiler, an affinity or site wrapper):
			 * a wrapper when Python, a launcher or a training script follows it */
			bool py = false;
			size_t k = wrapped_program(js, c, i, cmd, &py);
			if (!k)
				goto program;
			s = new_stage(l, SK_WRAPPER, cmd, (int)i);
			s->prog = "wrapper";
			s->last = (int)k;
			i = k;
			if (py) {
				l->wrapper_runs_script = true;
				goto program; /* the wrapper runs the script itself (./accelerate.sh train.py) */
			}
			continue;
		}
		s->last = (int)i;
	}
	return;
program:
	if (i >= ws->nr)
		return;
	{
		struct stage *p = new_stage(l, SK_PROGRAM, cmd, (int)i);
		p->last = (int)ws->nr;
		/* MPMD: "mpiexec -n 8 python sim.py : -n 8 python train.py" (also srun's heterogeneous steps):
		 * the first program's words end at a lone ':' */
		bool mpi_launched = false;
		for (size_t k = 0; k + 1 < l->nstages; k++)
			mpi_launched |= l->stages[k].kind <= SK_APRUN && l->stages[k].cmd == cmd;
		if (mpi_launched)
			for (size_t k = i + 1; k < ws->nr; k++)
				if (!strcmp(ws->v[k].value, ":") && !strcmp(ws->v[k].raw, ":")) {
					p->last = (int)k;
					l->mpmd = true;
					break;
				}
		/* srun --multi-prog FILE: FILE maps task ranks to programs (https://slurm.schedmd.com/srun.html#OPT_multi-prog) */
		for (size_t k = 0; k + 1 < l->nstages; k++)
			if (l->stages[k].kind == SK_SRUN && l->stages[k].cmd == cmd && stage_opt(&l->stages[k], "multi-prog"))
				l->mpmd = l->multi_prog = true;
		const char *pw = program_of(js, c, i, cmd);
		p->prog = is_python(pw) || ends_with(pw, ".py") ? "python" : "other";
		l->prog_stage = (int)l->nstages - 1;
		size_t k = i;
		if (is_python(program_of(js, c, i, cmd))) {
			k = i + 1;
			while (k < ws->nr && ws->v[k].value[0] == '-' && strcmp(ws->v[k].value, "-m") &&
			       strcmp(ws->v[k].value, "-c")) {
				if (python_value_opt(ws->v[k].value))
					k++;
				k++;
			}
			if (k < ws->nr && !strcmp(ws->v[k].value, "-m"))
				l->module = true, k++;
			else if (k < ws->nr && !strcmp(ws->v[k].value, "-c"))
				k = ws->nr; /* python -c CODE: no script */
		} else if (l->nstages >= 2) {
			const struct stage *sp = &l->stages[l->nstages - 2];
			if ((sp->kind == SK_TORCHRUN || sp->kind == SK_TDLAUNCH || sp->kind == SK_ACCELERATE ||
			     sp->kind == SK_DEEPSPEED) &&
			    (stage_opt(sp, "module")))
				l->module = true;
			if (sp->kind == SK_TORCHRUN || sp->kind == SK_TDLAUNCH || sp->kind == SK_ACCELERATE ||
			    sp->kind == SK_DEEPSPEED)
				p->prog = stage_opt(sp, "no-python") ? "other" : "python";
		}
		p->first = (int)i;
		l->script_word = k < ws->nr ? (int)k : -1;
		if (k + 1 < ws->nr && js_neox_launcher(ws->v[k].value, ws->v[k + 1].value))
			l->script_word = (int)k + 1; /* deepy.py train.py configs...: the training script is train.py */
		if (l->script_word >= 0)
			resolve_script_var(js, cmd, k, l->module);
	}
}

bool js_neox_launcher(const char *word, const char *next)
{
	size_t n = next ? strlen(next) : 0;
	return !strcmp(base_name(word), "deepy.py") && n > 3 && !strcmp(next + n - 3, ".py");
}

/* How much a launch line looks like the training launch (0 = not a launch line). */
static int launch_weight(const struct jobscript *js, const struct launch *l)
{
	int w = 0;
	bool launcher = false, spawner = false, python = false, training_prog = false;
	for (size_t i = 0; i < l->nstages; i++) {
		enum stage_kind k = l->stages[i].kind;
		if (k <= SK_APRUN)
			launcher = true;
		else if (k >= SK_TORCHRUN && k <= SK_ACCELERATE)
			spawner = true;
	}
	if (l->prog_stage >= 0) {
		const struct stage *p = &l->stages[l->prog_stage];
		const struct jcmd *c = &js->cmds[p->cmd];
		python = !strcmp(p->prog, "python");
		const char *b = base_name(c->words.v[p->first].value);
		training_prog = python ? l->script_word >= 0 : !strs_has(not_training, b);
		if (python && l->script_word >= 0) {
			const char *sw = c->words.v[l->script_word].value;
			/* data preparation and environment probes are not the training launch */
			if (strstr(sw, "download") || strstr(sw, "prepare") || strstr(sw, "preprocess"))
				training_prog = launcher || spawner;
		}
	}
	if (l->named && l->prog_stage >= 0 && !launcher && !spawner && !python)
		return 1; /* js_add_launch's, below any launcher's or Python's line */
	if (!training_prog)
		return 0;
	if (spawner)
		w += 4;
	if (launcher)
		w += 2;
	if (python)
		w += 1;
	if (!launcher && !spawner && !python)
		return 0;
	return w;
}

void find_launches(struct jobscript *js)
{
	size_t n = js->ncmds;
	js_function_assigns(js);
	/* the script's own functions, found once (not once per command: a script of 100,000 lines) */
	struct js_fn fns[64];
	size_t nfns = js_defined_functions(js, fns, sizeof(fns) / sizeof(*fns));
	for (size_t ci = 0; ci < n; ci++) {
		/* a call of the script's own function: its body holds the launch (functions.c) */
		if (js->cmds[ci].depth != 0 || js_calls_function(js, (int)ci, fns, nfns))
			continue;
		js_function_args(js, (int)ci);
		expand_command_words(js, (int)ci);
		struct launch l = {0};
		l.cmd = (int)ci;
		l.prog_stage = -1;
		l.script_word = -1;
		follow(js, &l, (int)ci, js->cmds[ci].nassign_prefix, 0);
		if (launch_weight(js, &l) > 0) {
			JS_GROW(js->launches, js->nlaunches);
			js->launches[js->nlaunches++] = l;
		} else {
			for (size_t k = 0; k < l.nstages; k++) {
				for (size_t o = 0; o < l.stages[k].nopts; o++)
					free(l.stages[k].opts[o].value);
				free(l.stages[k].opts);
			}
			free(l.stages);
		}
	}
}

int js_add_launch(struct jobscript *js, int cmd)
{
	if (cmd < 0 || (size_t)cmd >= js->ncmds || js->cmds[cmd].depth != 0)
		return -1;
	for (size_t i = 0; i < js->nlaunches; i++)
		if (js->launches[i].cmd == cmd)
			return -1;
	struct launch l = {0};
	l.cmd = cmd;
	l.prog_stage = -1;
	l.script_word = -1;
	l.named = true;
	follow(js, &l, cmd, js->cmds[cmd].nassign_prefix, 0);
	JS_GROW(js->launches, js->nlaunches);
	js->launches[js->nlaunches++] = l;
	return (int)js->nlaunches - 1;
}

int js_launch_weight(const struct jobscript *js, int i)
{
	return i >= 0 && (size_t)i < js->nlaunches ? launch_weight(js, &js->launches[i]) : 0;
}

int js_main_launch(const struct jobscript *js)
{
	int best = -1, bw = 0;
	if (js->flux_line) /* a Flux job: its launch lines are Flux's, which maple does not read */
		return -1;
	/* the first of the heaviest; of two as heavy, not a single-task helper step; a data step's name
	 * only when there is nothing else (steps.c) */
	bool others = false;
	for (size_t i = 0; i < js->nlaunches && !others; i++)
		others = js_step_rank(js, (int)i) < 2;
	for (int i = 0, br = 0; (size_t)i < js->nlaunches; i++) {
		int w = launch_weight(js, &js->launches[i]), r = js_step_rank(js, i);
		if (w > 0 && !(others && r == 2) && (w > bw || (w == bw && r < br)))
			best = i, bw = w, br = r;
	}
	return best;
}

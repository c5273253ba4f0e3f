/* patchjob.c - the patch operations on the job's header and program: scheduler directives
 * (set_directive, expand_directive_vars), the training program's arguments and backend, the
 * rendezvous (set_master_port, set_master_addr, set_node_rank) and directories (change_dir,
 * make_dir). Each returns false with a reason (pt_cannot) when it cannot apply. */
#include "patchctx.h"

#include "../shell/words.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- directives -------------------------------------------------------------------------------- */

static enum sched_kind target_sched(const struct ctx *x)
{
	if (x->js.sched != JS_NONE)
		return x->js.sched;
	if (x->c)
		return x->c->scheduler == SCHED_PBS ? JS_PBS : JS_SLURM;
	return JS_NONE;
}

bool pt_op_set_directive(struct ctx *x, const char *option, const char *value)
{
	enum sched_kind k = target_sched(x);
	if (k != JS_SLURM && k != JS_PBS)
		return pt_cannot(x, "the script has no Slurm or PBS header (and no --cluster says which)");
	if (value && strchr(value, '"'))
		return pt_cannot(x, "the directive value contains a double quote");
	struct strbuf v = STRBUF_INIT, line = STRBUF_INIT;
	if (value && strpbrk(value, " \t'"))
		strbuf_addf(&v, "\"%s\"", value);
	else if (value)
		strbuf_adds(&v, value);
	if (k == JS_SLURM) {
		strbuf_addf(&line, "#SBATCH --%s%s%s", option, value ? "=" : "", v.buf);
	} else {
		static const char *const flags[][2] = {{"queue", "-q"},	  {"account", "-A"}, {"job-name", "-N"},
						       {"project", "-P"}, {"output", "-o"},  {"error", "-e"},
						       {"join", "-j"},	  {NULL, NULL}};
		const char *flag = NULL;
		for (size_t i = 0; flags[i][0]; i++)
			if (!strcmp(flags[i][0], option))
				flag = flags[i][1];
		if (flag)
			strbuf_addf(&line, "#PBS %s%s%s", flag, value ? " " : "", v.buf);
		else
			strbuf_addf(&line, "#PBS -l %s%s%s", option, value ? "=" : "", v.buf);
	}
	strbuf_release(&v);
	const struct directive *d = NULL;
	int last_line = 0;
	for (size_t i = 0; i < x->js.ndirs; i++) {
		const struct directive *di = &x->js.dirs[i];
		if (di->kind != k || di->ignored)
			continue;
		last_line = di->line;
		if (di->opt && !strcmp(di->opt, option))
			d = di;
	}
	bool ok = true;
	if (d && ((!value && !d->value) || (value && d->value && !strcmp(d->value, value)))) {
		/* already so */
	} else if (d) {
		size_t on_line = 0;
		for (size_t i = 0; i < x->js.ndirs; i++)
			on_line += x->js.dirs[i].line == d->line;
		if (on_line == 1) {
			size_t s = pt_line_start(x, d->line), e = pt_line_next(x, d->line);
			bool nl = e > s && x->text[e - 1] == '\n';
			strbuf_addf(&line, "%s", nl ? "\n" : "");
			pt_add_edit(x, s, e, line.buf);
		} else { /* several options on that line: a later line overrides it */
			strbuf_addch(&line, '\n');
			size_t at = pt_line_next(x, last_line);
			pt_add_edit(x, at, at, line.buf);
		}
	} else {
		int after = last_line;
		if (!after && x->nlines && !strncmp(x->text, "#!", 2))
			after = 1;
		size_t at = after ? pt_line_next(x, after) : 0;
		if (at == x->len && x->len && x->text[x->len - 1] != '\n') {
			struct strbuf t = STRBUF_INIT;
			strbuf_addf(&t, "\n%s", line.buf);
			pt_add_edit(x, at, at, t.buf);
			strbuf_release(&t);
		} else {
			strbuf_addch(&line, '\n');
			pt_add_edit(x, at, at, line.buf);
		}
	}
	strbuf_release(&line);
	return ok;
}

/* ---- program arguments ----------------------------------------------------------------------- */

/* The program stage of the main launch line and the word range of its arguments. */
static const struct stage *program_args(const struct ctx *x, size_t *from, size_t *to)
{
	const struct launch *l = pt_main_launch(x);
	if (!l || l->prog_stage < 0)
		return NULL;
	const struct stage *p = &l->stages[l->prog_stage];
	*from = l->script_word >= 0 ? (size_t)l->script_word + 1 : (size_t)p->first + 1;
	*to = (size_t)p->last;
	return p;
}

bool pt_op_set_program_arg(struct ctx *x, const char *option, const char *value)
{
	size_t from, to;
	const struct stage *p = program_args(x, &from, &to);
	if (!p)
		return pt_cannot(x, "the main launch line has no training program");
	struct optpos o;
	bool found = pt_find_in_words(&x->js.cmds[p->cmd], from, to, option, value != NULL, &o);
	return pt_set_option_words(x, p->cmd, found ? &o : NULL, option, value, false, to);
}

bool pt_op_remove_program_arg(struct ctx *x, const char *option)
{
	size_t from, to;
	const struct stage *p = program_args(x, &from, &to);
	if (!p)
		return pt_cannot(x, "the main launch line has no training program");
	struct optpos o;
	if (!pt_find_in_words(&x->js.cmds[p->cmd], from, to, option, true, &o))
		return true;
	return pt_remove_option(x, p->cmd, &o);
}

bool pt_op_set_backend(struct ctx *x, const char *value)
{
	size_t from, to;
	const struct stage *p = program_args(x, &from, &to);
	if (!p)
		return pt_cannot(x, "the main launch line has no training program");
	/* the spellings the port and verify know (backend_option in src/script/launch_opts.c) */
	const struct jcmd *c = &x->js.cmds[p->cmd];
	for (size_t i = from; i < to && i < c->words.nr; i++) {
		const char *spelled = c->words.v[i].value;
		int form = backend_option(spelled);
		if (!form)
			continue;
		struct optpos o = {.word = (int)i, .attached = form == 1, .value_word = -1};
		if (form == 1)
			o.value_word = (int)i;
		else if (i + 1 < to && i + 1 < c->words.nr && c->words.v[i + 1].value[0] != '-')
			o.value_word = (int)i + 1;
		char *opt = xstrndup(spelled, strcspn(spelled, "="));
		bool ok = pt_set_option_words(x, p->cmd, &o, opt, value, false, to);
		free(opt);
		return ok;
	}
	return pt_set_option_words(x, p->cmd, NULL, "--backend", value, false, to);
}

/* ---- rendezvous -------------------------------------------------------------------------------- */

static const char *job_port_expr(enum sched_kind k)
{
	switch (k) {
	case JS_SLURM:
		return "$((29500 + SLURM_JOB_ID % 1000))";
	case JS_PBS:
		return "$((29500 + ${PBS_JOBID%%.*} % 1000))";
	case JS_LSF:
		return "$((29500 + LSB_JOBID % 1000))";
	default:
		return NULL;
	}
}

static bool batch_assigns(const struct ctx *x, const char *name)
{
	const struct launch *l = pt_main_launch(x);
	for (size_t i = 0; i < x->js.nassigns; i++) {
		const struct assign *a = &x->js.assigns[i];
		if (!a->depth && !a->in_cmd_prefix && a->has_value && (!l || a->cmd < l->cmd) && !strcmp(a->name, name))
			return true;
	}
	return false;
}

/* Replaces the ":PORT" at the end of a plain rendezvous endpoint word by port text. */
static bool replace_endpoint_port(struct ctx *x, int ci, size_t wi, const char *port)
{
	const char *raw = x->js.cmds[ci].words.v[wi].raw;
	const char *colon = strrchr(raw, ':');
	if (!colon || !colon[1] || strspn(colon + 1, "0123456789") != strlen(colon + 1))
		return true; /* not a literal port: leave it */
	if (strpbrk(raw, "'\"\\"))
		return pt_cannot(x, "the rendezvous endpoint '%s' is quoted in a way maple does not edit", raw);
	struct strbuf t = STRBUF_INIT;
	strbuf_add(&t, raw, (size_t)(colon - raw) + 1);
	strbuf_adds(&t, port);
	bool ok = pt_replace_word(x, ci, wi, t.buf);
	strbuf_release(&t);
	return ok;
}

bool pt_op_set_master_port(struct ctx *x, const char *value)
{
	bool job = !strcmp(value, "job");
	const char *expr = job ? job_port_expr(target_sched(x)) : value;
	if (!expr)
		return pt_cannot(x, "a port derived from the job id needs a scheduler (no header, no --cluster)");
	const struct launch *l = pt_main_launch(x);
	if (!l)
		return pt_cannot(x, "the script has no launch line");
	bool has_var = batch_assigns(x, "MASTER_PORT");
	/* literal ports on the launch line follow the variable when there is one (or will be) */
	const char *port_text = job || has_var ? "${MASTER_PORT}" : value;
	bool touched = false;
	for (size_t i = 0; i < l->nstages; i++) {
		const struct stage *s = &l->stages[i];
		const char *names[] = {"master-port", "main-process-port", "rdzv-endpoint", NULL};
		for (const char *const *n = names; *n; n++) {
			const struct lopt *o = stage_opt(s, *n);
			if (!o || !o->value)
				continue;
			touched = true;
			if (!strcmp(*n, "rdzv-endpoint")) {
				if (o->value_word >= 0 && o->value_word != o->word &&
				    !replace_endpoint_port(x, s->cmd, (size_t)o->value_word, port_text))
					return false;
				continue;
			}
			if (strchr(o->value, '$') || !strcmp(o->value, port_text))
				continue; /* follows a variable already */
			struct optpos p = {o->word, o->value_word, o->value_word == o->word};
			const char *spelled = x->js.cmds[s->cmd].words.v[o->word].value;
			char *opt = xstrndup(spelled, strcspn(spelled, "="));
			bool ok;
			if (p.attached || p.value_word < 0) {
				struct strbuf t = STRBUF_INIT;
				strbuf_addf(&t, "%s=%s", opt, port_text);
				ok = pt_replace_word(x, s->cmd, (size_t)o->word, t.buf);
				strbuf_release(&t);
			} else {
				ok = pt_replace_word(x, s->cmd, (size_t)p.value_word, port_text);
			}
			free(opt);
			if (!ok)
				return false;
		}
	}
	/* torchrun, torch.distributed.launch, deepspeed and accelerate take the port from their own option
	 * (default 29500), never from MASTER_PORT: a launcher given none gets one that follows the port */
	for (size_t i = 0; !touched && i < l->nstages; i++) {
		const struct stage *s = &l->stages[i];
		if (s->kind != SK_TORCHRUN && s->kind != SK_TDLAUNCH && s->kind != SK_DEEPSPEED && s->kind != SK_ACCELERATE)
			continue;
		if (stage_opt(s, "rdzv-endpoint") || stage_opt(s, "standalone"))
			break; /* another rendezvous: the port option is not what it binds */
		struct strbuf t = STRBUF_INIT;
		strbuf_addf(&t, "--%s=%s", s->kind == SK_ACCELERATE ? "main_process_port" : "master_port", port_text);
		bool ok = pt_add_stage_option(x, s, t.buf);
		strbuf_release(&t);
		if (!ok)
			return false;
		touched = true;
	}
	if (job || has_var || !touched)
		return pt_set_var(x, "MASTER_PORT", expr, job ? NULL : value);
	return true;
}

bool pt_op_set_master_addr(struct ctx *x)
{
	enum sched_kind k = target_sched(x);
	const char *expr = k == JS_SLURM ? "$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)"
			   : k == JS_PBS ? "$(head -n 1 \"$PBS_NODEFILE\")"
					 : NULL;
	if (!expr)
		return pt_cannot(x, "the first node of the job is only known for Slurm and PBS scripts");
	const struct launch *l = pt_main_launch(x);
	if (!l)
		return pt_cannot(x, "the script has no launch line");
	if (!pt_set_var(x, "MASTER_ADDR", expr, NULL))
		return false;
	/* a literal address on the launch line follows the variable */
	for (size_t i = 0; i < l->nstages; i++) {
		const struct stage *s = &l->stages[i];
		const struct lopt *o = stage_opt(s, s->kind == SK_ACCELERATE ? "main-process-ip" : "master-addr");
		if (!o || !o->value || strchr(o->value, '$'))
			continue;
		const char *spelled = x->js.cmds[s->cmd].words.v[o->word].value;
		char *opt = xstrndup(spelled, strcspn(spelled, "="));
		struct strbuf t = STRBUF_INIT;
		bool ok;
		if (o->value_word == o->word) {
			strbuf_addf(&t, "%s=${MASTER_ADDR}", opt);
			ok = pt_replace_word(x, s->cmd, (size_t)o->word, t.buf);
		} else {
			ok = o->value_word < 0 || pt_replace_word(x, s->cmd, (size_t)o->value_word, "${MASTER_ADDR}");
		}
		strbuf_release(&t);
		free(opt);
		if (!ok)
			return false;
	}
	return true;
}

/* The first word after a spawner's own name ("torchrun", "python -m torch.distributed.run",
 * "accelerate launch"): where its options start. */
static size_t spawner_head_end(const struct ctx *x, const struct stage *s)
{
	const struct jcmd *c = &x->js.cmds[s->cmd];
	if (s->prog && !strcmp(s->prog, "python")) {
		for (size_t i = (size_t)s->first + 1; i + 1 < c->words.nr; i++)
			if (!strcmp(c->words.v[i].value, "-m"))
				return i + 2;
		return (size_t)s->first + 1;
	}
	return (size_t)s->first + (s->kind == SK_ACCELERATE ? 2 : 1);
}

bool pt_op_set_node_rank(struct ctx *x)
{
	const struct launch *l = pt_main_launch(x);
	if (!l)
		return pt_cannot(x, "the script has no launch line");
	const struct stage *outer = x->plan.outer, *sp = x->plan.spawner;
	if (!sp)
		return pt_cannot(x, "the main launch line has no torchrun, deepspeed or accelerate to give a node rank to");
	if (!outer)
		return pt_cannot(x, "%s is started once, in the batch shell: start one per node with srun or mpiexec first",
			      stage_kind_name(sp->kind));
	const char *var = outer->kind == SK_SRUN      ? "SLURM_NODEID"
			  : outer->kind == SK_MPIEXEC ? "PMI_RANK"
			  : outer->kind == SK_MPIRUN  ? "OMPI_COMM_WORLD_RANK"
						      : NULL;
	if (!var)
		return pt_cannot(x, "maple does not know the per-task rank variable of %s", stage_kind_name(outer->kind));
	const char *canon = sp->kind == SK_ACCELERATE ? "machine-rank" : "node-rank";
	const char *spelling = sp->kind == SK_ACCELERATE ? "--machine_rank" : "--node_rank";
	const struct lopt *o = stage_opt(sp, canon);
	const struct jcmd *c = &x->js.cmds[sp->cmd];
	struct strbuf ref = STRBUF_INIT;
	strbuf_addf(&ref, "$%s", var);
	bool ok = true;
	if (c->depth > 0) {
		/* already in a per-task shell: the value is read there */
		if (o && o->value && per_task_var_in(o->value) && pt_shell_quote_of(x, sp->cmd) == '\'') {
			/* a per-task variable read by the per-task shell itself: right already */
			strbuf_release(&ref);
			return true;
		}
		struct strbuf t = STRBUF_INIT;
		strbuf_addf(&t, "\"%s\"", ref.buf);
		if (o) {
			struct optpos p = {o->word, o->value_word, o->value_word == o->word};
			const char *spelled = c->words.v[o->word].value;
			char *opt = xstrndup(spelled, strcspn(spelled, "="));
			if (p.attached || p.value_word < 0) {
				struct strbuf w = STRBUF_INIT;
				strbuf_addf(&w, "%s=%s", opt, t.buf);
				ok = pt_replace_word(x, sp->cmd, (size_t)o->word, w.buf);
				strbuf_release(&w);
			} else {
				ok = pt_replace_word(x, sp->cmd, (size_t)p.value_word, t.buf);
			}
			free(opt);
		} else {
			struct strbuf w = STRBUF_INIT;
			strbuf_addf(&w, "%s=%s", spelling, t.buf);
			ok = pt_insert_at_word(x, sp->cmd, spawner_head_end(x, sp), w.buf);
			strbuf_release(&w);
		}
		strbuf_release(&t);
		strbuf_release(&ref);
		return ok;
	}
	/* in the batch shell: every task would get the same rank. Run the spawner through a per-task
	 * shell that adds the rank, leaving every other word as the batch shell expands it:
	 *   srun ... bash -c 'exec torchrun --node_rank="$SLURM_NODEID" "$@"' bash --nnodes=2 ... */
	size_t head_end = spawner_head_end(x, sp);
	size_t hs, he, ts, te;
	if (!pt_word_span(x, sp->cmd, (size_t)sp->first, &hs, &he) || !pt_word_span(x, sp->cmd, head_end - 1, &ts, &te)) {
		strbuf_release(&ref);
		return pt_cannot(x, "cannot locate %s on line %d", stage_kind_name(sp->kind), c->line);
	}
	struct strbuf head = STRBUF_INIT, inner = STRBUF_INIT, t = STRBUF_INIT;
	for (size_t i = (size_t)sp->first; i < head_end; i++)
		strbuf_addf(&head, "%s%s", i > (size_t)sp->first ? " " : "", c->words.v[i].raw);
	strbuf_addf(&inner, "exec %s %s=\"%s\" \"$@\"", head.buf, spelling, ref.buf);
	strbuf_adds(&t, "bash -c '");
	sh_escape_for_single_quotes(inner.buf, inner.len, &t);
	strbuf_adds(&t, "' bash");
	pt_add_edit(x, hs, te, t.buf);
	if (o) {
		struct optpos p = {o->word, o->value_word, o->value_word == o->word};
		ok = pt_remove_option(x, sp->cmd, &p);
	}
	strbuf_release(&head);
	strbuf_release(&inner);
	strbuf_release(&t);
	strbuf_release(&ref);
	return ok;
}

/* ---- directories ------------------------------------------------------------------------------- */

bool pt_op_dir(struct ctx *x, const char *path, bool cd)
{
	const struct launch *l = pt_main_launch(x);
	if (!l)
		return pt_cannot(x, "the script has no launch line");
	for (size_t ci = 0; ci < (size_t)l->cmd; ci++) {
		const struct jcmd *c = &x->js.cmds[ci];
		if (c->depth || c->words.nr < 2 || c->nassign_prefix)
			continue;
		const char *w = c->words.v[0].value, *last = c->words.v[c->words.nr - 1].value;
		if (cd && !strcmp(w, "cd") && !strcmp(last, path) && c->words.nr == 2)
			return true;
		if (!cd && !strcmp(w, "mkdir") && !strcmp(last, path))
			return true;
	}
	struct strbuf q = STRBUF_INIT, t = STRBUF_INIT;
	pt_quote_value(path, &q);
	strbuf_addf(&t, cd ? "cd %s || exit 1" : "mkdir -p %s", q.buf);
	bool ok = pt_insert_before_launch(x, t.buf);
	strbuf_release(&q);
	strbuf_release(&t);
	return ok;
}


/* ---- directives that use shell variables ------------------------------------------------------ */

/* The literal value the batch shell gives NAME (its last plain assignment: no expansion, no
 * substitution, no quoting needed in a directive), or NULL. */
static const char *literal_value(const struct ctx *x, const char *name, size_t n)
{
	const char *v = NULL;
	for (size_t i = 0; i < x->js.nassigns; i++) {
		const struct assign *a = &x->js.assigns[i];
		if (a->depth || a->in_cmd_prefix || !a->has_value || strlen(a->name) != n || strncmp(a->name, name, n))
			continue;
		const char *val = a->value.value;
		v = val && *val && !strpbrk(val, "$`\"' \t\n") ? val : NULL;
	}
	return v;
}

bool pt_op_expand_directive_vars(struct ctx *x)
{
	bool any = false;
	for (size_t ln = 1; ln <= x->nlines; ln++) {
		size_t s = pt_line_start(x, (int)ln), e = pt_line_next(x, (int)ln);
		const char *t = x->text + s;
		size_t len = e - s;
		if (!((len > 8 && !strncmp(t, "#SBATCH", 7) && (t[7] == ' ' || t[7] == '\t')) ||
		      (len > 5 && !strncmp(t, "#PBS", 4) && (t[4] == ' ' || t[4] == '\t'))))
			continue;
		if (!memchr(t, '$', len))
			continue;
		struct strbuf out = STRBUF_INIT;
		bool ok = true;
		for (size_t i = 0; i < len;) {
			if (t[i] != '$') {
				strbuf_addch(&out, t[i++]);
				continue;
			}
			bool brace = i + 1 < len && t[i + 1] == '{';
			size_t b = i + 1 + brace, k = b;
			while (k < len && (isalnum((unsigned char)t[k]) || t[k] == '_'))
				k++;
			if (k == b || (brace && (k >= len || t[k] != '}'))) {
				strbuf_addch(&out, t[i++]);
				continue;
			}
			const char *v = literal_value(x, t + b, k - b);
			if (!v) {
				ok = pt_cannot(x, "line %zu uses $%.*s, which the script gives no plain value to write there", ln,
					    (int)(k - b), t + b);
				break;
			}
			strbuf_adds(&out, v);
			i = k + brace;
		}
		if (ok)
			pt_add_edit(x, s, e, out.buf);
		strbuf_release(&out);
		if (!ok)
			return false;
		any = true;
	}
	if (!any)
		return pt_cannot(x, "no #SBATCH/#PBS line uses a $variable");
	return true;
}

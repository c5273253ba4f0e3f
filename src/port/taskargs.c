/* taskargs.c - what the program's own command line takes from the launcher that starts it, ported:
 *   - per-task variables in its arguments (train.py --rank $SLURM_PROCID): renamed to the variable of
 *     the same meaning that the target's launcher sets (data/scripts/launchvars.yaml: $PMI_RANK on
 *     Polaris), and checked against the launch the port renders (a shell per rank must expand them);
 *   - Python interpreter options before the program (python -u -W ignore train.py), which the target's
 *     launch line does not carry: their environment equivalents are exported instead, or named;
 *   - options by which the program is told its launcher (mmengine's --launcher slurm): changed to what
 *     the port's launch gives it; Detectron2's own launch (--num-gpus with --dist-url) refused with the
 *     reason; DeepSpeed's runner --launcher named as not carried over. */
#include "port.h"

#include "../script/hints.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The old launch started one task per node (srun torchrun ...): its per-task variables count nodes. */
static bool old_per_node(const struct script_reading *sr)
{
	const struct launch_plan *p = sr->helper ? &sr->helper_plan : &sr->plan;
	return p->spawner != NULL;
}

/* What a per-task variable of the old launch meant, given its shape: on a launch of one task per node,
 * the task's rank is its node's and the tasks are the nodes; NULL when it has no one meaning there. */
static const char *old_meaning(const struct script_reading *sr, const char *means)
{
	if (!old_per_node(sr))
		return means;
	if (!strcmp(means, "rank") || !strcmp(means, "node_rank"))
		return "node_rank";
	if (!strcmp(means, "world_size") || !strcmp(means, "nnodes"))
		return "nnodes";
	return NULL; /* the local rank of the only task of a node */
}

/* Replaces variable segment k of w by text (a count), keeping the rest of the word. */
static bool var_to_literal(struct shword *w, size_t k, const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < w->nsegs; i++) {
		if (i != k && w->segs[i].kind != SEG_LIT) {
			strbuf_release(&sb);
			return false; /* another variable in the same word: left to the rename */
		}
		strbuf_adds(&sb, i == k ? text : w->segs[i].text);
	}
	shword_release(w);
	shword_init_literal(w, sb.buf);
	strbuf_release(&sb);
	return true;
}

/* A launch of one task per GPU that port_per_task_launch writes (per_task.c) exports RANK, LOCAL_RANK and,
 * when the program's arguments read it, NODE_RANK in each task's shell, from what the target's launcher
 * gives that task (ibrun's PMI_RANK in consecutive blocks of a node's GPUs, Open MPI's OMPI_COMM_WORLD_*):
 * the variable of that meaning for a target whose launcher sets none maple knows (TACC's ibrun), or NULL. */
static const char *per_task_export(const struct script_reading *sr, const char *means)
{
	if (!port_per_task_kind(sr))
		return NULL;
	if (!strcmp(means, "rank"))
		return "RANK";
	if (!strcmp(means, "local_rank"))
		return "LOCAL_RANK";
	if (!strcmp(means, "node_rank"))
		return "NODE_RANK";
	return NULL;
}

static enum port_status task_vars(const struct script_reading *sr, const struct cluster *target, struct request *req,
				  struct strvec *why)
{
	enum port_status st = PORT_OK;
	for (size_t i = 0; i < req->args.nr; i++) {
		struct shword *w = &req->args.v[i];
		for (size_t k = 0; k < w->nsegs; k++) {
			if (w->segs[k].kind != SEG_VAR)
				continue;
			const struct task_var_hint *tv = launch_task_var(sr->hints, w->segs[k].text);
			if (!tv)
				continue;
			char old[64];
			snprintf(old, sizeof(old), "%s", tv->name);
			const char *means = old_meaning(sr, tv->means);
			/* counts of the job: the port's own numbers */
			long count = !means ? 0
				     : !strcmp(means, "nnodes") ? req->nodes
				     : !strcmp(means, "local_size") ? req->gpus_per_node
				     : !strcmp(means, "world_size") ? (long)req->nodes * req->gpus_per_node : 0;
			const struct task_var_hint *to = means ? launch_task_var_for(sr->hints, target->launcher, means) : NULL;
			if (count <= 0 && to && !strcmp(to->name, old))
				continue; /* the target's launcher sets it too */
			const char *own = !to && count <= 0 && means ? per_task_export(sr, means) : NULL;
			char *shown = xstrdup(w->value);
			char num[32];
			snprintf(num, sizeof(num), "%ld", count);
			if (own) {
				request_warn(req, "argument %s: $%s (the %s, set per task by %s) renamed to $%s, which the port's "
						  "per-task shell exports from the rank the launch on %s gives each task (%s sets no "
						  "%s variable maple knows)",
					     shown, old, means, tv->launcher, own, target->name, target->launcher, means);
				shword_rename_var(w, k, own);
			} else if (count > 0 && var_to_literal(w, k, num)) {
				request_warn(req, "argument %s: $%s (the %s of the old launch) is %ld in the port, written as the "
						  "number",
					     shown, old, means, count);
				k = w->nsegs; /* the word was rebuilt */
			} else if (to) {
				request_warn(req, "argument %s: $%s (the %s, set per task by %s) renamed to $%s, what %s's %s sets "
						  "per task (%s)",
					     shown, old, means, tv->launcher, to->name, target->name, target->launcher, to->source);
				shword_rename_var(w, k, to->name);
			} else if (count > 0) {
				strvec_pushf(why, "argument %s uses $%s (the %s) with other variables in one word; %s on %s "
						  "sets no variable for it: write the value (%ld) itself",
					     shown, old, means, target->launcher, target->name, count);
				st = PORT_ERROR;
			} else {
				strvec_pushf(why, "argument %s uses $%s, %s; %s on %s sets no variable of that meaning per task "
						  "(%s): let the program read its rank from the environment (RANK, LOCAL_RANK and "
						  "WORLD_SIZE, which every maple launch sets) and give the port the arguments without "
						  "it (--from OLD --to %s 'train.py ARGS')",
					     shown, old,
					     means ? (!strcmp(means, "node_rank") ? "the index of the task's node"
						      : !strcmp(means, "local_rank")  ? "the rank of the task on its node"
										      : "the task's rank")
						   : "the rank on its node of the old launch's one task per node (always 0)",
					     target->launcher, target->name, tv->source, target->id);
				st = PORT_ERROR;
			}
			free(shown);
		}
	}
	return st;
}

/* The Python options between the interpreter and the program: carried as their environment variables
 * (exported before the launch, which every launcher passes on), or named when they have none. */
static void python_flags(const struct script_reading *sr, struct request *req)
{
	const struct jobscript *js = sr->helper ? sr->helper : &sr->js;
	const struct launch_plan *p = sr->helper ? &sr->helper_plan : &sr->plan;
	if (p->launch < 0 || !p->prog || !p->prog->prog || strncmp(p->prog->prog, "python", 6))
		return;
	const struct launch *l = &js->launches[p->launch];
	int end = l->script_word >= 0 ? l->script_word : p->prog->last;
	const struct shwords *ws = &js->cmds[p->prog->cmd].words;
	if (l->module && end > p->prog->first + 1)
		end--; /* python -m pkg: the -m */
	for (int i = p->prog->first + 1; i < end && (size_t)i < ws->nr; i++) {
		const char *wv = ws->v[i].value, *next = (size_t)i + 1 < ws->nr ? ws->v[i + 1].value : NULL;
		if (wv[0] != '-')
			break;
		const struct pyflag_hint *f = launch_pyflag(sr->hints, wv, next);
		if (!f) {
			request_warn(req, "line %d: the Python option `%s` before the program is not carried over: the "
					  "port's launch line starts Python itself; add it there by hand if the job needs it",
				     js->cmds[p->prog->cmd].line, wv);
			continue;
		}
		const char *eq = strchr(f->env, '=');
		char name[64], val[256];
		snprintf(name, sizeof(name), "%.*s", (int)(eq ? eq - f->env : (long)strlen(f->env)), f->env);
		bool joined = f->value && strlen(wv) > strlen(f->flag); /* -Wignore */
		const char *v = eq ? eq + 1 : joined ? wv + strlen(f->flag) : next;
		if (!v)
			continue;
		snprintf(val, sizeof(val), "%s", v);
		if (strchr(f->flag, ' ') && !strchr(wv, f->flag[strlen(f->flag) - 1]) && next)
			i++; /* -X importtime: two words */
		else if (f->value && !joined)
			i++;
		if (strvec_find(&req->env_names, name) >= 0)
			continue;
		strvec_push(&req->env_names, name);
		shwords_push_literal(&req->env_values, val);
		bool two = strchr(f->flag, ' ') != NULL;
		request_warn(req, "line %d: the Python option `%s%s%s` is carried as %s=%s (the port's launch line starts "
				  "Python itself; %s)",
			     js->cmds[p->prog->cmd].line, two ? f->flag : wv, f->value && !joined ? " " : "",
			     f->value && !joined ? val : "", name, val, f->source);
	}
}

/* The workers the program starts itself per task (Detectron2's --num-gpus N), 0 when none. */
static long own_workers(const struct request *req)
{
	for (size_t i = 0; i < req->args.nr; i++) {
		const char *a = req->args.v[i].value;
		if (!strncmp(a, "--num-gpus", 10) && (a[10] == '=' || (!a[10] && i + 1 < req->args.nr)))
			return atol(a[10] == '=' ? a + 11 : req->args.v[i + 1].value);
	}
	return 0;
}

/* The program's own launcher option: every launch maple writes sets RANK, LOCAL_RANK, WORLD_SIZE,
 * MASTER_ADDR and MASTER_PORT, which is mmengine's `pytorch` launcher; its `slurm` and `mpi` read the
 * old launcher's variables. */
static enum port_status program_launcher(const struct script_reading *sr, const struct cluster *target, struct request *req,
				 struct strvec *why)
{
	enum port_status st = PORT_OK;
	for (size_t i = 0; i < req->args.nr; i++) {
		const char *a = req->args.v[i].value;
		const struct proglaunch_hint *o = launch_prog_option(sr->hints, a);
		if (!o)
			continue;
		const char *eq = strchr(a, '=');
		size_t vi = eq ? i : i + 1;
		const char *val = eq ? eq + 1 : vi < req->args.nr ? req->args.v[vi].value : NULL;
		if (!o->values && own_workers(req) > 0) {
			strvec_pushf(why, "'%s' starts its own %ld workers per task (%s's launch: --num-gpus with %s%s%s): a "
					  "launch of maple's, which starts one process per GPU itself, would start %ld times too "
					  "many; port it by hand on %s (one task per node, --num-machines and --machine-rank from "
					  "the target's node rank, --dist-url on its first node) (%s)",
				     req->script, own_workers(req), o->framework, o->option, val ? " " : "", val ? val : "",
				     own_workers(req), target->name, o->source);
			st = PORT_ERROR;
			continue;
		}
		if (!o->values) {
			request_warn(req, "argument %s%s%s (%s) tells the program how it was launched: the port's launch line "
					  "sets MASTER_ADDR/MASTER_PORT, RANK, LOCAL_RANK and WORLD_SIZE; check that %s agrees with "
					  "it (%s)",
				     o->option, val ? " " : "", val ? val : "", o->framework, o->option, o->source);
			continue;
		}
		if (!val || !strcmp(val, "pytorch"))
			continue;
		bool known = false;
		size_t n = strlen(val);
		for (const char *p = strstr(o->values, val); p && !known; p = strstr(p + 1, val))
			known = (p == o->values || p[-1] == ' ') && (p[n] == 0 || p[n] == ' ');
		if (!known || !strcmp(val, "none")) {
			request_warn(req, "argument %s %s (%s): not a launcher the port's launch line gives the program; "
					  "`%s pytorch` reads what it sets (%s)",
				     o->option, val, o->framework, o->option, o->source);
			continue;
		}
		char *now = NULL;
		if (eq) {
			size_t k = (size_t)(eq - a) + 1;
			now = xmalloc(k + 8);
			memcpy(now, a, k);
			memcpy(now + k, "pytorch", 8);
		} else {
			now = xstrdup("pytorch");
		}
		request_warn(req, "argument `%s %s` changed to `%s pytorch` (%s): `%s` reads the old launcher's own variables, "
				  "`pytorch` reads RANK, LOCAL_RANK, WORLD_SIZE and MASTER_ADDR, which the port's launch line sets (%s)",
			     o->option, val, o->option, o->framework, val, o->source);
		shword_release(&req->args.v[vi]);
		shword_init_literal(&req->args.v[vi], now);
		free(now);
	}
	return st;
}

/* DeepSpeed's runner told which launcher to use (deepspeed --launcher slurm|openmpi|mvapich|pdsh ...,
 * --launcher_args): the port's launch line is the target's, so the old choice is named, not carried. */
static void spawner_launcher(const struct script_reading *sr, const struct cluster *target, struct request *req)
{
	const struct jobscript *js = sr->helper ? sr->helper : &sr->js;
	const struct launch_plan *p = sr->helper ? &sr->helper_plan : &sr->plan;
	if (!p->spawner || p->spawner->kind != SK_DEEPSPEED)
		return;
	for (size_t i = 0; i < p->spawner->nopts; i++) {
		const struct lopt *o = &p->spawner->opts[i];
		if (strcmp(o->name, "launcher") && strcmp(o->name, "launcher-args"))
			continue;
		request_warn(req, "line %d: deepspeed's `--%s %s` not carried over: the port starts the workers with %s's "
				  "own launch line (%s), not DeepSpeed's multinode runner",
			     js->cmds[p->spawner->cmd].line, o->name, o->value ? o->value : "", target->name, target->launcher);
	}
}

/* srun --multi-prog's %t in a configuration line every rank runs (the old script wrote the file): the
 * task's rank, which srun writes in before it starts the program; the port's launch has no such file, so
 * the argument reads $SLURM_PROCID (the same number), then renamed as any per-task variable is. */
static void multi_prog_ranks(const struct script_reading *sr, struct request *req)
{
	const struct jobscript *js = sr->helper ? sr->helper : &sr->js;
	const struct launch_plan *p = sr->helper ? &sr->helper_plan : &sr->plan;
	if (p->launch < 0 || !js->launches[p->launch].multi_prog_uniform)
		return;
	for (size_t i = 0; i < req->args.nr; i++) {
		struct shword *w = &req->args.v[i];
		if (!strstr(w->raw, "%t"))
			continue;
		struct strbuf raw = STRBUF_INIT;
		for (const char *r = w->raw; *r; r++) {
			if (r[0] == '%' && r[1] == 't')
				strbuf_adds(&raw, isalnum((unsigned char)r[2]) || r[2] == '_' ? "${SLURM_PROCID}" : "$SLURM_PROCID"), r++;
			else
				strbuf_addch(&raw, *r);
		}
		struct shword nw;
		size_t pos = 0;
		if (shlex_value(raw.buf, raw.len, &pos, &nw) && pos == raw.len) {
			request_warn(req, "argument %s: srun --multi-prog's %%t (each task's rank, line %d) is $SLURM_PROCID outside "
					  "the configuration file",
				     w->value, js->cmds[js->launches[p->launch].cmd].line);
			size_t ws = w->start, we = w->end;
			shword_release(w);
			*w = nw;
			w->start = ws;
			w->end = we;
		}
		strbuf_release(&raw);
	}
}

/* A program file the old script writes itself (cat > launch_ddp.py <<EOF, carried as written) that reads
 * the old launcher's per-task variables by name (os.environ["SLURM_PROCID"]): on a target whose launcher
 * sets others, it stops at its first line; refused with the variable and the file's line. */
static enum port_status written_program(const struct script_reading *sr, const struct cluster *target,
					const struct request *req, struct strvec *why)
{
	const struct jobscript *js = &sr->js;
	const struct launch_plan *p = &sr->plan;
	if (sr->helper || p->launch < 0 || !p->prog || !req->script)
		return PORT_OK;
	const struct heredoc *h = js_written_file(js, req->script, js->launches[p->launch].cmd);
	if (!h)
		return PORT_OK;
	for (const char *b = h->body; *b; b++) {
		if (!((*b >= 'A' && *b <= 'Z') || *b == '_') || (b > h->body && (isalnum((unsigned char)b[-1]) || b[-1] == '_')))
			continue;
		size_t n = strspn(b, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		char name[64];
		if (n >= sizeof(name))
			continue;
		memcpy(name, b, n);
		name[n] = '\0';
		b += n - 1;
		const struct task_var_hint *tv = launch_task_var(sr->hints, name);
		const struct task_var_hint *to = tv ? launch_task_var_for(sr->hints, target->launcher, tv->means) : NULL;
		if (!tv || (to && !strcmp(to->name, name)))
			continue;
		strvec_pushf(why, "'%s', which the old script writes itself (line %d), reads %s (the %s that %s sets per task), "
				  "which %s's %s does not set%s%s%s: make the program read RANK, LOCAL_RANK and WORLD_SIZE (every "
				  "maple launch sets them), then port it",
			     req->script, h->line, name, tv->means, tv->launcher, target->name, target->launcher,
			     to ? " (it sets " : "", to ? to->name : "", to ? ")" : "");
		return PORT_ERROR;
	}
	return PORT_OK;
}

enum port_status port_task_args(const struct script_reading *sr, const struct cluster *target, struct request *req,
				struct strvec *why)
{
	if (sr->hints && written_program(sr, target, req, why) != PORT_OK)
		return PORT_ERROR;
	if (!sr->hints)
		return PORT_OK;
	multi_prog_ranks(sr, req);
	spawner_launcher(sr, target, req);
	python_flags(sr, req);
	enum port_status a = program_launcher(sr, target, req, why);
	enum port_status b = task_vars(sr, target, req, why);
	enum port_status c = port_job_counts(sr, target, req, why); /* counts.c: after the per-task counts */
	return a != PORT_OK ? a : b != PORT_OK ? b : c;
}

enum port_status port_task_args_fit(const struct script_reading *sr, const struct template *t, const struct request *req,
				    struct strvec *why)
{
	if (!sr->hints || !t || !t->body)
		return PORT_OK;
	if (port_per_task_kind(sr))
		return PORT_OK; /* per_task.c writes one shell per GPU worker, which expands them */
	/* a shell per task around the program: `bash -c '...{{command}}` on one line */
	bool shell = false, per_gpu = t->tasks_per == TASKS_PER_GPU;
	const char *c = strstr(t->body, "{{command}}");
	if (c) {
		const char *ls = c;
		while (ls > t->body && ls[-1] != '\n')
			ls--;
		const char *b = strstr(ls, "bash -c '");
		shell = b && b < c;
	}
	enum port_status st = PORT_OK;
	for (size_t i = 0; i < req->args.nr; i++) {
		const struct shword *w = &req->args.v[i];
		for (size_t k = 0; k < w->nsegs; k++) {
			const struct task_var_hint *tv =
				w->segs[k].kind == SEG_VAR ? launch_task_var(sr->hints, w->segs[k].text) : NULL;
			if (!tv)
				continue;
			bool node_level = !strcmp(tv->means, "node_rank") || !strcmp(tv->means, "nnodes");
			if (shell && (per_gpu || node_level))
				continue;
			strvec_pushf(why, "argument %s uses $%s (the %s of each task), but the launch on %s (template %s) %s: "
					  "nothing expands it per worker there; let the program read RANK, LOCAL_RANK and WORLD_SIZE "
					  "from its environment (the launch sets them) and give the port the arguments without it "
					  "(--from OLD --to %s 'train.py ARGS')",
				     w->value, tv->name, tv->means, t->cluster, t->id,
				     !shell ? "runs the program with no shell per task"
					    : "starts one task per node, which starts the GPU workers itself",
				     t->cluster);
			st = PORT_ERROR;
		}
	}
	return st;
}

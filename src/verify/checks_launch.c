/* checks_launch.c - checks on the launch line against the allocation: nodes and ranks that must
 * agree between header, parallel launcher and spawner; one torchrun per node; the node rank taken
 * per task rather than expanded once by the batch shell; the rendezvous address and port set,
 * exported and set before use, and in range. */
#include "findings.h"
#include "lookup.h"

#include "../script/hints.h"

#include "../util/strbuf.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* Whether a per-task variable in the -c string of the bash stage was expanded by the batch shell
 * (the string was double quoted). Returns the variable or NULL. */
static const char *batch_expanded_per_task(const struct vctx *x, const struct stage *shell)
{
	if (!shell)
		return NULL;
	const struct jcmd *c = &x->js->cmds[shell->cmd];
	int w = shell->last - 1;
	if (w < 0 || (size_t)w >= c->words.nr)
		return NULL;
	const struct shword *sw = &c->words.v[w];
	for (size_t i = 0; i < sw->nsegs; i++)
		if (sw->segs[i].kind == SEG_VAR && is_per_task_var(sw->segs[i].text))
			return sw->segs[i].text;
	return NULL;
}

/* Whether the script brings up a Ray cluster (ray start on the nodes): the driver then runs once,
 * on the batch node, by design. */
static bool starts_ray(const struct jobscript *js)
{
	for (size_t i = 0; i < js->ncmds; i++)
		for (size_t w = 0; w + 1 < js->cmds[i].words.nr; w++) {
			const char *v = js->cmds[i].words.v[w].value, *b = strrchr(v, '/');
			if (!strcmp(b ? b + 1 : v, "ray") && !strcmp(js->cmds[i].words.v[w + 1].value, "start"))
				return true;
		}
	return false;
}

/* Whether the accelerate config at path is one the script writes (a heredoc) that keeps the static
 * rendezvous (no rdzv_backend other than static): node ranks then come from --machine_rank. */
static bool static_config(const struct jobscript *js, const char *path)
{
	if (!path)
		return false;
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	for (size_t i = 0; i < js->nheredocs; i++) {
		const char *t = js->heredocs[i].target, *tb = t ? strrchr(t, '/') : NULL;
		tb = tb ? tb + 1 : t;
		if (!tb || strcmp(tb, b))
			continue;
		const char *r = strstr(js->heredocs[i].body, "rdzv_backend:");
		if (!r)
			return true;
		r += 13;
		r += strspn(r, " \t'\"");
		return !strncmp(r, "static", 6);
	}
	return false;
}

/* Checks a rendezvous variable (MASTER_ADDR, MASTER_PORT...) used by the option o of stage s. */
static void check_rdzv_var(struct vctx *x, const struct stage *s, const struct lopt *o, bool port)
{
	const struct jobscript *js = x->js;
	char name[64];
	if (!o || !o->value || !var_ref(o->value, name, sizeof(name)) || scheduler_sets(name))
		return;
	/* a positional parameter of a per-task shell (a file the script writes run as `./run_node.sh "$HOST" 4`,
	 * bash -c '...' _ ARGS): the call's argument, not a variable the script sets */
	if (name[0] >= '0' && name[0] <= '9' && js->cmds[s->cmd].depth > 0)
		return;
	int line, col, span;
	opt_pos(x, s, o, &line, &col, &span);
	const char *missing_id = port ? "master-port-missing" : "master-addr-missing";
	const struct assign *a = js_lookup(js, name, s->cmd);
	for (size_t i = 0; !a && i < js->nassigns; i++)
		if (js->assigns[i].runtime && js->assigns[i].cmd < s->cmd && !strcmp(js->assigns[i].name, name))
			return; /* read NAME < <(...): set when the job runs */
	if (!a && js_sourced_sets(js, name, js->cmds[s->cmd].line))
		return; /* cat > env.sh <<EOF ... export MASTER_ADDR=...; source ./env.sh */
	if (!a) {
		const struct assign *later = any_assign(js, name);
		if (later && later->line > line) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "set %s before line %d", name, line);
			report(x, "master-addr-after-use", SEV_ERROR, line, col, span, fix.buf,
			       "$%s is used here but only set on line %d, after the launch: it is empty when the launcher "
			       "starts",
			       name, later->line);
			strbuf_release(&fix);
			return;
		}
		struct strbuf fix = STRBUF_INIT;
		if (port)
			strbuf_addf(&fix, "add `export %s=29500` before the launch", name);
		else if (fix_sched(x) == JS_PBS)
			strbuf_addf(&fix, "add `export %s=$(head -n 1 \"$PBS_NODEFILE\")` before the launch", name);
		else
			strbuf_addf(&fix, "add `export %s=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)` before "
					  "the launch",
				    name);
		report(x, missing_id, SEV_ERROR, line, col, span, fix.buf,
		       "$%s is never set in the script: %s gets an empty %s and the nodes cannot meet", name,
		       launcher_name(s), port ? "port" : "address");
		strbuf_release(&fix);
		return;
	}
	/* used inside a per-task shell ('...' of bash -c) or read from the environment by a child: must be exported */
	const struct jcmd *sc = &js->cmds[s->cmd];
	if (sc->depth > 0 && a->depth == 0 && !exported_before(js, name, sc->parent) && !batch_expands(js, s->cmd, name)) {
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "export %s (line %d)", name, a->line);
		report(x, "master-addr-not-exported", SEV_ERROR, a->line, 0, 0, fix.buf,
		       "%s is set but not exported: the per-task shell that runs %s (line %d) does not see it", name,
		       launcher_name(s), line);
		strbuf_release(&fix);
	}
}

static void check_port_value(struct vctx *x, const struct stage *s, const struct lopt *o)
{
	if (!o || !o->value)
		return;
	long v;
	const char *val = o->value;
	const char *colon = strrchr(val, ':');
	if (!strcmp(o->name, "rdzv-endpoint")) {
		if (!colon)
			return;
		val = colon + 1;
	}
	if (!js_eval_int(x->js, val, s->cmd, &x->p->counts, &v))
		return;
	int line, col, span;
	opt_pos(x, s, o, &line, &col, &span);
	if (v < 1 || v > 65535)
		report(x, "port-range", SEV_ERROR, line, col, span, "use a port between 1024 and 65535, e.g. 29500",
		       "port %ld is out of range (1-65535)", v);
	else if (v < 1024)
		report(x, "port-range", SEV_WARNING, line, col, span, "use a port between 1024 and 65535, e.g. 29500",
		       "port %ld is privileged: only root may listen on it", v);
}

static void node_rank(struct vctx *x, const struct stage *s, long nodes)
{
	const struct jobscript *js = x->js;
	const struct launch_plan *p = x->p;
	const char *oname = s->kind == SK_ACCELERATE ? "machine-rank" : "node-rank";
	const struct lopt *o = stage_opt(s, oname);
	int line, col, span;
	opt_pos(x, s, o, &line, &col, &span);
	const char *flag = s->kind == SK_ACCELERATE ? "--machine_rank" : "--node_rank";
	if (!o) {
		const struct lopt *rb = stage_opt(s, "rdzv-backend");
		bool dynamic = stage_opt(s, "rdzv-endpoint") || (rb && rb->value && strcmp(rb->value, "static"));
		if (s->kind == SK_DEEPSPEED || dynamic || stage_opt(s, "config-file"))
			return;
		struct strbuf fix = STRBUF_INIT;
		if (fix_sched(x) == JS_PBS)
			strbuf_addf(&fix, "pass %s=$PMI_RANK (one rank per node: mpiexec --ppn 1) inside bash -c '...'", flag);
		else
			strbuf_addf(&fix, "pass %s=$SLURM_NODEID (or $SLURM_PROCID with one task per node) inside bash -c '...'",
				    flag);
		report(x, "node-rank-fixed", SEV_ERROR, line, col, span, fix.buf,
		       "%s on %ld nodes without %s: every node takes rank 0 and the rendezvous never completes",
		       launcher_name(s), nodes, flag);
		strbuf_release(&fix);
		return;
	}
	if (!o->value)
		return;
	if (strspn(o->value, "0123456789") == strlen(o->value) && *o->value && p->outer) {
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "take it per task: %s=$%s inside bash -c '...'", flag,
			    fix_sched(x) == JS_PBS ? "PMI_RANK" : "SLURM_NODEID");
		report(x, "node-rank-fixed", SEV_ERROR, line, col, span, fix.buf,
		       "%s=%s on every node of a %ld-node launch: all nodes claim the same rank", flag, o->value, nodes);
		strbuf_release(&fix);
		return;
	}
	const struct jcmd *sc = &js->cmds[s->cmd];
	const char *v = per_task_var_in(o->value);
	if (v && sc->depth == 0 && p->outer) {
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "wrap the launch in bash -c '... %s=$%s ...' (single quotes) so each task expands it", flag,
			    v);
		/* an accelerate config file may choose the c10d rendezvous, which assigns node ranks itself */
		const struct lopt *cf = s->kind == SK_ACCELERATE ? stage_opt(s, "config-file") : NULL;
		bool cfg = cf && !stage_opt(s, "rdzv-backend") && !static_config(js, cf->value);
		report(x, "node-rank-batch-shell", cfg ? SEV_WARNING : SEV_ERROR, line, col, span, fix.buf,
		       "$%s is expanded by the batch shell before %s starts the tasks: every node gets the batch "
		       "shell's value%s",
		       v, launcher_name(p->outer),
		       cfg ? " (harmless only if the config file sets rdzv_backend: c10d)" : "");
		strbuf_release(&fix);
		return;
	}
	const char *bv = batch_expanded_per_task(x, p->shell);
	if (bv && v) {
		int l2, c2, s2;
		word_pos(x, p->shell->cmd, p->shell->last - 1, &l2, &c2, &s2);
		report(x, "node-rank-batch-shell", SEV_ERROR, l2, c2, 1,
		       "use single quotes around the bash -c command, or escape it as \\$",
		       "$%s is inside a double-quoted bash -c string: the batch shell expands it once, so every task "
		       "gets the same node rank",
		       bv);
		return;
	}
	/* a variable the batch shell set from a per-task variable */
	char name[64];
	if (var_ref(o->value, name, sizeof(name)) && !is_per_task_var(name)) {
		const struct assign *a = js_lookup(js, name, s->cmd);
		if (a && a->depth == 0 && a->value.raw && per_task_var_in(a->value.raw) && p->outer) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "use $%s itself inside the per-task bash -c '...'", per_task_var_in(a->value.raw));
			report(x, "node-rank-batch-shell", SEV_ERROR, a->line, 0, 0, fix.buf,
			       "%s=%s is evaluated once in the batch shell, so every task (line %d) gets the same value", name,
			       a->value.raw, line);
			strbuf_release(&fix);
		}
	}
}

/* Ranks exported by the batch shell for programs started directly by srun/mpiexec. */
static void batch_ranks(struct vctx *x)
{
	const struct jobscript *js = x->js;
	static const char *const rank_vars[] = {"RANK", "LOCAL_RANK", "NODE_RANK", "GROUP_RANK", NULL};
	for (size_t i = 0; i < js->nassigns; i++) {
		const struct assign *a = &js->assigns[i];
		if (a->depth != 0 || a->in_cmd_prefix || !a->value.raw)
			continue;
		bool rv = false;
		for (int k = 0; rank_vars[k]; k++)
			rv |= !strcmp(a->name, rank_vars[k]);
		const char *v = rv ? per_task_var_in(a->value.raw) : NULL;
		if (!v)
			continue;
		if (a->cmd > x->js->launches[x->p->launch].cmd)
			continue;
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "set it inside the per-task shell: %s bash -c 'export %s=$%s; exec python ...'",
			    fix_sched(x) == JS_PBS ? "mpiexec ..." : "srun", a->name, v);
		report(x, "node-rank-batch-shell", SEV_ERROR, a->line, 0, 0, fix.buf,
		       "%s=$%s is evaluated once by the batch shell: every task gets the batch shell's value", a->name, v);
		strbuf_release(&fix);
	}
}

/* Whether the program stage runs Python (a plain MPI/CUDA binary may use GPUs its own way). */
static bool is_python(const struct stage *prog)
{
	if (!prog || !prog->prog)
		return true; /* unknown: keep the stricter reading */
	const char *b = base_name(prog->prog);
	return !strncmp(b, "python", 6);
}

/* A per-task script the batch shell writes with an unquoted heredoc (cat > run.sh <<EOF) and the
 * launcher runs on every task (srun bash run.sh, srun ./run.sh, an srun --multi-prog file): a $SLURM_PROCID / $PMI_RANK left unescaped in its
 * body is expanded once, when the batch shell writes the file, so every task reads the same value. */
static void written_script_ranks(struct vctx *x)
{
	const struct jobscript *js = x->js;
	const struct launch *l = &js->launches[x->p->launch];
	for (size_t st = 0; st < l->nstages; st++) {
		const struct stage *s = &l->stages[st];
		const struct jcmd *c = &js->cmds[s->cmd];
		if (s->kind != SK_SHELL || s->last < 1 || (size_t)s->last > c->words.nr)
			continue;
		const char *file = c->words.v[s->last - 1].value;
		{
			const struct heredoc *h = js_written_file(js, file, s->cmd);
			if (!h || h->quoted)
				continue; /* a quoted delimiter: the body is written as it stands */
			int ln = h->line + 1, col = 1;
			for (const char *q = h->body; *q; q++, col++) {
				if (*q == '\n') {
					ln++, col = 0;
					continue;
				}
				if (*q == '\\' && q[1]) {
					q++, col++;
					continue;
				}
				if (*q != '$')
					continue;
				const char *n = q + 1 + (q[1] == '{');
				size_t len = strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
				char name[64];
				if (!len || len >= sizeof(name))
					continue;
				memcpy(name, n, len);
				name[len] = '\0';
				if (!is_per_task_var(name))
					continue;
				struct strbuf fix = STRBUF_INIT;
				strbuf_addf(&fix, "write it as \\$%s (or quote the heredoc's delimiter: <<'%s')", name, h->delim);
				report(x, "node-rank-batch-shell", SEV_ERROR, ln, col, (int)len + 1, fix.buf,
				       "$%s in the heredoc that writes %s (line %d) is expanded once, when the batch shell writes "
				       "the file: every task that runs it gets the batch shell's value",
				       name, file, h->line);
				strbuf_release(&fix);
			}
		}
	}
}

/* A launcher the script's scheduler or cluster does not have: srun under PBS, jsrun outside LSF, TACC's
 * ibrun on another centre's cluster (command not found: an error); mpiexec on a cluster whose centre
 * launches with srun (a warning: Cray MPICH's mpiexec does not start Slurm tasks, Open MPI's does). */
static void launcher_of_other_scheduler(struct vctx *x, const struct stage *o)
{
	const struct jobscript *js = x->js;
	enum sched_kind k = js->sched != JS_NONE ? js->sched
			  : x->c && x->c->scheduler == SCHED_PBS ? JS_PBS : x->c && x->c->scheduler == SCHED_SLURM ? JS_SLURM
									       : JS_NONE;
	const char *cl = x->c ? x->c->launcher : NULL;
	const char *name = launcher_name(o), *why = NULL;
	enum severity sev = SEV_ERROR;
	struct strbuf whose = STRBUF_INIT; /* the clusters whose launcher it is, from their profiles */
	if (o->kind == SK_SRUN && k == JS_PBS)
		why = "srun is Slurm's launcher: a PBS job has no srun (command not found)";
	else if (o->kind == SK_JSRUN && (k == JS_PBS || k == JS_SLURM))
		why = "jsrun is LSF's launcher (Summit-era IBM systems): this scheduler has none";
	else if (o->kind == SK_FLUX && (k == JS_PBS || k == JS_SLURM || k == JS_LSF) && !js->flux_line)
		why = "flux run/submit is Flux's launcher (LLNL's systems): it needs a Flux instance, which this job does "
		      "not start (flux start) and this scheduler does not give it";
	else if (o->kind == SK_IBRUN && cl && strcmp(cl, "ibrun")) {
		size_t n = 0;
		strbuf_adds(&whose, "ibrun is the launcher of ");
		for (size_t i = 0; x->repo && i < repo_cluster_count(x->repo); i++) {
			const struct cluster *b = repo_cluster_brief_at(x->repo, i);
			if (b && b->launcher && !strcmp(b->launcher, "ibrun"))
				strbuf_addf(&whose, "%s%s", n++ ? ", " : "", b->id);
		}
		if (!n) /* no profile has it (a data directory of other clusters) */
			strbuf_adds(&whose, "other centres");
		strbuf_adds(&whose, ": this cluster does not have it");
		why = whose.buf;
	}
	else if (o->kind == SK_MPIEXEC && k == JS_SLURM && cl && !strcmp(cl, "srun")) {
		why = "this centre's launcher is srun: mpiexec starts the tasks only with an MPI whose mpiexec reads the "
		      "Slurm allocation (Open MPI), not with Cray MPICH";
		sev = SEV_WARNING;
	}
	if (!why) {
		strbuf_release(&whose);
		return;
	}
	int line, col, span;
	word_pos(x, o->cmd, o->first, &line, &col, &span);
	struct strbuf fix = STRBUF_INIT;
	if (k == JS_PBS)
		strbuf_adds(&fix, cl && !strcmp(cl, "mpiexec") ? "start the tasks with mpiexec -n TOTAL --ppn PER_NODE ..."
							       : "start the tasks with the PBS cluster's MPI launcher (mpiexec/mpirun)");
	else
		strbuf_addf(&fix, "start the tasks with %s", cl ? cl : "srun");
	report(x, "launcher-scheduler", sev, line, col, span, fix.buf, "%s: %s", name, why);
	strbuf_release(&fix);
	strbuf_release(&whose);
}

/* The line of an `eval` that runs a command the script builds as text with a launcher in it (printf -v LAUNCH
 * 'srun --ntasks-per-node=%d ...%s' ...; eval "$LAUNCH"): 0 when there is none. maple reads the program from
 * the words that go into the text, not the launcher the text names. */
static int eval_built_launcher(const struct jobscript *js)
{
	int ev = 0;
	for (size_t i = 0; i < js->ncmds && !ev; i++) {
		const struct jcmd *c = &js->cmds[i];
		if (c->nassign_prefix < c->words.nr && !strcmp(c->words.v[c->nassign_prefix].value, "eval") &&
		    c->nassign_prefix + 1 < c->words.nr && strchr(c->words.v[c->nassign_prefix + 1].value, '$'))
			ev = c->line;
	}
	if (!ev || !js->text)
		return 0;
	static const char *const quoted[] = {"'srun ", "\"srun ", "'mpiexec ", "\"mpiexec ", "'mpirun ", "\"mpirun ",
					     "'ibrun ", "\"ibrun ", NULL};
	for (int k = 0; quoted[k]; k++)
		if (strstr(js->text, quoted[k]))
			return ev;
	return 0;
}

void check_launch(struct vctx *x)
{
	const struct jobscript *js = x->js;
	const struct launch_plan *p = x->p;
	const struct js_header *h = &p->header;
	if (p->launch < 0 && js->flux_line)
		return; /* a Flux job: scheduler-unsupported says why no launch line is read */
	bool dash_c;
	const struct heredoc *fed;
	int inl = p->launch < 0 ? js_inline_python(js, &dash_c, &fed) : -1;
	if (inl >= 0) {
		/* srun python - <<EOF, python -c '...': a launch whose program maple cannot read, not none */
		const struct jcmd *c = &js->cmds[inl];
		int body = 0;
		for (const char *q = fed ? fed->body : NULL; q && *q; q++)
			body += *q == '\n';
		struct strbuf what = STRBUF_INIT;
		if (dash_c)
			strbuf_adds(&what, "Python given inline (python -c)");
		else
			strbuf_addf(&what, "Python fed on its standard input (the heredoc of lines %d-%d)", fed->line + 1,
				    fed->line + body);
		report(x, "launcher-missing", SEV_WARNING, c->line, 0, 0,
		       "save the code as a file (e.g. train.py) and run that, so that its launch can be checked",
		       "the program is %s: maple reads training programs from files, so this launch is not checked", what.buf);
		strbuf_release(&what);
		return;
	}
	if (p->launch < 0) {
		report(x, "launcher-missing", SEV_WARNING, 0, 0, 0,
		       fix_sched(x) == JS_PBS ? "add the launch line, e.g. mpiexec ... torchrun ... train.py"
					      : "add the launch line, e.g. srun ... torchrun ... train.py",
		       "no launch line found (srun, mpiexec, ibrun, torchrun, deepspeed, accelerate launch or python): "
		       "nothing starts the training");
		return;
	}
	const struct launch *l = &js->launches[p->launch];
	const struct stage *o = p->outer, *s = p->spawner;
	written_script_ranks(x);
	if (o)
		launcher_of_other_scheduler(x, o);
	if (l->mpmd) {
		report(x, "mpmd-launch", SEV_INFO, js->cmds[l->cmd].line, 0, 0, NULL,
		       "an MPMD launch (A : B) starts several programs together; maple reads and checks the first "
		       "(%s) only, and verify --run cannot replace them with its mini-app",
		       p->prog ? js->cmds[p->prog->cmd].words.v[l->script_word >= 0 ? l->script_word : p->prog->first].value
			       : "?");
	}
	long hnodes = h->nodes > 0 ? h->nodes : js->sched != JS_NONE && !nodes_unknown(js) ? 1 : 0;
	long gpn = h->gpus_per_node ? h->gpus_per_node : x->c ? x->c->hw.gpus_per_node : 0;
	int line, col, span;
	/* a spawner whose options come from "$@" or an array: what is not visible is not held against it */
	bool s_opaque = s && stage_forwards_args(js, s);
	if (s_opaque)
		s = NULL;

	/* nodes: header vs the parallel launcher */
	if (o && p->nodes_from && hnodes && p->nodes != hnodes) {
		opt_pos(x, o, p->nodes_from, &line, &col, &span);
		report(x, "nodes-mismatch", p->nodes > hnodes ? SEV_ERROR : SEV_WARNING, line, col, span,
		       fix_sched(x) == JS_PBS ? "use the allocation's node count ($(wc -l < \"$PBS_NODEFILE\"))"
					      : "use the allocation's node count ($SLURM_JOB_NUM_NODES)",
		       "%s asks for %ld nodes, but the job has %ld (line %d)", launcher_name(o), p->nodes, hnodes,
		       h->d_nodes ? h->d_nodes->line : 0);
	}
	if (o && (o->kind == SK_MPIEXEC || o->kind == SK_MPIRUN || o->kind == SK_APRUN) && p->tasks && p->tasks_per_node &&
	    hnodes && p->tasks != p->tasks_per_node * hnodes) {
		const struct lopt *n = stage_opt(o, "n");
		opt_pos(x, o, n, &line, &col, &span);
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "-n %ld (nodes x ranks per node)", p->tasks_per_node * hnodes);
		report(x, "ranks-mismatch", SEV_ERROR, line, col, span, fix.buf,
		       "%s starts %ld ranks at %ld per node, which needs %ld nodes; the job has %ld", launcher_name(o), p->tasks,
		       p->tasks_per_node, (p->tasks + p->tasks_per_node - 1) / p->tasks_per_node, hnodes);
		strbuf_release(&fix);
	}
	/* srun --gpus-per-task=G with T tasks per node asks for G x T GPUs on every node: more than the node
	 * has and srun refuses the step ("Requested node configuration is not available") */
	if (o && o->kind == SK_SRUN && x->c && x->c->hw.gpus_per_node > 0 && p->tasks_per_node > 0) {
		const struct lopt *gt = stage_opt(o, "gpus-per-task");
		char *end = NULL;
		long g = gt && gt->value ? strtol(gt->value, &end, 10) : 0;
		if (g > 0 && end && !*end && g * p->tasks_per_node > x->c->hw.gpus_per_node) {
			opt_pos(x, o, gt, &line, &col, &span);
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "at most %d GPUs per node: --gpus-per-task x tasks per node <= %d", x->c->hw.gpus_per_node,
				    x->c->hw.gpus_per_node);
			report(x, "gpus-exceed-node", SEV_ERROR, line, col, span, fix.buf,
			       "--gpus-per-task=%ld with %ld tasks per node asks for %ld GPUs on each node, but a %s node has %d [%s]",
			       g, p->tasks_per_node, g * p->tasks_per_node, x->c->name, x->c->hw.gpus_per_node,
			       x->c->hw.src.url ? x->c->hw.src.url : x->c->source);
			strbuf_release(&fix);
		}
	}
	long nodes = p->nodes ? p->nodes : hnodes;
	/* nodes: the spawner vs where it runs */
	if (s && p->spawner_nodes_from && nodes && p->spawner_nodes != nodes && (o || s->kind != SK_DEEPSPEED)) {
		opt_pos(x, s, p->spawner_nodes_from, &line, &col, &span);
		report(x, "nodes-mismatch", SEV_ERROR, line, col, span,
		       fix_sched(x) == JS_PBS ? "use the allocation's node count ($(wc -l < \"$PBS_NODEFILE\"))"
					      : "use the allocation's node count ($SLURM_JOB_NUM_NODES or $SLURM_NNODES)",
		       "%s expects %ld nodes, but it runs on %ld: the rendezvous %s", launcher_name(s), p->spawner_nodes, nodes,
		       p->spawner_nodes > nodes ? "waits forever for nodes that never come" : "completes without some nodes");
	}
	if (s && s->kind == SK_DEEPSPEED && !o && p->spawner_nodes_from && hnodes && p->spawner_nodes > hnodes) {
		opt_pos(x, s, p->spawner_nodes_from, &line, &col, &span);
		report(x, "nodes-mismatch", SEV_ERROR, line, col, span, "use the allocation's node count",
		       "deepspeed --num_nodes %ld, but the job has %ld nodes", p->spawner_nodes, hnodes);
	}
	/* multi-node jobs need something that starts on every node (GPT-NeoX's deepy.py is DeepSpeed's
	 * launcher: it reaches the nodes through the hostfile, as deepspeed does) */
	bool neox = false;
	if (l->prog_stage >= 0 && l->script_word >= 1) {
		const struct shwords *pw = &js->cmds[l->stages[l->prog_stage].cmd].words;
		neox = (size_t)l->script_word < pw->nr &&
		       js_neox_launcher(pw->v[l->script_word - 1].value, pw->v[l->script_word].value);
	}
	/* the program's own "--launcher slurm" (mmengine/OpenMMLab) reads the ranks srun gives each task;
	 * started once by the batch shell, it is rank 0 of the job's tasks and waits for the others */
	long htasks = p->header.tasks > 0 ? p->header.tasks
			: p->header.tasks_per_node > 0 ? p->header.tasks_per_node * (hnodes > 0 ? hnodes : 1) : 0;
	if (!o && !s && htasks > 1 && l->prog_stage >= 0 && l->script_word >= 0 && js->sched == JS_SLURM) {
		const struct jcmd *pc = &js->cmds[l->stages[l->prog_stage].cmd];
		for (size_t k = (size_t)l->script_word + 1; k < pc->words.nr; k++) {
			const char *v = pc->words.v[k].value;
			bool eq = v && !strcmp(v, "--launcher=slurm");
			bool two = v && !strcmp(v, "--launcher") && k + 1 < pc->words.nr && pc->words.v[k + 1].value &&
				   !strcmp(pc->words.v[k + 1].value, "slurm");
			if (!eq && !two)
				continue;
			word_pos(x, pc - js->cmds, (int)k, &line, &col, &span);
			report(x, "launcher-slurm-no-srun", SEV_ERROR, line, col, span,
			       "start the program with srun (one task per GPU), or run it with --launcher pytorch under torchrun",
			       "the program's --launcher slurm reads the rank srun gives each task, but the batch shell starts "
			       "it once: it is rank 0 of %ld tasks and waits for the others",
			       htasks);
			break;
		}
	}
	struct maple_error herr;
	const struct script_hints *hints = x->repo ? script_hints_shared(x->repo, &herr) : NULL;
	if (hnodes > 1 && !o && (!s || s->kind != SK_DEEPSPEED) && !neox && !starts_ray(js) &&
	    !js_driver(hints, js, p->launch)) {
		const struct stage *first = &l->stages[0];
		word_pos(x, first->cmd, first->first, &line, &col, &span);
		const char *what = s ? launcher_name(s) : "python";
		struct strbuf fix = STRBUF_INIT;
		if (fix_sched(x) == JS_PBS)
			strbuf_addf(&fix, "start one %s per node: mpiexec -n %ld --ppn 1 --hostfile \"$PBS_NODEFILE\" ...", what,
				    hnodes);
		else
			strbuf_addf(&fix, "start one %s per node: srun -N %ld --ntasks-per-node=1 ...", what, hnodes);
		int ev = eval_built_launcher(js);
		if (ev) /* the launcher is in text the script evals: maple did not read it, so it cannot say */
			report(x, "launcher-not-distributed", SEV_WARNING, line, col, span, fix.buf,
			       "%s is read without a launcher, but line %d evals a command the script builds as text with a "
			       "launcher in it, which maple does not read: if that text does not start one %s per node, the "
			       "other %ld nodes sit idle",
			       what, ev, what, hnodes - 1);
		else
			report(x, "launcher-not-distributed", SEV_ERROR, line, col, span, fix.buf,
			       "%s runs once, on the first of the %ld nodes: the other nodes sit idle%s", what, hnodes,
			       s ? " and the rendezvous never completes" : "");
		strbuf_release(&fix);
	}
	if (s && s->kind == SK_DEEPSPEED && !o && hnodes > 1 && !stage_opt(s, "hostfile") && !stage_opt(s, "launcher")) {
		word_pos(x, s->cmd, s->first, &line, &col, &span);
		report(x, "deepspeed-no-hostfile", SEV_WARNING, line, col, span,
		       "write the allocation's nodes to a hostfile (host slots=GPUS per line) and pass --hostfile",
		       "deepspeed on %ld nodes without --hostfile: it looks for /job/hostfile and otherwise runs on this "
		       "node only",
		       hnodes);
	}
	/* deepspeed started on every node by srun/mpiexec without a hostfile: each runner finds none, takes its
	 * own node's GPUs ("local resources only", master 127.0.0.1) and trains alone */
	if (s && s->kind == SK_DEEPSPEED && o && hnodes > 1 && nodes > 1 && !stage_opt(s, "hostfile") &&
	    !stage_opt(s, "launcher")) {
		word_pos(x, s->cmd, s->first, &line, &col, &span);
		report(x, "deepspeed-no-hostfile", SEV_ERROR, line, col, span,
		       "start the workers with the launcher itself (one task per GPU running python, ranks from the "
		       "scheduler), or write the nodes to a hostfile and run one deepspeed on the first node",
		       "%s starts deepspeed on each of the %ld nodes without --hostfile: every runner uses its own node "
		       "only (master 127.0.0.1), so the nodes train %ld separate jobs, not one",
		       launcher_name(o), nodes, nodes);
	}
	/* one spawner per node */
	bool per_gpu = false;
	if (s && s->kind != SK_DEEPSPEED && o && p->tasks_per_node > 1) {
		const struct lopt *t = stage_opt(o, "ntasks-per-node");
		if (!t)
			t = stage_opt(o, "ppn");
		if (!t)
			t = stage_opt(o, "npernode");
		if (t)
			opt_pos(x, o, t, &line, &col, &span);
		else if (h->d_tpn && !(gpn > 0 && p->tasks_per_node == gpn))
			line = h->d_tpn->line, col = h->d_tpn->col, span = h->d_tpn->span;
		else if (h->d_tpn)
			/* a header of one task per GPU, as a per-GPU python launch wants: the spawner put on
			 * that launch is what changed */
			word_pos(x, s->cmd, s->first, &line, &col, &span);
		else
			word_pos(x, o->cmd, o->first, &line, &col, &span);
		char gpus[32] = "the node's";
		if (gpn > 0)
			snprintf(gpus, sizeof(gpus), "%ld", gpn);
		report(x, "torchrun-per-gpu", SEV_ERROR, line, col, span,
		       "start one launcher per node (--ntasks-per-node=1 / --ppn 1); it spawns the GPU workers itself",
		       "%s starts %ld %s per node and each spawns its own workers: %ld processes per node compete for %s "
		       "GPUs",
		       launcher_name(o), p->tasks_per_node, launcher_name(s), p->workers_per_node ? p->workers_per_node : 0,
		       gpus);
		per_gpu = true;
	}
	/* ranks per node vs GPUs per node (not against a header count past the cluster's node, which
	 * gpus-exceed-node reports: '--gpus-per-node=100000' has no GPUs to sit idle) */
	bool past_node = x->c && x->c->hw.gpus_per_node > 0 && gpn > x->c->hw.gpus_per_node;
	if (!per_gpu && gpn > 0 && p->workers_per_node > 0 && !past_node) {
		const struct lopt *w = NULL;
		const struct stage *ws = s ? s : o;
		if (s)
			w = stage_opt(s, s->kind == SK_ACCELERATE ? "num-processes"
					 : s->kind == SK_DEEPSPEED ? "num-gpus"
								   : "nproc-per-node");
		else if (o) {
			w = stage_opt(o, o->kind == SK_SRUN ? "ntasks-per-node" : "ppn");
			if (!w) /* the launcher's total (srun -n 4, mpiexec -n 8) sets the ranks per node then */
				w = stage_opt(o, o->kind == SK_SRUN ? "ntasks" : "n");
		}
		if (ws)
			opt_pos(x, ws, w, &line, &col, &span);
		if (!w && !s && h->d_tpn)
			line = h->d_tpn->line, col = h->d_tpn->col, span = h->d_tpn->span;
		if (p->workers_per_node > gpn && uses_mps(js)) {
			/* several ranks per GPU on purpose */
		} else if (p->workers_per_node > gpn && !s && !is_python(p->prog)) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "start %ld rank%s per node, or run NVIDIA MPS (nvidia-cuda-mps-control -d) to share GPUs",
				    gpn, gpn == 1 ? "" : "s");
			report(x, "ranks-mismatch", SEV_WARNING, line, col, span, fix.buf,
			       "%ld ranks per node but %ld GPU%s per node: unless the program shares GPUs on purpose, ranks "
			       "contend for them",
			       p->workers_per_node, gpn, gpn == 1 ? "" : "s");
			strbuf_release(&fix);
		} else if (p->workers_per_node > gpn) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "start %ld worker%s per node (one per GPU)", gpn, gpn == 1 ? "" : "s");
			report(x, "ranks-mismatch", SEV_ERROR, line, col, span, fix.buf,
			       "%ld workers per node but %ld GPU%s per node: ranks share GPUs or fail to find one",
			       p->workers_per_node, gpn, gpn == 1 ? "" : "s");
			strbuf_release(&fix);
		} else if (p->workers_per_node < gpn && ws) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "start %ld workers per node, or ask for fewer GPUs", gpn);
			report(x, "gpus-idle", SEV_WARNING, line, col, span, fix.buf,
			       "%ld worker%s per node for %ld GPUs per node: %ld GPU%s per node sit idle", p->workers_per_node,
			       p->workers_per_node == 1 ? "" : "s", gpn, gpn - p->workers_per_node,
			       gpn - p->workers_per_node == 1 ? "" : "s");
			strbuf_release(&fix);
		}
	}
	if (s && s->kind == SK_ACCELERATE && p->spawner_procs_total && p->spawner_nodes > 0 &&
	    p->spawner_procs_total % p->spawner_nodes) {
		opt_pos(x, s, stage_opt(s, "num-processes"), &line, &col, &span);
		report(x, "ranks-mismatch", SEV_ERROR, line, col, span, "--num_processes = machines x GPUs per node",
		       "--num_processes %ld is not a multiple of --num_machines %ld", p->spawner_procs_total,
		       p->spawner_nodes);
	}
	/* node rank and rendezvous */
	long span_nodes = p->spawner_nodes > nodes ? p->spawner_nodes : nodes;
	if (s && (s->kind == SK_TORCHRUN || s->kind == SK_TDLAUNCH || s->kind == SK_ACCELERATE) && span_nodes > 1 &&
	    (o || hnodes <= 1))
		node_rank(x, s, span_nodes);
	if (!s && o)
		batch_ranks(x);
	if (s && span_nodes > 1) {
		if (s->kind == SK_TORCHRUN || s->kind == SK_TDLAUNCH) {
			const struct lopt *ep = stage_opt(s, "rdzv-endpoint"), *ma = stage_opt(s, "master-addr");
			if (!ep && !ma && !stage_opt(s, "standalone")) {
				bool env_addr = exported_before(js, "MASTER_ADDR", l->cmd) || js_lookup(js, "MASTER_ADDR", s->cmd);
				if (!env_addr) {
					word_pos(x, s->cmd, s->first, &line, &col, &span);
					report(x, "master-addr-missing", SEV_ERROR, line, col, span,
					       "pass --master_addr=$MASTER_ADDR (the first node) or --rdzv_endpoint=HOST:PORT",
					       "%s on %ld nodes without --master_addr or --rdzv_endpoint: each node waits on "
					       "its own 127.0.0.1",
					       launcher_name(s), span_nodes);
				}
			}
			check_rdzv_var(x, s, ep, false);
			check_rdzv_var(x, s, ma, false);
			check_rdzv_var(x, s, stage_opt(s, "master-port"), true);
		} else if (s->kind == SK_ACCELERATE) {
			const struct lopt *ip = stage_opt(s, "main-process-ip");
			if (!ip && !stage_opt(s, "config-file")) {
				word_pos(x, s->cmd, s->first, &line, &col, &span);
				report(x, "master-addr-missing", SEV_ERROR, line, col, span,
				       "pass --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT",
				       "accelerate launch on %ld machines without --main_process_ip: the machines cannot meet",
				       span_nodes);
			}
			check_rdzv_var(x, s, ip, false);
			check_rdzv_var(x, s, stage_opt(s, "main-process-port"), true);
		} else if (s->kind == SK_DEEPSPEED) {
			check_rdzv_var(x, s, stage_opt(s, "master-addr"), false);
			check_rdzv_var(x, s, stage_opt(s, "master-port"), true);
		}
	}
	if (s) {
		check_port_value(x, s, stage_opt(s, "master-port"));
		check_port_value(x, s, stage_opt(s, "main-process-port"));
		check_port_value(x, s, stage_opt(s, "rdzv-endpoint"));
	}
	/* a program started per task that reads MASTER_ADDR from the environment (env:// init) */
	if (!s && o && nodes > 1) {
		bool env_init = false, port_only = false;
		for (size_t i = 0; i < js->nassigns; i++) {
			const struct assign *a = &js->assigns[i];
			env_init |= !strcmp(a->name, "WORLD_SIZE") || !strcmp(a->name, "RANK");
			port_only |= !strcmp(a->name, "MASTER_PORT");
		}
		port_only = port_only && !env_init;
		if (port_only && !any_assign(js, "MASTER_ADDR")) {
			/* only the port of an env:// rendezvous is set: the address is missing unless the program
			 * finds the first node itself (Lightning reads SLURM_NODELIST and takes MASTER_PORT) */
			word_pos(x, o->cmd, o->first, &line, &col, &span);
			report(x, "master-addr-missing", SEV_WARNING, line, col, span,
			       fix_sched(x) == JS_PBS
				       ? "export MASTER_ADDR=$(head -n 1 \"$PBS_NODEFILE\") before the launch"
				       : "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1) before "
					 "the launch",
			       "MASTER_PORT is set but MASTER_ADDR never is: an env:// init fails with 'MASTER_ADDR expected' "
			       "(fine only if the program finds the first node itself, as Lightning does)");
		}
		/* the address of an env:// rendezvous without its port (none on the launch line either) */
		bool port_word = false;
		int pcmds[2] = {o->cmd, p->prog ? p->prog->cmd : o->cmd};
		for (int k = 0; k < 2; k++)
			for (size_t w = 0; w < js->cmds[pcmds[k]].words.nr; w++)
				port_word |= strcasestr(js->cmds[pcmds[k]].words.v[w].value, "port") != NULL;
		if (!port_only && !port_word && is_python(p->prog) && any_assign(js, "MASTER_ADDR") && !set_anywhere(js, "MASTER_PORT")) {
			word_pos(x, o->cmd, o->first, &line, &col, &span);
			report(x, "master-port-missing", SEV_WARNING, line, col, span, "export MASTER_PORT=29500 (any free port) before the launch",
			       "MASTER_ADDR is set but MASTER_PORT never is: an env:// init fails with 'MASTER_PORT expected' "
			       "(fine only if the program picks a port itself, as Lightning does)");
		}
		if (env_init && !js_lookup(js, "MASTER_ADDR", l->cmd)) {
			word_pos(x, o->cmd, o->first, &line, &col, &span);
			const struct assign *later = any_assign(js, "MASTER_ADDR");
			if (later && later->line > line)
				report(x, "master-addr-after-use", SEV_ERROR, line, col, span, "set MASTER_ADDR before the launch",
				       "MASTER_ADDR is only set on line %d, after the launch", later->line);
			else
				report(x, "master-addr-missing", SEV_ERROR, line, col, span,
				       fix_sched(x) == JS_PBS
					       ? "export MASTER_ADDR=$(head -n 1 \"$PBS_NODEFILE\") and MASTER_PORT before the launch"
					       : "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1) "
						 "and MASTER_PORT before the launch",
				       "the tasks initialise from RANK/WORLD_SIZE (env://) but MASTER_ADDR is never set");
		} else if (env_init) {
			const struct assign *a = js_lookup(js, "MASTER_ADDR", (int)js->ncmds);
			if (a && a->depth == 0 && !exported_before(js, "MASTER_ADDR", (int)js->ncmds))
				report(x, "master-addr-not-exported", SEV_ERROR, a->line, 0, 0, "export MASTER_ADDR",
				       "MASTER_ADDR is set but not exported: the tasks started by %s do not see it",
				       launcher_name(o));
		}
	}
	/* MASTER_PORT values the script sets */
	for (size_t i = 0; i < js->nassigns; i++) {
		const struct assign *a = &js->assigns[i];
		long v;
		if (strcmp(a->name, "MASTER_PORT") || !a->value.raw || !js_eval_int(js, a->value.raw, a->cmd, NULL, &v))
			continue;
		if (v < 1 || v > 65535)
			report(x, "port-range", SEV_ERROR, a->line, 0, 0, "use a port between 1024 and 65535, e.g. 29500",
			       "MASTER_PORT=%ld is out of range (1-65535)", v);
		else if (v < 1024)
			report(x, "port-range", SEV_WARNING, a->line, 0, 0, "use a port between 1024 and 65535, e.g. 29500",
			       "MASTER_PORT=%ld is privileged: only root may listen on it", v);
	}
}

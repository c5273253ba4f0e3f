/* plan.c - reading the main launch line: nodes, processes per node and GPU workers per node as each
 * launcher computes them (its own options, else what it inherits from the allocation). The framework,
 * strategy and family the line implies are read in framework.c; port planning is in src/port/. */
#include "plan.h"
#include "hints.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The product of two counts a script states, or 0 (unknown) when either is no count a job can have
 * (negative, or past 10^7: "#PBS -l select=2147483648" with "--ppn 4294967300" overflowed a long). */
static long cnt_mul(long a, long b)
{
	if (a < 0 || b < 0 || a > 10000000 || b > 10000000)
		return 0;
	return a * b;
}

static bool eval(const struct jobscript *js, const struct lopt *o, int cmd, const struct js_counts *c, long *out)
{
	if (!o || !o->value)
		return false;
	/* torchrun --nnodes MIN:MAX: the maximum */
	const char *colon = strchr(o->value, ':');
	if (colon && strspn(o->value, "0123456789") == (size_t)(colon - o->value) && colon > o->value) {
		char *end;
		long v = strtol(colon + 1, &end, 10);
		if (!*end && v > 0) {
			*out = v;
			return true;
		}
	}
	return js_eval_int(js, o->value, cmd, c, out) && *out > 0;
}

static void plan_launch(const struct jobscript *js, int cluster_gpus_per_node, int launch, struct launch_plan *p);

/* The tasks per node of a parallel launcher whose task count follows the allocation's node count (evaluated
 * as if the job had 2 and then 3 nodes: the same count per node both times), or 0. */
static long per_node_whatever_nodes(const struct jobscript *js, const struct stage *o, const struct js_counts *c)
{
	const struct lopt *n = stage_opt(o, o->kind == SK_SRUN ? "ntasks" : "n");
	long per = 0;
	for (int k = 2; k <= 3; k++) {
		struct js_counts h = *c;
		h.nodes = k;
		long v;
		if (!eval(js, n, o->cmd, &h, &v) || v % k || (per && v / k != per))
			return 0;
		per = v / k;
	}
	return per;
}

/* The GPUs an srun step gives each task on its node (--gpus-per-task, or --gpus-per-node /
 * --gres=gpu[:TYPE]:N over its tasks per node), 0 when it does not say. */
static long step_gpus_per_task(const struct jobscript *js, const struct stage *o, long tasks_per_node,
			       const struct js_counts *c)
{
	long v = 0;
	if (eval(js, stage_opt(o, "gpus-per-task"), o->cmd, c, &v))
		return v;
	const struct lopt *g = stage_opt(o, "gres");
	if (!eval(js, stage_opt(o, "gpus-per-node"), o->cmd, c, &v) && g && g->value && !strncmp(g->value, "gpu", 3)) {
		const char *n = strrchr(g->value, ':');
		v = n && n[1] && strspn(n + 1, "0123456789") == strlen(n + 1) ? atol(n + 1) : 0;
	}
	/* --gpus / -G: the step's GPUs in all, over its nodes (-N, else the job's, else one) */
	long total = 0, nodes = 0;
	if (v <= 0 && eval(js, stage_opt(o, "gpus"), o->cmd, c, &total)) {
		if (!eval(js, stage_opt(o, "nodes"), o->cmd, c, &nodes))
			nodes = c && c->nodes > 0 ? c->nodes : 1;
		v = total % nodes == 0 ? total / nodes : 0;
	}
	long per = tasks_per_node > 0 ? tasks_per_node : 1;
	return v > 0 && v % per == 0 ? v / per : 0;
}

/* The heredoc that wrote a file named like path (same base name), or NULL. */
const struct heredoc *js_heredoc_for(const struct jobscript *js, const char *path)
{
	const char *b = base_name(path);
	for (size_t i = 0; i < js->nheredocs; i++)
		if (js->heredocs[i].target && !strcmp(base_name(js->heredocs[i].target), b))
			return &js->heredocs[i];
	/* a variable holding the file name: take any heredoc that looks like a DeepSpeed config */
	if (strchr(path, '$'))
		for (size_t i = 0; i < js->nheredocs; i++)
			if (strstr(js->heredocs[i].body, "zero_optimization") || strstr(js->heredocs[i].body, "train_batch"))
				return &js->heredocs[i];
	return NULL;
}

/* KEY: N in the accelerate config the script writes (a heredoc): its value, and its line in the script. */
static long yaml_int(const struct heredoc *hd, const char *key, int *line)
{
	size_t n = strlen(key);
	int l = hd->line + 1;
	for (const char *p = hd->body; p && *p; l++) {
		const char *t = p + strspn(p, " ");
		if (t == p && !strncmp(t, key, n) && t[n] == ':') {
			char *end;
			long v = strtol(t + n + 1, &end, 10);
			if (end != t + n + 1 && v > 0) {
				*line = l;
				return v;
			}
		}
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return 0;
}

/* The processes per machine of a written Accelerate config whose counts are in the node count's terms, not
 * numbers (num_machines: $NNODES with num_processes: $NNODES, or $(( NNODES * 3 )); $1 and $1 in a function
 * that writes it): K; 0 when they are not. */
static long yaml_per_machine(const struct heredoc *hd)
{
	char m[96] = "", pr[96] = "";
	for (const char *p = hd->body; p && *p;) {
		size_t ll = strcspn(p, "\n");
		if (!strncmp(p, "num_machines:", 13) || !strncmp(p, "num_processes:", 14)) {
			bool mach = p[4] == 'm';
			const char *v = p + (mach ? 13 : 14);
			v += strspn(v, " \t");
			size_t vl = (size_t)(p + ll - v);
			while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\t' || v[vl - 1] == '\r'))
				vl--;
			if (vl && vl < sizeof(m))
				snprintf(mach ? m : pr, sizeof(m), "%.*s", (int)vl, v);
		}
		p = p[ll] ? p + ll + 1 : NULL;
	}
	if (!m[0] || !pr[0] || m[0] != '$')
		return 0;
	if (!strcmp(m, pr))
		return 1;
	/* $(( NAME * K )) / $((NAME*K)) / $(( K * NAME )) over $NAME or ${NAME} */
	const char *name = m + 1 + (m[1] == '{');
	size_t nl = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	if (!nl || strncmp(pr, "$((", 3))
		return 0;
	char a[48] = "", b[48] = "";
	long k = 0;
	if (sscanf(pr + 3, " %47[A-Za-z0-9_$] * %47[A-Za-z0-9_$] ))", a, b) == 2 ||
	    sscanf(pr + 3, " %47[A-Za-z0-9_$]*%47[A-Za-z0-9_$]))", a, b) == 2) {
		const char *va = a + (a[0] == '$'), *vb = b + (b[0] == '$');
		char *end;
		if (strlen(va) == nl && !strncmp(va, name, nl) && (k = strtol(vb, &end, 10)) > 0 && !*end)
			return k;
		if (strlen(vb) == nl && !strncmp(vb, name, nl) && (k = strtol(va, &end, 10)) > 0 && !*end)
			return k;
	}
	return 0;
}

/* The workers a program starts itself per task: Detectron2's launch (--num-gpus N with --num-machines,
 * --machine-rank or --dist-url, https://detectron2.readthedocs.io/en/latest/tutorials/getting_started.html);
 * 0 when it starts none. */
static long program_spawns(const struct jobscript *js, const struct launch_plan *p)
{
	if (p->launch < 0 || !p->prog)
		return 0;
	const struct jcmd *c = &js->cmds[p->prog->cmd];
	long n = 0;
	bool d2 = false;
	for (int i = p->prog->first; i < p->prog->last && (size_t)i < c->words.nr; i++) {
		const char *v = c->words.v[i].value;
		if (!strncmp(v, "--num-gpus", 10) && (v[10] == '=' || (!v[10] && (size_t)i + 1 < c->words.nr))) {
			long x = 0;
			if (js_eval_int(js, v[10] == '=' ? v + 11 : c->words.v[i + 1].value, p->prog->cmd, NULL, &x) && x > 0)
				n = x;
		} else if (!strncmp(v, "--num-machines", 14) || !strncmp(v, "--machine-rank", 14) || !strncmp(v, "--dist-url", 10)) {
			d2 = true;
		}
	}
	return d2 ? n : 0;
}

void js_plan(const struct jobscript *js, int cluster_gpus_per_node, struct launch_plan *p)
{
	int main = js_main_launch(js);
	plan_launch(js, cluster_gpus_per_node, main, p);
	/* several launch lines of the same kind (a scaling study): the largest is the job's */
	int w = js_launch_weight(js, main);
	for (size_t i = 0; main >= 0 && i < js->nlaunches; i++) {
		if ((int)i == main || js_launch_weight(js, (int)i) != w || js_step_rank(js, (int)i) != js_step_rank(js, main))
			continue;
		struct launch_plan q;
		plan_launch(js, cluster_gpus_per_node, (int)i, &q);
		if (q.workers > p->workers)
			*p = q;
	}
}

/* The GPUs per host that DeepSpeed's --include names ("node1:0,1@node2:0,1", "localhost:0,1,2,3"): the
 * same count on every host it lists, else 0 (a host without its devices gets all of them: unknown here). */
static long include_gpus(const struct lopt *o)
{
	if (!o || !o->value)
		return 0;
	long per = 0;
	for (const char *h = o->value; *h;) {
		const char *end = strchr(h, '@');
		size_t len = end ? (size_t)(end - h) : strlen(h);
		const char *colon = memchr(h, ':', len);
		if (!colon)
			return 0;
		long n = 0;
		for (const char *p = colon + 1; p < h + len;) {
			char *e;
			long a = strtol(p, &e, 10), b = a;
			if (e == p || a < 0)
				return 0;
			if (*e == '-' && e < h + len) {
				const char *q = e + 1;
				b = strtol(q, &e, 10);
				if (e == q || b < a)
					return 0;
			}
			n += b - a + 1;
			p = e;
			if (p < h + len && *p != ',')
				return 0;
			if (p < h + len)
				p++;
		}
		if (!n || (per && n != per))
			return 0;
		per = n;
		h += len + (end != NULL);
	}
	return per;
}

static void plan_launch(const struct jobscript *js, int cluster_gpus_per_node, int launch, struct launch_plan *p)
{
	memset(p, 0, sizeof(*p));
	js_read_header(js, &p->header);
	const struct js_header *h = &p->header;
	/* a GPU total (--gpus=16, -G 16) and no node count in the header: sbatch allocates enough nodes for the
	 * resources asked ("If -N is not specified, the default behavior is to allocate enough nodes to satisfy
	 * the requested resources", https://slurm.schedmd.com/sbatch.html#OPT_nodes): the fewest of the cluster's
	 * nodes that hold the GPUs; --ntasks-per-gpu=K then places K tasks per GPU on each */
	if (js->sched == JS_SLURM && !h->nodes && !h->d_nodes && !h->nodes_max && !h->tasks && h->gpus_total > 0 &&
	    !h->gpus_per_node && cluster_gpus_per_node > 0) {
		int n = (h->gpus_total + cluster_gpus_per_node - 1) / cluster_gpus_per_node;
		p->header.nodes = n;
		p->header.d_nodes = h->d_gpus; /* the count follows from it */
		if (h->gpus_total % cluster_gpus_per_node == 0) /* whole nodes; else how they spread is Slurm's */
			p->header.gpus_per_node = cluster_gpus_per_node;
		const struct directive *tg = js_directive(js, "ntasks-per-gpu");
		long k = tg && tg->value && !tg->problem ? atol(tg->value) : 0;
		if (!h->tasks_per_node && k > 0 && h->gpus_per_node > 0)
			p->header.tasks_per_node = (int)cnt_mul(k, h->gpus_per_node);
	}
	p->counts.nodes = h->nodes;
	p->counts.gpus_per_node = h->gpus_per_node ? h->gpus_per_node : cluster_gpus_per_node;
	p->counts.tasks = h->tasks;
	p->counts.tasks_per_node = h->tasks_per_node;
	p->launch = launch;
	if (p->launch < 0)
		return;
	const struct launch *l = &js->launches[p->launch];
	for (size_t i = 0; i < l->nstages; i++) {
		const struct stage *s = &l->stages[i];
		if (s->kind <= SK_APRUN && !p->outer)
			p->outer = s;
		else if (s->kind >= SK_TORCHRUN && s->kind <= SK_ACCELERATE && !p->spawner)
			p->spawner = s;
		else if (s->kind == SK_SHELL && !p->shell)
			p->shell = s;
		else if (s->kind == SK_PROGRAM && !l->multi_prog)
			p->prog = s; /* (srun --multi-prog FILE: FILE maps ranks to programs; it is no program itself) */
	}
	const struct js_counts *c = &p->counts;
	long v;
	const struct stage *o = p->outer;
	long hnodes = h->nodes;
	if (o) {
		int cmd = o->cmd;
		switch (o->kind) {
		case SK_SRUN:
			if (eval(js, stage_opt(o, "nodes"), cmd, c, &v))
				p->nodes = v, p->nodes_from = stage_opt(o, "nodes");
			if (eval(js, stage_opt(o, "ntasks"), cmd, c, &v))
				p->tasks = v;
			if (eval(js, stage_opt(o, "ntasks-per-node"), cmd, c, &v))
				p->tasks_per_node = v;
			else if (eval(js, stage_opt(o, "ntasks-per-gpu"), cmd, c, &v)) {
				/* --ntasks-per-gpu=K with --gpus-per-node=G on the step (or the header): K*G per node */
				long g = 0;
				if (!eval(js, stage_opt(o, "gpus-per-node"), cmd, c, &g))
					g = h->gpus_per_node;
				if (g > 0)
					p->tasks_per_node = cnt_mul(v, g);
			}
			break;
		case SK_MPIEXEC:
			if (eval(js, stage_opt(o, "n"), cmd, c, &v))
				p->tasks = v;
			if (eval(js, stage_opt(o, "ppn"), cmd, c, &v))
				p->tasks_per_node = v;
			break;
		case SK_MPIRUN: {
			if (eval(js, stage_opt(o, "n"), cmd, c, &v))
				p->tasks = v;
			if (eval(js, stage_opt(o, "npernode"), cmd, c, &v) || eval(js, stage_opt(o, "N"), cmd, c, &v) ||
			    eval(js, stage_opt(o, "ppn"), cmd, c, &v))
				p->tasks_per_node = v;
			const struct lopt *m = stage_opt(o, "map-by");
			const char *ppr = m && m->value ? strstr(m->value, "ppr:") : NULL;
			if (ppr && atol(ppr + 4) > 0 && strstr(ppr, ":node"))
				p->tasks_per_node = atol(ppr + 4);
			break;
		}
		case SK_IBRUN:
			if (eval(js, stage_opt(o, "n"), cmd, c, &v))
				p->tasks = v;
			break;
		case SK_JSRUN: {
			long nrs = 0, a = 1, r = 0;
			if (eval(js, stage_opt(o, "nrs"), cmd, c, &v))
				nrs = v;
			if (eval(js, stage_opt(o, "tasks_per_rs"), cmd, c, &v))
				a = v;
			if (eval(js, stage_opt(o, "rs_per_host"), cmd, c, &v))
				r = v;
			if (nrs)
				p->tasks = cnt_mul(nrs, a);
			if (r)
				p->tasks_per_node = cnt_mul(r, a);
			if (nrs && r && nrs % r == 0)
				p->nodes = nrs / r;
			break;
		}
		case SK_FLUX: {
			/* flux run/submit (flux-run(1)): -n tasks (1 when neither -n nor -N is given), -N nodes with
			 * one task each when -n is not given, or --tasks-per-node on each */
			bool nn = eval(js, stage_opt(o, "nodes"), cmd, c, &v);
			if (nn)
				p->nodes = v, p->nodes_from = stage_opt(o, "nodes");
			if (eval(js, stage_opt(o, "ntasks"), cmd, c, &v))
				p->tasks = v;
			if (eval(js, stage_opt(o, "tasks-per-node"), cmd, c, &v))
				p->tasks_per_node = v;
			else if (nn && !stage_opt(o, "ntasks"))
				p->tasks_per_node = 1;
			if (!stage_opt(o, "ntasks") && !stage_opt(o, "nodes") && !stage_opt(o, "tasks-per-node"))
				p->tasks = 1, p->nodes = 1;
			break;
		}
		case SK_APRUN:
			if (eval(js, stage_opt(o, "n"), cmd, c, &v))
				p->tasks = v;
			if (eval(js, stage_opt(o, "N"), cmd, c, &v))
				p->tasks_per_node = v;
			break;
		default:
			break;
		}
		/* a task count written in the allocation's node count that the header does not give (srun -N $NNODES
		 * -n $((NNODES * 8)) with NNODES=$SLURM_NNODES): the same tasks on each node whatever the count */
		if (!p->tasks && !p->tasks_per_node && !hnodes && o->kind != SK_JSRUN && o->kind != SK_FLUX)
			p->tasks_per_node = per_node_whatever_nodes(js, o, c);
		/* what the launcher inherits from the allocation */
		long nodes = p->nodes ? p->nodes : hnodes;
		if (!p->tasks && !p->tasks_per_node) {
			if (o->kind == SK_SRUN || o->kind == SK_IBRUN || o->kind == SK_MPIRUN) {
				if (h->tasks_per_node && (!p->nodes || p->nodes == hnodes))
					p->tasks_per_node = h->tasks_per_node;
				else if (h->tasks && nodes && h->tasks % nodes == 0 && (!p->nodes || p->nodes == hnodes))
					p->tasks_per_node = h->tasks / nodes;
				else if (o->kind == SK_SRUN && !stage_opt(o, "ntasks"))
					p->tasks_per_node = 1; /* (a -n maple cannot evaluate: unknown, not 1) */
			}
		}
		if (p->tasks && !p->tasks_per_node && nodes > 0 && p->tasks % nodes == 0)
			p->tasks_per_node = p->tasks / nodes;
		/* (srun takes the allocation's nodes; with no header it makes the allocation itself) */
		if (!p->nodes && p->tasks && p->tasks_per_node && p->tasks % p->tasks_per_node == 0 &&
		    (o->kind != SK_SRUN || !hnodes))
			p->nodes = p->tasks / p->tasks_per_node;
		if (!p->tasks && p->tasks_per_node && nodes)
			p->tasks = cnt_mul(p->tasks_per_node, nodes);
	}
	/* the spawner's workers */
	const struct stage *s = p->spawner;
	long per_launcher = 0; /* workers each spawner process starts on its node */
	if (s) {
		int cmd = s->cmd;
		switch (s->kind) {
		case SK_TORCHRUN:
		case SK_TDLAUNCH: {
			const struct lopt *nn = stage_opt(s, "nnodes");
			long lo = 0;
			if (eval(js, nn, cmd, c, &v))
				p->spawner_nodes = v, p->spawner_nodes_from = nn;
			/* an elastic range MIN:MAX: the allocation's nodes when they lie in it */
			if (p->spawner_nodes && nn->value && strchr(nn->value, ':') && (lo = atol(nn->value)) > 0) {
				long have = p->nodes ? p->nodes : hnodes;
				if (have >= lo && have <= p->spawner_nodes)
					p->spawner_nodes = have;
			}
			else if (stage_opt(s, "standalone") || !nn)
				p->spawner_nodes = 1, p->spawner_nodes_from = NULL;
			const struct lopt *np = stage_opt(s, "nproc-per-node");
			if (np && np->value && (!strcmp(np->value, "gpu") || !strcmp(np->value, "auto") ||
						!strcmp(np->value, "cuda") || !strcmp(np->value, "xpu")))
				per_launcher = c->gpus_per_node;
			else if (eval(js, np, cmd, c, &v))
				per_launcher = v;
			else if (!np)
				per_launcher = 1;
			/* a count the script cannot say ($GPUS from the command line): the GPUs the srun step
			 * gives each of its tasks */
			if (!per_launcher && np && o && o->kind == SK_SRUN)
				per_launcher = step_gpus_per_task(js, o, p->tasks_per_node, c);
			break;
		}
		case SK_DEEPSPEED: {
			const struct lopt *nn = stage_opt(s, "num-nodes");
			if (eval(js, nn, cmd, c, &v))
				p->spawner_nodes = v, p->spawner_nodes_from = nn;
			long inc = include_gpus(stage_opt(s, "include"));
			if (eval(js, stage_opt(s, "num-gpus"), cmd, c, &v))
				per_launcher = v;
			else if (inc > 0) /* --include "n1:0,1@n2:0,1": the devices it names on each host */
				per_launcher = inc;
			else
				per_launcher = c->gpus_per_node;
			if (!p->spawner_nodes && !stage_opt(s, "hostfile") && !o)
				p->spawner_nodes = hnodes ? hnodes : 1;
			break;
		}
		case SK_ACCELERATE: {
			const struct lopt *nm = stage_opt(s, "num-machines");
			long machines = 0, procs = 0;
			if (eval(js, nm, cmd, c, &v))
				machines = v, p->spawner_nodes = v, p->spawner_nodes_from = nm;
			if (eval(js, stage_opt(s, "num-processes"), cmd, c, &v))
				procs = v, p->spawner_procs_total = v;
			/* the config the script writes, for what the options do not say */
			const struct lopt *cf = stage_opt(s, "config-file");
			const struct heredoc *hd = cf && cf->value ? js_heredoc_for(js, cf->value) : NULL;
			int yl = 0, ml = 0;
			if (hd && !machines && (v = yaml_int(hd, "num_machines", &ml)) > 0)
				machines = v, p->spawner_nodes = v;
			if (hd && !procs && (v = yaml_int(hd, "num_processes", &yl)) > 0)
				procs = v, p->spawner_procs_total = v, p->spawner_procs_line = yl;
			if (procs && machines && procs % machines == 0)
				per_launcher = procs / machines;
			else if (procs && !machines)
				per_launcher = procs, p->spawner_nodes = 1;
			else if (hd && !procs && !machines)
				per_launcher = yaml_per_machine(hd);
			break;
		}
		default:
			break;
		}
	}
	long nodes = p->nodes ? p->nodes : p->spawner_nodes ? p->spawner_nodes : hnodes;
	if (!nodes && !h->nodes && !h->d_nodes) {
		/* neither the header nor the launch says: the count of the submit command the script's comment
		 * shows (`# sizes at submit time: sbatch -N 4 --gpus=v100-32:32 job.sh`) is the one it runs on
		 * (session 25's decision, tests/heldout/README.md: 878); a placeholder or several counts stay unknown */
		int at = 0, cn = js_submit_comment_nodes(js, &at);
		if (cn > 0)
			nodes = cn, p->nodes_comment_line = at;
	}
	p->eff_nodes = nodes;
	if (s) {
		long launchers_per_node = o ? p->tasks_per_node : 1;
		if (s->kind == SK_DEEPSPEED && !o)
			launchers_per_node = 1; /* deepspeed reaches the other nodes itself (pdsh/ssh or its launcher) */
		if (per_launcher && launchers_per_node)
			p->workers_per_node = cnt_mul(per_launcher, launchers_per_node);
	} else if (o) {
		p->workers_per_node = p->tasks_per_node;
	} else {
		p->workers_per_node = 1;
	}
	long own = s ? 0 : program_spawns(js, p);
	if (own > 1) /* Detectron2's launch: each task starts --num-gpus workers itself */
		p->workers_per_node = cnt_mul(o ? p->tasks_per_node : 1, own);
	if (p->workers_per_node && nodes)
		p->workers = cnt_mul(p->workers_per_node, nodes);
}

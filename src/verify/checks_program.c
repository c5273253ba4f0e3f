/* checks_program.c - checks on what the launch line starts: a program that is not Python handed to
 * python/torchrun/deepspeed/accelerate without --no-python, accelerate's --num_processes written per
 * node where it is the total, fewer tasks than nodes (some nodes get nothing to run), and Lightning's
 * devices per node in the program's arguments against the node and the launch. */
#include "findings.h"
#include "lookup.h"

#include "../util/strbuf.h"

#include <stdlib.h>
#include <string.h>

static bool ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && !strcmp(s + n - m, suf);
}

/* Whether a word names something Python cannot run as a script. */
static bool not_python_file(const char *v)
{
	static const char *const shells[] = {".sh", ".bash", ".zsh", ".csh", ".ksh", ".out", ".exe", ".x", NULL};
	static const char *const progs[] = {"bash", "sh", "zsh", "nvidia-smi", "rocm-smi", "hostname", "env", "numactl",
					    "nsys", "ncu", "echo", "true", "sleep", NULL};
	if (!v || !*v || strchr(v, '$') || ends_with(v, ".py") || ends_with(v, ".pyz") || ends_with(v, ".pyc"))
		return false;
	for (int i = 0; shells[i]; i++)
		if (ends_with(v, shells[i]))
			return true;
	const char *b = base_name(v);
	for (int i = 0; progs[i]; i++)
		if (!strcmp(b, progs[i]))
			return true;
	/* ./a.out, ./hello_affinity: a path to something without a Python extension */
	return (!strncmp(v, "./", 2) || v[0] == '/') && !strchr(b, '.');
}

static void non_python(struct vctx *x)
{
	const struct jobscript *js = x->js;
	for (size_t l = 0; l < js->nlaunches; l++) {
		const struct launch *ln = &js->launches[l];
		if (ln->prog_stage < 1 || ln->module)
			continue;
		const struct stage *prog = &ln->stages[ln->prog_stage];
		const struct stage *sp = &ln->stages[ln->prog_stage - 1];
		bool spawner = sp->kind == SK_TORCHRUN || sp->kind == SK_TDLAUNCH || sp->kind == SK_DEEPSPEED ||
			       sp->kind == SK_ACCELERATE;
		if (!spawner || stage_opt(sp, "no-python") || stage_opt(sp, "module"))
			continue;
		const struct jcmd *c = &js->cmds[prog->cmd];
		const char *v = c->words.v[prog->first].value;
		if (!not_python_file(v))
			continue;
		int line, col, span;
		word_pos(x, prog->cmd, prog->first, &line, &col, &span);
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "add --no-python to %s (or start the Python script itself)", launcher_name(sp));
		report(x, "program-not-python", SEV_ERROR, line, col, span, fix.buf,
		       "%s runs '%s' with the Python interpreter (it does unless --no-python is given): Python fails on a "
		       "file that is not Python",
		       launcher_name(sp), v);
		strbuf_release(&fix);
	}
	/* python run.sh / python ./a.out */
	for (size_t l = 0; l < js->nlaunches; l++) {
		const struct launch *ln = &js->launches[l];
		if (ln->prog_stage < 0 || ln->module || ln->script_word < 0)
			continue;
		const struct stage *prog = &ln->stages[ln->prog_stage];
		const struct jcmd *c = &js->cmds[prog->cmd];
		if (strncmp(base_name(c->words.v[prog->first].value), "python", 6))
			continue;
		const char *v = c->words.v[ln->script_word].value;
		if (!not_python_file(v))
			continue;
		int line, col, span;
		word_pos(x, prog->cmd, ln->script_word, &line, &col, &span);
		report(x, "program-not-python", SEV_ERROR, line, col, span, "run it without python (bash FILE, or ./FILE)",
		       "python is asked to run '%s', which is not a Python file", v);
	}
}

static void accelerate_total(struct vctx *x)
{
	const struct launch_plan *p = x->p;
	const struct stage *s = p->spawner;
	long gpn = p->header.gpus_per_node ? p->header.gpus_per_node : x->c ? x->c->hw.gpus_per_node : 0;
	if (!s || s->kind != SK_ACCELERATE || p->spawner_nodes <= 1 || gpn <= 0 || !p->spawner_procs_total)
		return;
	if (p->spawner_procs_total != gpn && p->spawner_procs_total >= p->spawner_nodes)
		return;
	int line, col, span;
	opt_pos(x, s, stage_opt(s, "num-processes"), &line, &col, &span);
	if (!stage_opt(s, "num-processes") && p->spawner_procs_line > 0)
		line = p->spawner_procs_line, col = 0, span = 0; /* num_processes: of the config the script writes */
	struct strbuf fix = STRBUF_INIT;
	strbuf_addf(&fix, "--num_processes %ld (machines x GPUs per node)", p->spawner_nodes * gpn);
	report(x, "accelerate-num-processes", SEV_ERROR, line, col, span, fix.buf,
	       "--num_processes %ld is the total over all %ld machines, not per machine: each machine starts %ld "
	       "process%s for %ld GPUs",
	       p->spawner_procs_total, p->spawner_nodes, p->spawner_procs_total / p->spawner_nodes,
	       p->spawner_procs_total / p->spawner_nodes == 1 ? "" : "es", gpn);
	strbuf_release(&fix);
}

static void fewer_tasks_than_nodes(struct vctx *x)
{
	const struct jobscript *js = x->js;
	const struct launch_plan *p = x->p;
	const struct js_header *h = &p->header;
	int line, col, span;
	if (js->sched == JS_SLURM && h->d_tasks && h->tasks > 0 && h->nodes > h->tasks) {
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "at least one task per node: --ntasks=%d (or --ntasks-per-node=1)", h->nodes);
		report(x, "tasks-below-nodes", SEV_ERROR, h->d_tasks->line, h->d_tasks->col, h->d_tasks->span, fix.buf,
		       "%d task%s for %d nodes: Slurm cannot give every node a task and shrinks or refuses the job",
		       h->tasks, h->tasks == 1 ? "" : "s", h->nodes);
		strbuf_release(&fix);
	}
	const struct stage *o = p->outer;
	if (!o || p->launch < 0 || stage_forwards_args(js, o))
		return;
	long hnodes = h->nodes > 0 ? h->nodes : 0;
	long nodes = p->nodes ? p->nodes : hnodes;
	const struct lopt *n = stage_opt(o, o->kind == SK_SRUN ? "ntasks" : "n");
	if (!n || !p->tasks || nodes <= p->tasks || (o->kind != SK_SRUN && stage_opt(o, "ppn")))
		return;
	opt_pos(x, o, n, &line, &col, &span);
	struct strbuf fix = STRBUF_INIT;
	strbuf_addf(&fix, "start at least one task per node: -n %ld", nodes);
	report(x, "tasks-below-nodes", SEV_ERROR, line, col, span, fix.buf,
	       "%s starts %ld task%s on %ld nodes: %ld node%s get nothing to run", launcher_name(o), p->tasks,
	       p->tasks == 1 ? "" : "s", nodes, nodes - p->tasks, nodes - p->tasks == 1 ? "" : "s");
	strbuf_release(&fix);
}

/* Lightning's devices per node in the program's own arguments (trainer.devices=N, --trainer.devices N,
 * --devices N): more than a node's GPUs fails at start-up; other than the processes the launch starts
 * per node, Lightning stops on the mismatch (SLURM's tasks per node, torchrun's processes per node). */
static void devices_arg(struct vctx *x)
{
	const struct launch_plan *p = x->p;
	if (p->launch < 0 || !p->prog)
		return;
	const struct launch *ln = &x->js->launches[p->launch];
	const struct jcmd *c = &x->js->cmds[p->prog->cmd];
	if (ln->script_word < 0)
		return;
	long gpn = p->counts.gpus_per_node > 0 ? p->counts.gpus_per_node : x->c ? x->c->hw.gpus_per_node : 0;
	for (int i = ln->script_word + 1; i < p->prog->last; i++) {
		const char *v = c->words.v[i].value;
		const char *k = !strncmp(v, "--trainer.devices", 17) ? v + 17
				: !strncmp(v, "trainer.devices=", 16) ? v + 15
				: !strncmp(v, "--devices", 9)	      ? v + 9
								      : NULL;
		if (!k || (*k && *k != '='))
			continue;
		int vw = *k == '=' ? i : i + 1;
		const char *val = *k == '=' ? k + 1 : vw < p->prog->last ? c->words.v[vw].value : NULL;
		if (!val || !*val || strspn(val, "0123456789") != strlen(val))
			continue;
		long n = atol(val);
		int line, col, span;
		word_pos(x, p->prog->cmd, i, &line, &col, &span);
		if (gpn > 0 && n > gpn) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "at most %ld (the node's GPUs), with as many processes per node", gpn);
			report(x, "devices-mismatch", SEV_ERROR, line, col, span, fix.buf,
			       "'%s%s%s' asks for %ld devices per node, but a node has %ld GPUs: the program stops at start-up",
			       v, *k == '=' ? "" : " ", *k == '=' ? "" : val, n, gpn);
			strbuf_release(&fix);
		} else if (p->workers_per_node > 0 && n != p->workers_per_node) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "%ld devices per node, the processes the launch starts on each node", p->workers_per_node);
			report(x, "devices-mismatch", SEV_WARNING, line, col, span, fix.buf,
			       "'%s%s%s' says %ld devices per node, but the launch starts %ld process%s per node: Lightning "
			       "stops on the mismatch",
			       v, *k == '=' ? "" : " ", *k == '=' ? "" : val, n, p->workers_per_node,
			       p->workers_per_node == 1 ? "" : "es");
			strbuf_release(&fix);
		}
		return;
	}
}

void check_program(struct vctx *x)
{
	devices_arg(x);
	non_python(x);
	accelerate_total(x);
	fewer_tasks_than_nodes(x);
}

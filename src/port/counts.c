/* counts.c - the counts and sizes the old scheduler set for the job ($SLURM_CPUS_PER_TASK, $SLURM_GPUS_ON_NODE,
 * $SLURM_JOB_NUM_NODES, PBS's $NCPUS ...; data/scripts/launchvars.yaml job_counts) where a port carries them -
 * in an assignment it carries or in the program's arguments, plain, inside $(( )) or with a ${NAME:-default} -
 * written as the port's own numbers: its node count and GPUs per node, the target's cores per node or per
 * GPU. The target's scheduler sets another value for another launch shape, or none at all (PBS has no
 * $SLURM_CPUS_PER_TASK; the port's own Slurm header asks for no --cpus-per-task). A count whose meaning
 * hangs on an old launch shape the port does not have (two tasks per node on four GPUs) is refused. */
#include "port.h"

#include "../script/hints.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The layout a count is read against: the old job's and the port's. */
struct layout {
	int old_nodes, old_gpn, old_tpn, old_cpt; /* old tasks per node (1 when the header says none), -c (0) */
	int nodes, gpn, cores;			  /* the port's nodes and GPUs per node, the target's cores */
	const char *target;
};

static void read_layout(const struct script_reading *sr, const struct cluster *target, const struct request *req,
			struct layout *l)
{
	const struct js_header *h = &sr->plan.header;
	memset(l, 0, sizeof(*l));
	l->old_nodes = h->nodes > 0 ? h->nodes : sr->plan.counts.nodes;
	l->old_gpn = sr->plan.counts.gpus_per_node;
	l->old_tpn = h->tasks_per_node > 0			 ? h->tasks_per_node
		     : h->tasks > 0 && l->old_nodes > 0 && h->tasks % l->old_nodes == 0 ? h->tasks / l->old_nodes
											: 1;
	l->old_cpt = h->cpus_per_task;
	l->nodes = req->nodes > 0 ? req->nodes : 1;
	l->gpn = req->gpus_per_node > 0 ? req->gpus_per_node : target->hw.gpus_per_node;
	/* the node type the port lands on (a GPU model or queue the request names), else the cluster's */
	struct strbuf why = STRBUF_INIT;
	const struct node_type *nt = cluster_node_type_for(target, req->queue, req->gpu_model, l->gpn, &why);
	strbuf_release(&why);
	l->cores = nt && nt->hw.cpu_cores_per_node > 0 ? nt->hw.cpu_cores_per_node : target->hw.cpu_cores_per_node;
	l->target = target->name;
}

/* The shape of an old task: 'n' one per node, 'g' one per GPU, 0 neither (it has no counterpart in a port). */
static char old_task_shape(const struct layout *l)
{
	if (l->old_tpn == 1)
		return 'n';
	if (l->old_gpn > 0 && l->old_tpn == l->old_gpn)
		return 'g';
	return 0;
}

/* The port's value of count h, with what it meant in the old job (said) in meant; 0 with the reason in meant
 * where the port has none. */
static long port_value(const struct job_count_hint *h, const struct layout *l, char *meant, size_t n)
{
	const char *m = h->means;
	char shape = old_task_shape(l);
	const char *per = shape == 'n' ? "one task per node" : "one task per GPU";
	long world = (long)l->nodes * l->gpn;
	if (!strcmp(m, "nodes")) {
		snprintf(meant, n, "the job's nodes: %d", l->old_nodes);
		return l->nodes;
	}
	if (!strcmp(m, "gpus_per_node")) {
		snprintf(meant, n, "the GPUs of each node: %d", l->old_gpn);
		return l->gpn;
	}
	if (!strcmp(m, "gpus")) {
		snprintf(meant, n, "the job's GPUs: %d", l->old_nodes * l->old_gpn);
		return world;
	}
	bool cpus = !strncmp(m, "cpus", 4);
	if (cpus && l->cores <= 0) {
		snprintf(meant, n, "maple does not know the CPU cores of a %s node", l->target);
		return 0;
	}
	if (!strcmp(m, "cpus_per_node")) {
		snprintf(meant, n, "the CPUs of each node");
		return l->cores;
	}
	if (!strcmp(m, "cpus_per_gpu")) {
		snprintf(meant, n, "the CPUs of each GPU");
		return l->gpn > 0 ? l->cores / l->gpn : 0;
	}
	if (!shape) {
		snprintf(meant, n, "the old launch ran %d tasks per node on %d GPUs, a shape the port's launch on %s does "
				   "not have (it runs one task per node or per GPU)",
			 l->old_tpn, l->old_gpn, l->target);
		return 0;
	}
	if (!strcmp(m, "tasks")) {
		snprintf(meant, n, "the tasks of the old job, %s: %d", per, l->old_nodes * l->old_tpn);
		return shape == 'n' ? l->nodes : world;
	}
	if (!strcmp(m, "tasks_per_node")) {
		snprintf(meant, n, "the tasks of each node, %s: %d", per, l->old_tpn);
		return shape == 'n' ? 1 : l->gpn;
	}
	/* cpus_per_task */
	if (l->old_cpt > 0)
		snprintf(meant, n, "the CPUs of each task of the old launch, %s: %d", per, l->old_cpt);
	else
		snprintf(meant, n, "the CPUs of each task of the old launch, %s", per);
	return shape == 'n' ? l->cores : (l->gpn > 0 ? l->cores / l->gpn : 0);
}

/* The job count variables of the old scheduler that text expands ($NAME, ${NAME...}, NAME in $(( ))) and the
 * old script does not set itself, appended to out. */
static void counts_in(const struct script_reading *sr, const char *sched, const char *text, struct strvec *out)
{
	for (size_t i = 0; sr->hints && text && i < sr->hints->lf.njcounts; i++) {
		const struct job_count_hint *h = &sr->hints->lf.jcounts[i];
		if (strcmp(h->scheduler, sched) || strvec_find(out, h->name) >= 0)
			continue;
		size_t nl = strlen(h->name);
		bool found = false;
		for (const char *p = strstr(text, h->name); p && !found; p = strstr(p + 1, h->name)) {
			char after = p[nl], before = p > text ? p[-1] : ' ';
			found = !(after == '_' || (after >= 'A' && after <= 'Z') || (after >= 'a' && after <= 'z') ||
				  (after >= '0' && after <= '9')) &&
				!(before == '_' || (before >= 'A' && before <= 'Z') || (before >= 'a' && before <= 'z') ||
				  (before >= '0' && before <= '9'));
		}
		if (!found)
			continue;
		bool own = false; /* NCPUS=16: the script's own variable, carried as it is */
		for (size_t a = 0; a < sr->js.nassigns && !own; a++)
			own = !strcmp(sr->js.assigns[a].name, h->name);
		if (!own)
			strvec_push(out, h->name);
	}
}

static const char *old_sched(const struct script_reading *sr)
{
	return sr->js.sched == JS_SLURM ? "slurm" : sr->js.sched == JS_PBS ? "pbs" : NULL;
}

bool port_is_job_count(const struct script_reading *sr, const char *name)
{
	const char *sched = old_sched(sr);
	if (!sched || !launch_job_count(sr->hints, name, sched))
		return false;
	for (size_t a = 0; a < sr->js.nassigns; a++)
		if (!strcmp(sr->js.assigns[a].name, name))
			return false;
	return true;
}

/* The counts of one word (the argument, or the value of the carried assignment name) written as numbers. */
static enum port_status counts_in_word(const struct script_reading *sr, const struct layout *l, struct request *req,
				       struct shword *w, const char *name, struct strvec *why)
{
	const char *sched = old_sched(sr);
	struct strvec vars = STRVEC_INIT;
	counts_in(sr, sched, w->raw ? w->raw : w->value, &vars);
	enum port_status st = PORT_OK;
	const char *what = name ? name : "argument", *sep = name ? "=" : " ";
	for (size_t i = 0; i < vars.nr; i++) {
		const struct job_count_hint *h = launch_job_count(sr->hints, vars.v[i], sched);
		char meant[256], num[32];
		long v = port_value(h, l, meant, sizeof(meant));
		char *shown = xstrdup(w->raw ? w->raw : w->value);
		if (v <= 0) {
			strvec_pushf(why, "%s%s%s uses $%s, but %s: write the value itself, or give the program and its "
					  "arguments with the port (--from OLD --to %s 'train.py ARGS')",
				     what, sep, shown, h->name, meant, req->cluster ? req->cluster : "CLUSTER");
			st = PORT_ERROR;
		} else {
			snprintf(num, sizeof(num), "%ld", v);
			if (shword_var_to_text(w, h->name, num))
				request_warn(req, "%s%s%s: $%s (%s) is %ld in the port (%s), written as the number", what, sep,
					     shown, h->name, meant, v,
					     !strncmp(h->means, "cpus", 4) ? "counted in the target's CPU cores, "
									      "one thread per core"
									    : "the port's own layout");
		}
		free(shown);
	}
	strvec_clear(&vars);
	return st;
}

/* nt (old with counts written as numbers) with a shellcheck directive before each changed line that tests a
 * value ([ "$SLURM_JOB_NUM_NODES" -gt 1 ] is now [ "2" -gt 1 ]: constant on purpose, the port's count, which
 * shellcheck would report as SC2050); a new string. */
static char *mark_constant_tests(const char *old, const char *nt)
{
	struct strbuf out = STRBUF_INIT;
	const char *o = old, *t = nt;
	while (*t) {
		size_t on = strcspn(o, "\n"), tn = strcspn(t, "\n");
		if ((on != tn || strncmp(o, t, tn)) && (memchr(t, '[', tn) || strstr(t, "test ") == t + strspn(t, " \t"))) {
			size_t ind = strspn(t, " \t");
			strbuf_add(&out, t, ind);
			strbuf_adds(&out, "# shellcheck disable=SC2050  # the old job's count, written as the port's number\n");
		}
		strbuf_add(&out, t, tn);
		t += tn;
		o += on;
		if (*t)
			strbuf_addch(&out, *t++);
		if (*o)
			o++;
	}
	return strbuf_detach(&out);
}

/* The counts in the steps a port carries around its launch (a helper command, a block that sets a variable under
 * a condition, a loop header): shell text, rewritten the same way. */
static enum port_status counts_in_steps(const struct script_reading *sr, const struct layout *l, struct request *req,
					struct strvec *steps, struct strvec *why)
{
	const char *sched = old_sched(sr);
	enum port_status st = PORT_OK;
	for (size_t k = 0; k < steps->nr; k++) {
		struct strvec vars = STRVEC_INIT;
		counts_in(sr, sched, steps->v[k], &vars);
		for (size_t i = 0; i < vars.nr; i++) {
			const struct job_count_hint *h = launch_job_count(sr->hints, vars.v[i], sched);
			char meant[256], num[32];
			long v = port_value(h, l, meant, sizeof(meant));
			const char *t = steps->v[k];
			int n = (int)strcspn(t, "\n");
			if (v <= 0) {
				strvec_pushf(why, "the step `%.*s%s` carried around the launch uses $%s, but %s: write the value "
						  "itself, or give the program and its arguments with the port (--from OLD --to %s "
						  "'train.py ARGS')",
					     n > 80 ? 80 : n, t, t[n] || n > 80 ? " ..." : "", h->name, meant,
					     req->cluster ? req->cluster : "CLUSTER");
				st = PORT_ERROR;
				continue;
			}
			snprintf(num, sizeof(num), "%ld", v);
			char *nt = sh_var_to_text(t, h->name, num);
			if (!nt)
				continue;
			request_warn(req, "the step `%.*s%s` carried around the launch: $%s (%s) is %ld in the port (%s), written "
					  "as the number",
				     n > 80 ? 80 : n, t, t[n] || n > 80 ? " ..." : "", h->name, meant, v,
				     !strncmp(h->means, "cpus", 4) ? "counted in the target's CPU cores, one thread per core"
								   : "the port's own layout");
			char *marked = mark_constant_tests(t, nt);
			free(nt);
			free(steps->v[k]);
			steps->v[k] = marked;
		}
		strvec_clear(&vars);
	}
	return st;
}

enum port_status port_job_counts(const struct script_reading *sr, const struct cluster *target, struct request *req,
				 struct strvec *why)
{
	if (!sr->hints || !old_sched(sr))
		return PORT_OK;
	struct layout l;
	read_layout(sr, target, req, &l);
	enum port_status st = PORT_OK;
	for (size_t i = 0; i < req->args.nr; i++)
		if (counts_in_word(sr, &l, req, &req->args.v[i], NULL, why) != PORT_OK)
			st = PORT_ERROR;
	for (size_t i = 0; i < req->env_values.nr && i < req->env_names.nr; i++)
		if (counts_in_word(sr, &l, req, &req->env_values.v[i], req->env_names.v[i], why) != PORT_OK)
			st = PORT_ERROR;
	if (counts_in_steps(sr, &l, req, &req->pre_steps, why) != PORT_OK ||
	    counts_in_steps(sr, &l, req, &req->post_steps, why) != PORT_OK)
		st = PORT_ERROR;
	return st;
}

/* header.c - the counts a job script's header asks for, as its scheduler reads them: nodes (a Slurm range
 * --nodes=2-4 fixes none), GPUs per node or in all, tasks and tasks per node, CPUs per task, memory and
 * walltime, from #SBATCH, #PBS (select chunks, Torque nodes=), #BSUB, #flux: and #COBALT options that
 * directives.c has read and checked. */
#include "jobscript.h"

#include "../util/num.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A count at the start of a header value, as atoi reads it but never wrapped: past 100000 it is 100001
 * (more than any cluster has; the checks name it), below -100000 it is -1 ('--gpus-per-node=4294967297'
 * was 1 GPU through atoi, with no finding). */
static int header_count(const char *s)
{
	long v = strtol(s, NULL, 10);
	return v > 100000 ? 100001 : v < -100000 ? -1 : (int)v;
}

/* a * b of two header counts, read the same way: past 100000 it is 100001, never an int overflow
 * ('--ntasks-per-node=50000 --gpus-per-task=50000' multiplied to 2.5e9 in an int). */
static int count_product(int a, int b)
{
	long p;
	return !num_mul(a, b, &p) || p > 100000 ? 100001 : p < -100000 ? -1 : (int)p;
}

/* The count in "gpu:4", "gpu:a100:4", "a100:4", "4" (0 when there is none). */
static int trailing_count(const char *v)
{
	const char *c = strrchr(v, ':');
	const char *n = c ? c + 1 : v;
	return js_all_digits(n) ? header_count(n) : 0;
}

/* PBS select=2:ncpus=64:ngpus=4+1:ncpus=8 -> nodes (sum of chunk counts) and GPUs of the first chunk. */
static void pbs_select(const char *v, int *nodes, int *gpus)
{
	*nodes = 0;
	*gpus = 0;
	char *copy = xstrdup(v), *save = NULL;
	bool first = true;
	for (char *chunk = strtok_r(copy, "+", &save); chunk; chunk = strtok_r(NULL, "+", &save)) {
		int n = 1;
		char *save2 = NULL;
		for (char *f = strtok_r(chunk, ":", &save2); f; f = strtok_r(NULL, ":", &save2)) {
			if (js_all_digits(f))
				n = (int)js_select_num(f, 100000);
			else if (!strncmp(f, "ngpus=", 6) && first)
				*gpus = (int)js_select_num(f + 6, 1024);
		}
		*nodes += n;
		first = false;
	}
	free(copy);
}

/* Whether the header writes option opt with a value the scheduler cannot read ($NAME, a malformed count). */
static bool bad_directive(const struct jobscript *js, const char *opt)
{
	for (size_t i = 0; i < js->ndirs; i++)
		if (js->dirs[i].kind == js->sched && !js->dirs[i].ignored && js->dirs[i].problem && js->dirs[i].opt &&
		    !strcmp(js->dirs[i].opt, opt))
			return true;
	return false;
}

/* A Flux batch header: -N nodes, -n slots (with -g GPUs and -c cores each) or --tasks-per-node and
 * --gpus-per-node, -t, --job-name, -B bank, -q queue (flux-batch(1)). */
static void flux_header(const struct jobscript *js, struct js_header *h)
{
	const struct directive *d;
	if ((d = js_directive(js, "nodes")) && d->value && !d->problem)
		h->nodes = header_count(d->value), h->d_nodes = d;
	if ((d = js_directive(js, "nslots")) && d->value && !d->problem)
		h->tasks = header_count(d->value), h->d_tasks = d;
	if ((d = js_directive(js, "tasks-per-node")) && d->value && !d->problem)
		h->tasks_per_node = header_count(d->value), h->d_tpn = d;
	if ((d = js_directive(js, "gpus-per-node")) && d->value && !d->problem)
		h->gpus_per_node = header_count(d->value), h->d_gpus = d;
	else if ((d = js_directive(js, "gpus-per-slot")) && d->value && !d->problem) {
		int per = header_count(d->value);
		h->d_gpus = d;
		if (h->tasks_per_node)
			h->gpus_per_node = count_product(per, h->tasks_per_node);
		else if (h->tasks && h->nodes && h->tasks % h->nodes == 0)
			h->gpus_per_node = count_product(per, h->tasks / h->nodes);
		else if (h->tasks && !h->nodes) /* slots the scheduler packs: one node when they are few */
			h->gpus_total = count_product(per, h->tasks);
	}
	if ((d = js_directive(js, "time-limit")) && d->value && !d->problem)
		h->walltime_min = flux_time_minutes(d->value), h->d_time = d;
	h->d_job_name = js_directive(js, "job-name");
	h->d_account = js_directive(js, "bank");
	h->d_queue = js_directive(js, "queue");
}

long slurm_mem_mb(const char *s)
{
	const char *end;
	long v, mb;
	int rc = s ? num_scan_digits(s, &end, 1L << 40, &v) : -1;
	if (rc == -2)
		return LONG_MAX; /* past any node's memory (was 0, "not stated": no finding at all) */
	if (rc)
		return 0;
	long mul = 1; /* MiB */
	switch (*end) {
	case 'K': case 'k': v = (v + 1023) / 1024, end++; break;
	case 'M': case 'm': end++; break;
	case 'G': case 'g': mul = 1024, end++; break;
	case 'T': case 't': mul = 1024L * 1024, end++; break;
	default: break;
	}
	if (*end == 'B' || *end == 'b')
		end++;
	return *end || !num_mul(v, mul, &mb) ? 0 : mb;
}

void js_read_header(const struct jobscript *js, struct js_header *h)
{
	memset(h, 0, sizeof(*h));
	const struct directive *d;
	struct js_submit sub;
	switch (js->sched) {
	case JS_SLURM:
		if ((d = js_directive(js, "nodes")) && d->value && !d->problem) {
			h->nodes = header_count(d->value);
			h->d_nodes = d;
			/* a range (--nodes=2-4): sbatch starts the job on as many as it can give in it (sbatch(1) -N
			 * minnodes[-maxnodes]), so the script does not fix the count; 4-4 is 4 */
			const char *dash = strchr(d->value, '-');
			int hi = dash && dash > d->value ? header_count(dash + 1) : 0;
			if (hi > h->nodes && h->nodes > 0)
				h->nodes_min = h->nodes, h->nodes_max = hi, h->nodes = 0;
		}
		if ((d = js_directive(js, "ntasks")) && d->value && !d->problem)
			h->tasks = header_count(d->value), h->d_tasks = d;
		if ((d = js_directive(js, "ntasks-per-node")) && d->value && !d->problem)
			h->tasks_per_node = header_count(d->value), h->d_tpn = d;
		/* one task runs on one node (Perlmutter's shared QOS: -n 1 --gpus-per-task=1) */
		if (!h->nodes && !h->nodes_max && h->tasks == 1 && h->d_tasks)
			h->nodes = 1, h->d_nodes = h->d_tasks;
		/* -n with --ntasks-per-node (then a maximum per node) and no -N: the fewest nodes that hold
		 * them (sbatch(1) --ntasks-per-node) */
		if (!h->nodes && !h->nodes_max && h->tasks > 1 && h->tasks_per_node > 0 && h->d_tasks)
			h->nodes = (h->tasks + h->tasks_per_node - 1) / h->tasks_per_node, h->d_nodes = h->d_tasks;
		if ((d = js_directive(js, "gpus-per-node")) && d->value && !d->problem)
			h->gpus_per_node = trailing_count(d->value), h->d_gpus = d;
		else if ((d = js_directive(js, "gres")) && d->value && !strncmp(d->value, "gpu", 3))
			h->gpus_per_node = trailing_count(d->value) ? trailing_count(d->value) : 1, h->d_gpus = d;
		else if ((d = js_directive(js, "gpus")) && d->value && !d->problem) {
			h->gpus_total = trailing_count(d->value);
			h->d_gpus = d;
			if (h->gpus_total && h->nodes > 0 && h->gpus_total % h->nodes == 0)
				h->gpus_per_node = h->gpus_total / h->nodes;
		} else if ((d = js_directive(js, "gpus-per-task")) && d->value && !d->problem) {
			int per = trailing_count(d->value);
			h->d_gpus = d;
			if (h->tasks_per_node)
				h->gpus_per_node = count_product(per, h->tasks_per_node);
			else if (h->tasks && h->nodes)
				h->gpus_per_node = count_product(per, h->tasks / h->nodes);
		}
		/* neither -N nor -n but the tasks or GPUs of a node: sbatch's default of one node (not when -N is
		 * written with a value sbatch cannot read, `-N $NNODES`, nor when the script leaves the count to the
		 * sbatch line, js_submit_nodes: the count is unknown, never 1) */
		if (!h->nodes && !h->tasks && !h->nodes_max && !bad_directive(js, "nodes") &&
		    (h->d_tpn || (h->d_gpus && h->gpus_per_node > 0 && !h->gpus_total)) && !js_submit_nodes(js, &sub))
			h->nodes = 1, h->d_nodes = h->d_tpn ? h->d_tpn : h->d_gpus;
		if (js_het_span_nodes(js))
			h->nodes = js_het_span_nodes(js); /* srun --het-group=0,1 or A : B over components */
		if ((d = js_directive(js, "time")) && d->value && !d->problem)
			h->walltime_min = slurm_time_minutes(d->value), h->d_time = d;
		if ((d = js_directive(js, "cpus-per-task")) && d->value && !d->problem)
			h->cpus_per_task = header_count(d->value), h->d_cpus = d;
		else if ((d = js_directive(js, "cpus-per-gpu")) && d->value && !d->problem)
			h->cpus_per_gpu = header_count(d->value), h->d_cpus = d;
		if ((d = js_directive(js, "mem")) && d->value && !d->problem)
			h->mem_mb = slurm_mem_mb(d->value), h->d_mem = d;
		h->d_job_name = js_directive(js, "job-name");
		h->d_account = js_directive(js, "account");
		h->d_queue = js_directive(js, "partition");
		h->d_qos = js_directive(js, "qos");
		break;
	case JS_PBS:
		if ((d = js_directive(js, "select")) && d->value && !d->problem) {
			pbs_select(d->value, &h->nodes, &h->gpus_per_node);
			h->d_nodes = d;
			if (h->gpus_per_node)
				h->d_gpus = d;
		} else if ((d = js_directive(js, "nodes")) && d->value) { /* Torque nodes=2:ppn=4:gpus=4 */
			h->nodes = header_count(d->value);
			h->d_nodes = d;
			const char *g = strstr(d->value, "gpus=");
			if (g)
				h->gpus_per_node = header_count(g + 5), h->d_gpus = d;
			const char *ppn = strstr(d->value, "ppn=");
			if (ppn)
				h->tasks_per_node = header_count(ppn + 4), h->d_tpn = d;
		}
		if (!h->d_gpus && (d = js_directive(js, "ngpus")) && d->value)
			h->gpus_per_node = header_count(d->value), h->d_gpus = d;
		if ((d = js_directive(js, "walltime")) && d->value && !d->problem)
			h->walltime_min = pbs_walltime_minutes(d->value), h->d_time = d;
		h->d_job_name = js_directive(js, "job-name");
		h->d_account = js_directive(js, "account");
		if (!h->d_account)
			h->d_account = js_directive(js, "project");
		h->d_queue = js_directive(js, "queue");
		break;
	case JS_LSF:
		if ((d = js_directive(js, "nnodes")) && d->value && !d->problem)
			h->nodes = header_count(d->value), h->d_nodes = d;
		if ((d = js_directive(js, "gpu")) && d->value) {
			const char *num = strstr(d->value, "num=");
			if (num)
				h->gpus_per_node = header_count(num + 4), h->d_gpus = d;
		}
		if ((d = js_directive(js, "slots")) && d->value && js_all_digits(d->value)) {
			h->tasks = header_count(d->value);
			h->d_tasks = d;
			const struct directive *r = js_directive(js, "resource");
			const char *pt = r && r->value ? strstr(r->value, "ptile=") : NULL;
			if (pt && header_count(pt + 6) > 0) {
				h->tasks_per_node = header_count(pt + 6);
				h->d_tpn = r;
				if (!h->nodes && h->tasks % h->tasks_per_node == 0)
					h->nodes = h->tasks / h->tasks_per_node, h->d_nodes = d;
			}
		}
		if ((d = js_directive(js, "walltime")) && d->value && !d->problem)
			h->walltime_min = lsf_time_minutes(d->value), h->d_time = d;
		h->d_job_name = js_directive(js, "job-name");
		h->d_account = js_directive(js, "account");
		h->d_queue = js_directive(js, "queue");
		break;
	case JS_FLUX:
		flux_header(js, h);
		break;
	case JS_COBALT:
		if ((d = js_directive(js, "nodecount")) && d->value && !d->problem)
			h->nodes = header_count(d->value), h->d_nodes = d;
		if ((d = js_directive(js, "time")) && d->value && !d->problem)
			h->walltime_min = slurm_time_minutes(d->value), h->d_time = d;
		h->d_job_name = js_directive(js, "jobname");
		h->d_account = js_directive(js, "project");
		h->d_queue = js_directive(js, "queue");
		break;
	default:
		break;
	}
	if (h->nodes && !h->tasks && h->tasks_per_node)
		h->tasks = h->nodes * h->tasks_per_node;
	if (h->nodes && h->tasks && !h->tasks_per_node && h->tasks % h->nodes == 0)
		h->tasks_per_node = h->tasks / h->nodes;
}

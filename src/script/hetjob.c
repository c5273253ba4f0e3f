/* hetjob.c - heterogeneous Slurm jobs (https://slurm.schedmd.com/heterogeneous_jobs.html): the
 * components `#SBATCH hetjob` (packjob before Slurm 20.02) separates, which of them the training launch
 * runs on (srun --het-group=N, or one srun whose ':' parts run in the next components), and whose options
 * and nodes are therefore the job's for the reader (directives.c asks here). */
#include "jobscript.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool is_het_separator(const struct directive *d)
{
	/* (the first byte before strcmp: js_het_gpu_component asks this of every directive at every look-up) */
	return d->kind == JS_SLURM && !d->ignored && (d->opt[0] == 'h' || d->opt[0] == 'p') &&
	       (!strcmp(d->opt, "hetjob") || !strcmp(d->opt, "packjob"));
}

static bool is_gpu_option(const struct directive *d)
{
	return !strcmp(d->opt, "gpus-per-node") || !strcmp(d->opt, "gpus") || !strcmp(d->opt, "gpus-per-task") ||
	       (!strcmp(d->opt, "gres") && d->value && strstr(d->value, "gpu"));
}

/* In a heterogeneous Slurm job (components separated by `#SBATCH hetjob`,
 * https://slurm.schedmd.com/heterogeneous_jobs.html) the directives of the first component that asks
 * for GPUs, [*lo, *hi); false when the job is not heterogeneous or no component asks for GPUs. */
/* Whether directives [lo, hi) ask for GPUs. */
static bool component_gpus(const struct jobscript *js, size_t lo, size_t hi)
{
	for (size_t i = lo; i < hi; i++)
		if (js->dirs[i].kind == JS_SLURM && !js->dirs[i].ignored && is_gpu_option(&js->dirs[i]))
			return true;
	return false;
}

/* The directives of component k of a heterogeneous job, [*lo, *hi); false when it has no component k. */
static bool het_component(const struct jobscript *js, int k, size_t *lo, size_t *hi)
{
	size_t start = 0;
	int n = 0;
	for (size_t i = 0; i <= js->ndirs; i++)
		if (i == js->ndirs || is_het_separator(&js->dirs[i])) {
			if (n++ == k) {
				*lo = start, *hi = i;
				return true;
			}
			start = i + 1;
		}
	return false;
}

bool js_het_gpu_component(const struct jobscript *js, size_t *lo, size_t *hi)
{
	/* most scripts have no separator: then no component is looked for (the loop below would end
	 * with het false and return false); js_directive asks this on every look-up */
	bool any_separator = false;
	for (size_t i = 0; i < js->ndirs && !any_separator; i++)
		any_separator = is_het_separator(&js->dirs[i]);
	if (!any_separator)
		return false;
	/* the component the training launch names (srun --het-group=N) */
	if (js->het_span > 0 && het_component(js, js->het_main, lo, hi))
		return true;
	size_t start = 0;
	bool het = false, gpu = false;
	for (size_t i = 0; i <= js->ndirs; i++) {
		if (i == js->ndirs || is_het_separator(&js->dirs[i])) {
			if (gpu && (het || i < js->ndirs)) {
				*lo = start, *hi = i;
				return true;
			}
			if (i < js->ndirs)
				het = true;
			start = i + 1, gpu = false;
			continue;
		}
		gpu |= js->dirs[i].kind == JS_SLURM && !js->dirs[i].ignored && is_gpu_option(&js->dirs[i]);
	}
	return false;
}

/* Options each component of a heterogeneous job has for itself: another component's value is not the
 * GPU component's. */
bool js_het_per_component(const char *opt)
{
	static const char *const own[] = {"nodes", "ntasks", "ntasks-per-node", "gpus-per-node", "gpus", "gpus-per-task",
					  "gres", "cpus-per-task", "cpus-per-gpu", "mem", "mem-per-cpu", "mem-per-gpu",
					  "ntasks-per-gpu", "constraint", NULL};
	for (int i = 0; own[i]; i++)
		if (!strcmp(own[i], opt))
			return true;
	return false;
}

void js_het_pick(struct jobscript *js)
{
	js->het_main = -1, js->het_span = 0;
	bool sep = false;
	for (size_t i = 0; i < js->ndirs && !sep; i++)
		sep = is_het_separator(&js->dirs[i]);
	int m = sep && js->sched == JS_SLURM ? js_main_launch(js) : -1;
	if (m < 0)
		return;
	const struct launch *l = &js->launches[m];
	const struct stage *s = l->nstages && l->stages[0].kind == SK_SRUN ? &l->stages[0] : NULL;
	if (!s)
		return;
	const struct lopt *o = stage_opt(s, "het-group");
	int lo = -1, hi = -1;
	if (o && o->value) {
		/* N, N,M or N-M (https://slurm.schedmd.com/srun.html#OPT_het-group) */
		for (const char *p = o->value; *p;) {
			if (!isdigit((unsigned char)*p))
				return;
			int v = atoi(p);
			lo = lo < 0 || v < lo ? v : lo;
			hi = v > hi ? v : hi;
			p += strspn(p, "0123456789");
			if (*p == ',' || *p == '-')
				p++;
		}
	} else if (l->mpmd && !l->multi_prog) {
		/* srun A : B: each ':'-separated part runs in the next component */
		const struct jcmd *c = &js->cmds[s->cmd];
		lo = 0, hi = 0;
		for (size_t k = 0; k < c->words.nr; k++)
			hi += !strcmp(c->words.v[k].value, ":") && c->words.v[k].raw && !strcmp(c->words.v[k].raw, ":");
	}
	size_t a, b;
	if (lo < 0 || hi - lo > 63 || !het_component(js, hi, &a, &b))
		return;
	/* the first of them that asks for GPUs holds the training's options (a CPU component it spans too,
	 * a data loader's, is not the training's); none: the job's first GPU component, as without a name */
	for (int k = lo; k <= hi; k++)
		if (het_component(js, k, &a, &b) && component_gpus(js, a, b)) {
			js->het_main = k, js->het_span = hi - k + 1;
			return;
		}
}

/* The nodes of the heterogeneous job's components the training launch spans (each component's -N,
 * 1 when it gives none), or 0 when it spans one. */
int js_het_span_nodes(const struct jobscript *js)
{
	if (js->het_span < 2)
		return 0;
	int total = 0;
	for (int k = js->het_main; k < js->het_main + js->het_span; k++) {
		size_t lo, hi;
		if (!het_component(js, k, &lo, &hi))
			return 0;
		if (!component_gpus(js, lo, hi))
			continue; /* a CPU component's nodes are not the training's */
		int n = 1;
		for (size_t i = lo; i < hi; i++)
			if (!js->dirs[i].ignored && !js->dirs[i].problem && !strcmp(js->dirs[i].opt, "nodes") && js->dirs[i].value)
				n = atoi(js->dirs[i].value);
		total += n > 0 ? n : 1;
	}
	return total;
}


/* checks_array.c - a job array's size against what the scheduler takes (array-too-large). Slurm refuses an
 * --array whose highest index reaches MaxArraySize ("Invalid job array specification"): the setting is 1001
 * unless the site changed it (indices 0-1000) and can never exceed 4000001
 * (https://slurm.schedmd.com/slurm.conf.html#OPT_MaxArraySize), so an index past 4000000 is refused on every
 * Slurm cluster (an error) and one past 1000 where the site kept the default (a warning: none of the clusters
 * maple knows publishes its value). PBS Professional's server refuses an array of more subjobs than its
 * max_array_size, 10000 unless the site changed it (PBS Professional Reference Guide, "Server Attributes":
 * max_array_size; ALCF publishes no other value): a warning. Each task of an array also counts as one job
 * against the per-user limits on submitted jobs (NCSA: "each job within a job array is counted as one batch
 * job", https://docs.ncsa.illinois.edu/en/latest/common/slurm/job-arrays.html), which the cluster profiles
 * name in their queue notes only (TACC's "32 submitted"): the warning says so. */
#include "checks.h"

#include "../util/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLURM_MAX_ARRAY_SIZE_CAP 4000001L  /* MaxArraySize can never exceed it */
#define SLURM_MAX_ARRAY_SIZE_DEF 1001L	   /* MaxArraySize when slurm.conf does not set it */
#define PBS_MAX_ARRAY_SIZE_DEF 10000L	   /* max_array_size when the server does not set it */
#define ARRAY_COUNT_CAP 1000000000000L /* past it, a count is only "huge" (no overflow in the sums) */

/* Reads an array specification ("0-15", "1,3,5-9:2", "0-99999%10"): its highest index and its number of
 * tasks (each capped at ARRAY_COUNT_CAP). false when it is not one maple can read (the directive-value
 * check names what is malformed there). */
static bool array_spec(const char *v, long *max_index, long *tasks)
{
	*max_index = -1;
	*tasks = 0;
	size_t n = strcspn(v, "% \t");
	for (const char *p = v; p < v + n;) {
		char *end;
		long a = strtol(p, &end, 10), b = a, step = 1;
		if (end == p || a < 0)
			return false;
		p = end;
		if (*p == '-') {
			b = strtol(p + 1, &end, 10);
			if (end == p + 1 || b < a)
				return false;
			p = end;
		}
		if (*p == ':') {
			step = strtol(p + 1, &end, 10);
			if (end == p + 1 || step < 1)
				return false;
			p = end;
		}
		if (a > ARRAY_COUNT_CAP)
			a = ARRAY_COUNT_CAP;
		if (b > ARRAY_COUNT_CAP)
			b = ARRAY_COUNT_CAP;
		long count = (b - a) / step + 1;
		*tasks = *tasks + count > ARRAY_COUNT_CAP ? ARRAY_COUNT_CAP : *tasks + count;
		long top = a + (b - a) / step * step;
		if (top > *max_index)
			*max_index = top;
		if (*p == ',')
			p++;
		else if (p < v + n)
			return false;
	}
	return *max_index >= 0;
}

/* A count as said: past the cap, "more than N". */
static void say_count(long v, char *buf, size_t size)
{
	if (v >= ARRAY_COUNT_CAP)
		snprintf(buf, size, "more than %ld", ARRAY_COUNT_CAP);
	else
		snprintf(buf, size, "%ld", v);
}

void check_array(struct vctx *x)
{
	const struct jobscript *js = x->js;
	const struct directive *d = NULL;
	for (size_t i = 0; i < js->ndirs && !d; i++) {
		const struct directive *e = &js->dirs[i];
		if (!e->ignored && !e->unknown && !e->problem && e->value && e->opt && !strcmp(e->opt, "array") &&
		    (e->kind == JS_SLURM || e->kind == JS_PBS))
			d = e;
	}
	long top, tasks;
	if (!d || strchr(d->value, '$') || !array_spec(d->value, &top, &tasks))
		return;
	const char *name = x->c ? x->c->name : NULL;
	char ts[48], is[48];
	say_count(tasks, ts, sizeof(ts));
	say_count(top, is, sizeof(is));
	struct strbuf fix = STRBUF_INIT;
	if (d->kind == JS_SLURM && top >= SLURM_MAX_ARRAY_SIZE_CAP) {
		strbuf_addf(&fix, "split it into arrays with indices below %ld (0-999 is below every site's limit), each "
				  "task adding an offset to SLURM_ARRAY_TASK_ID",
			    SLURM_MAX_ARRAY_SIZE_DEF);
		report(x, "array-too-large", SEV_ERROR, d->line, d->col, d->span, fix.buf,
		       "%s %s: its highest index, %s, is past what any Slurm takes (MaxArraySize is at most %ld, indices "
		       "up to %ld): sbatch refuses it (Invalid job array specification) "
		       "[https://slurm.schedmd.com/slurm.conf.html#OPT_MaxArraySize]",
		       d->spelled ? d->spelled : "--array", d->value, is, SLURM_MAX_ARRAY_SIZE_CAP, SLURM_MAX_ARRAY_SIZE_CAP - 1);
	} else if (d->kind == JS_SLURM && top >= SLURM_MAX_ARRAY_SIZE_DEF) {
		strbuf_addf(&fix, "read the limit there (scontrol show config | grep MaxArraySize) and keep the indices "
				  "below it, or split the array (0-999, then another with an offset)");
		report(x, "array-too-large", SEV_WARNING, d->line, d->col, d->span, fix.buf,
		       "%s %s: its highest index, %s, reaches Slurm's default MaxArraySize (%ld: indices up to %ld), which "
		       "%s does not publish a change of: sbatch refuses it unless the site raised the limit; its %s tasks "
		       "also count one job each against the per-user limit on submitted jobs "
		       "[https://slurm.schedmd.com/slurm.conf.html#OPT_MaxArraySize]",
		       d->spelled ? d->spelled : "--array", d->value, is, SLURM_MAX_ARRAY_SIZE_DEF, SLURM_MAX_ARRAY_SIZE_DEF - 1,
		       name ? name : "the cluster", ts);
	} else if (d->kind == JS_PBS && tasks > PBS_MAX_ARRAY_SIZE_DEF) {
		strbuf_addf(&fix, "read the limit there (qmgr -c 'list server max_array_size') and submit at most that many "
				  "subjobs per array");
		report(x, "array-too-large", SEV_WARNING, d->line, d->col, d->span, fix.buf,
		       "%s %s: %s subjobs, more than PBS Professional's default max_array_size (%ld), which %s does not "
		       "publish a change of: qsub refuses it unless the site raised the limit",
		       d->spelled ? d->spelled : "-J", d->value, ts, PBS_MAX_ARRAY_SIZE_DEF, name ? name : "the cluster");
	}
	strbuf_release(&fix);
}

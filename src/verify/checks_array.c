/* checks_array.c - a job array's size against what the scheduler takes (array-too-large). Slurm refuses an
 * --array whose highest index reaches MaxArraySize ("Invalid job array specification"): the setting is 1001
 * unless the site changed it (indices 0-1000) and can never exceed 4000001
 * (https://slurm.schedmd.com/slurm.conf.html#OPT_MaxArraySize), so an index past 4000000 is refused on every
 * Slurm cluster (an error) and one past 1000 where the site kept the default (a warning: none of the clusters
 * maple knows publishes its value). PBS Professional's server refuses an array of more subjobs than its
 * max_array_size, 10000 unless the site changed it (PBS Professional Reference Guide, "Server Attributes":
 * max_array_size; ALCF publishes no other value): a warning. Each task of an array also counts as one job
 * against the per-user limits on submitted jobs (NCSA: "each job within a job array is counted as one batch
 * job", https://docs.ncsa.illinois.edu/en/latest/common/slurm/job-arrays.html); the queue's own limits on
 * submitted jobs (data: submit_limits, TACC's "Max Submit", ALCF's "max 1 job running/accruing/queued",
 * OLCF's 100 queued jobs) are checked against the array's task count (array-exceeds-submit-limit): an error
 * where the centre says such submissions are rejected, else a warning that says what the centre says. */
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

/* The throttle of an array specification ("0-99%10": 10 tasks eligible at once); 0 when none. */
static long array_throttle(const char *v)
{
	const char *p = strchr(v, '%');
	if (!p)
		return 0;
	char *end;
	long n = strtol(p + 1, &end, 10);
	return end > p + 1 && n > 0 ? n : 0;
}

/* The queue whose limits the array is held to: a QOS entry of the profile the script names with
 * --qos (Frontier's debug QOS in the batch partition), else the queue the header checks settled on. */
static const struct queue *array_queue(const struct vctx *x)
{
	const struct jobscript *js = x->js;
	for (size_t i = 0; x->c && js->sched == JS_SLURM && i < js->ndirs; i++) {
		const struct directive *e = &js->dirs[i];
		if (e->ignored || e->unknown || e->problem || !e->value || !e->opt || strcmp(e->opt, "qos"))
			continue;
		const struct queue *q = cluster_queue(x->c, e->value);
		if (q && q->partition)
			return q;
	}
	return x->queue;
}

static int over_rank(enum submit_over o)
{
	return o == SUBMIT_REJECTED ? 2 : o == SUBMIT_NEVER_RUNS ? 1 : 0;
}

/* An array of more tasks than the queue lets one user (or project) have submitted at once: each task is
 * one job. The limit the array passes with the gravest consequence the centre states is the one said. */
static void submit_limits(struct vctx *x, const struct directive *d, long tasks)
{
	const struct queue *q = array_queue(x);
	if (!q || !q->nsubmit_limits)
		return;
	long throttle = array_throttle(d->value);
	const struct submit_limit *hit = NULL;
	long hit_count = 0;
	for (size_t i = 0; i < q->nsubmit_limits; i++) {
		const struct submit_limit *l = &q->submit_limits[i];
		long count = l->throttle && throttle && throttle < tasks ? throttle : tasks;
		if (count <= l->jobs)
			continue;
		if (!hit || over_rank(l->over) > over_rank(hit->over) ||
		    (over_rank(l->over) == over_rank(hit->over) && l->jobs < hit->jobs)) {
			hit = l;
			hit_count = count;
		}
	}
	if (!hit)
		return;
	struct finding *f = NULL;
	const struct cluster *c = x->c;
	bool pbs = d->kind == JS_PBS;
	const char *unit = pbs ? "subjobs" : "tasks";
	const char *opt = d->spelled ? d->spelled : pbs ? "-J" : "--array";
	char cs[48];
	say_count(hit_count, cs, sizeof(cs));
	struct strbuf whose = STRBUF_INIT, fix = STRBUF_INIT, where = STRBUF_INIT;
	strbuf_addf(&whose, "%d job%s queued and running at once%s%s", hit->jobs, hit->jobs == 1 ? "" : "s",
		    hit->per ? " per " : "", hit->per ? hit->per : "");
	bool named = js_directive(x->js, pbs ? "queue" : "partition") || (!pbs && js_directive(x->js, "qos"));
	strbuf_addf(&where, "the '%s' %s on %s%s", q->name, pbs ? "queue" : q->partition ? "QOS" : "queue", c->id,
		    named ? ""
		    : c->sched_default_queue && !strcmp(c->sched_default_queue, q->name)
			? " (the scheduler's default: the script names no queue)"
			: " (the script names no queue: held to the one maple writes)");
	const char *eq = !strncmp(opt, "--", 2) ? "=" : " "; /* --array=R, -a R, -J R */
	if (hit->throttle)
		strbuf_addf(&fix, "throttle it so that at most %d %s are eligible at once: %s%s%.*s%%%d", hit->jobs, unit, opt,
			    eq, (int)strcspn(d->value, "% \t"), d->value, hit->jobs);
	else if (hit->jobs == 1)
		strbuf_addf(&fix, "submit the tasks as single jobs, each after the last (%s), or run them one after "
				  "another inside one job",
			    pbs ? "qsub -W depend=afterany:JOBID" : "sbatch --dependency=afterany:JOBID");
	else
		strbuf_addf(&fix, "submit at most %d %s at a time (%s%s0-%d, the next range once those have left the "
				  "queue), or run the tasks one after another inside one job",
			    hit->jobs, unit, opt, eq, hit->jobs - 1);
	const char *url = hit->src.url ? hit->src.url : c->source;
	const char *said = hit_count < tasks ? " eligible at once" : ""; /* the throttle's count, not the size */
	switch (hit->over) {
	case SUBMIT_REJECTED:
		f = report(x, "array-exceeds-submit-limit", SEV_ERROR, d->line, d->col, d->span, fix.buf,
		       "%s %s: %s %s%s, each one job against the limit of %s, %s%s%s: %s rejects submissions past it [%s]",
		       opt, d->value, cs, unit, said, where.buf, whose.buf, hit->note ? " - " : "", hit->note ? hit->note : "",
		       c->center, url);
		break;
	case SUBMIT_NEVER_RUNS:
		f = report(x, "array-exceeds-submit-limit", SEV_WARNING, d->line, d->col, d->span, fix.buf,
		       "%s %s: %s %s%s, past the limit of %s, %s%s%s: %s says %s past it are accepted but never run [%s]",
		       opt, d->value, cs, unit, said, where.buf, whose.buf, hit->note ? " - " : "", hit->note ? hit->note : "",
		       c->center, unit, url);
		break;
	default:
		f = report(x, "array-exceeds-submit-limit", SEV_WARNING, d->line, d->col, d->span, fix.buf,
		       "%s %s: %s %s%s, each one job against the limit of %s, %s%s%s [%s]; %s does not say what happens "
		       "past it (%s)",
		       opt, d->value, cs, unit, said, where.buf, whose.buf, hit->note ? " - " : "", hit->note ? hit->note : "",
		       url, c->center,
		       pbs ? "the tasks past it may be refused or left waiting"
			   : "Slurm denies a submission past a MaxSubmitJobs limit: "
			     "https://slurm.schedmd.com/resource_limits.html");
		break;
	}
	if (f) /* the user's array, carried as written by a port */
		f->user_text = true;
	strbuf_release(&whose);
	strbuf_release(&where);
	strbuf_release(&fix);
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
	struct finding *f = NULL;
	if (d->kind == JS_SLURM && top >= SLURM_MAX_ARRAY_SIZE_CAP) {
		strbuf_addf(&fix, "split it into arrays with indices below %ld (0-999 is below every site's limit), each "
				  "task adding an offset to SLURM_ARRAY_TASK_ID",
			    SLURM_MAX_ARRAY_SIZE_DEF);
		f = report(x, "array-too-large", SEV_ERROR, d->line, d->col, d->span, fix.buf,
		       "%s %s: its highest index, %s, is past what any Slurm takes (MaxArraySize is at most %ld, indices "
		       "up to %ld): sbatch refuses it (Invalid job array specification) "
		       "[https://slurm.schedmd.com/slurm.conf.html#OPT_MaxArraySize]",
		       d->spelled ? d->spelled : "--array", d->value, is, SLURM_MAX_ARRAY_SIZE_CAP, SLURM_MAX_ARRAY_SIZE_CAP - 1);
	} else if (d->kind == JS_SLURM && top >= SLURM_MAX_ARRAY_SIZE_DEF) {
		strbuf_addf(&fix, "read the limit there (scontrol show config | grep MaxArraySize) and keep the indices "
				  "below it, or split the array (0-999, then another with an offset)");
		f = report(x, "array-too-large", SEV_WARNING, d->line, d->col, d->span, fix.buf,
		       "%s %s: its highest index, %s, reaches Slurm's default MaxArraySize (%ld: indices up to %ld), which "
		       "%s does not publish a change of: sbatch refuses it unless the site raised the limit; its %s tasks "
		       "also count one job each against the per-user limit on submitted jobs "
		       "[https://slurm.schedmd.com/slurm.conf.html#OPT_MaxArraySize]",
		       d->spelled ? d->spelled : "--array", d->value, is, SLURM_MAX_ARRAY_SIZE_DEF, SLURM_MAX_ARRAY_SIZE_DEF - 1,
		       name ? name : "the cluster", ts);
	} else if (d->kind == JS_PBS && tasks > PBS_MAX_ARRAY_SIZE_DEF) {
		strbuf_addf(&fix, "read the limit there (qmgr -c 'list server max_array_size') and submit at most that many "
				  "subjobs per array");
		f = report(x, "array-too-large", SEV_WARNING, d->line, d->col, d->span, fix.buf,
		       "%s %s: %s subjobs, more than PBS Professional's default max_array_size (%ld), which %s does not "
		       "publish a change of: qsub refuses it unless the site raised the limit",
		       d->spelled ? d->spelled : "-J", d->value, ts, PBS_MAX_ARRAY_SIZE_DEF, name ? name : "the cluster");
	}
	if (f) /* the user's array, carried as written by a port */
		f->user_text = true;
	strbuf_release(&fix);
	if (x->c)
		submit_limits(x, d, tasks);
}

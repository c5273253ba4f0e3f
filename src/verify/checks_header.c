/* checks_header.c - checks on the scheduler header: option syntax, directives the scheduler never
 * reads, contradictions, the scheduler the cluster runs, directives the cluster requires or
 * rejects (data: verify.requires / verify.rejects), queue limits on nodes and walltime, and the
 * GPUs a node has. */
#include "checks.h"
#include "lookup.h"

#include "../util/textdist.h"
#include "../request/rules.h"
#include "../util/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The header option a cluster's profile uses for its queue: the one written with {{queue}}. */
static const char *queue_option(const struct cluster *c)
{
	for (size_t i = 0; i < c->nheader; i++) {
		const char *l = c->header[i].text;
		if (!strstr(l, "{{queue}}"))
			continue;
		if (strstr(l, "--qos") || strstr(l, " -q ") || strstr(l, " -q{{"))
			return c->scheduler == SCHED_PBS ? "queue" : "qos";
		if (strstr(l, "--partition") || strstr(l, " -p "))
			return "partition";
	}
	return c->scheduler == SCHED_PBS ? "queue" : "partition";
}

/* Options that sbatch learns from a site's plugins (SPANK), valid where the plugin is installed.
 * NERSC Shifter: --image, --module, --volume
 * (https://docs.nersc.gov/development/containers/shifter/how-to-use/). */
static bool site_plugin_option(enum sched_kind k, const char *spelled)
{
	static const char *const slurm[] = {"image", "module", "volume", NULL};
	if (k != JS_SLURM || !spelled || strncmp(spelled, "--", 2))
		return false;
	size_t n = strcspn(spelled + 2, "=");
	for (int i = 0; slurm[i]; i++)
		if (strlen(slurm[i]) == n && !strncmp(spelled + 2, slurm[i], n))
			return true;
	return false;
}

/* Directives whose loss changes nothing the job runs with (names, output files, mail). */
static bool cosmetic_option(const char *opt)
{
	static const char *const names[] = {"job-name", "output", "error", "mail-type", "mail-user", "comment",
					    "open-mode", "join", "keep", "mail", "mail-options", "mail-list", "mail-points",
					    "stdout", "stderr", "signal", "requeue", "rerun", NULL};
	for (int i = 0; names[i]; i++)
		if (opt && !strcmp(opt, names[i]))
			return true;
	return false;
}

/* The submit command that reads a scheduler's directives. */
static const char *submit_tool(enum sched_kind k)
{
	return k == JS_SLURM ? "sbatch" : k == JS_PBS || k == JS_COBALT ? "qsub" : k == JS_FLUX ? "flux batch" : "bsub";
}

static void syntax(struct vctx *x)
{
	const struct jobscript *js = x->js;
	for (size_t i = 0; i < js->ndirs; i++) {
		const struct directive *d = &js->dirs[i];
		struct strbuf fix = STRBUF_INIT;
		if (d->kind != js->sched) {
			/* checks_submit.c: another scheduler's directive */
		} else if (d->ignored && d->kind == JS_FLUX) {
			/* RFC 36: submission directives must be grouped; flux batch refuses a script with one after
			 * a command line */
			strbuf_addf(&fix, "move it above line %d, with the other #flux: lines", js->first_command_line);
			report(x, "directive-ignored", SEV_ERROR, d->line, d->col, d->span, fix.buf,
			       "#flux: %s comes after the first command (line %d): flux batch refuses a script whose "
			       "directives are not grouped together before it",
			       d->spelled, js->first_command_line);
		} else if (d->ignored) {
			/* a lost resource request silently changes the job (nodes, GPUs, time, queue, account) */
			bool cosmetic = cosmetic_option(d->opt);
			strbuf_addf(&fix, "move it above line %d, with the other %s lines", js->first_command_line,
				    directive_word(d->kind));
			report(x, "directive-ignored", cosmetic ? SEV_WARNING : SEV_ERROR, d->line, d->col, d->span, fix.buf,
			       "%s %s comes after the first command (line %d): %s stops reading directives there and "
			       "silently ignores it%s",
			       directive_word(d->kind), d->spelled, js->first_command_line,
			       d->kind == JS_SLURM ? "sbatch" : d->kind == JS_PBS ? "qsub" : "bsub",
			       cosmetic ? "" : ", so the job runs without what it asks for");
		} else if (d->unknown && (site_plugin_option(d->kind, d->spelled) ||
					  (d->kind == JS_SLURM && pyxis_option(d->spelled)))) {
			/* Pyxis: checks_container.c says where the plugin is missing */
			/* valid where the site's plugin is installed */
		} else if (d->unknown) {
			const char *near = closest_directive_option(d->kind, d->spelled);
			if (near)
				strbuf_addf(&fix, "did you mean %s?", near);
			else
				strbuf_addf(&fix, "remove it, or see `man %s` for the options",
					    d->kind == JS_FLUX ? "flux-batch" : submit_tool(d->kind));
			/* a long option far from every sbatch option, on a cluster maple does not know: most likely
			 * the site's own plugin's (SPANK, https://slurm.schedmd.com/spank.html; MPCDF's --nvmps):
			 * valid there, a warning; a near miss or a cluster maple knows stays an error */
			bool site = d->kind == JS_SLURM && !near && !x->c && d->spelled && !strncmp(d->spelled, "--", 2);
			report(x, "directive-unknown", site ? SEV_WARNING : SEV_ERROR, d->line, d->col, d->span, fix.buf,
			       "'%s' is not a %s option%s%s%s", d->spelled, submit_tool(d->kind), d->problem ? ": " : "",
			       d->problem ? d->problem : "",
			       site ? " (a site's own plugin option? it works only where that site's Slurm adds it)" : "");
		} else if (d->problem) {
			/* a bare -l word (NCI Gadi's `-l wd`) is a site extension of PBS Pro:
			 * an error where maple knows the cluster's PBS, a warning on a PBS it does not know */
			bool site_word = d->kind == JS_PBS && !strcmp(d->spelled, "-l") && !d->value && !x->c;
			strbuf_addf(&fix, "write %s with a valid value", d->spelled);
			report(x, "directive-value", site_word ? SEV_WARNING : SEV_ERROR, d->line, d->col, d->span, fix.buf,
			       "%s %s: %s%s", directive_word(d->kind), d->spelled, d->problem,
			       site_word ? " (a bare word such as NCI's `wd` is a site's own extension: it works only there)" : "");
		} else if (d->value && ((d->kind == JS_SLURM && !strcmp(d->opt, "time")) ||
					(d->kind == JS_PBS && !strcmp(d->opt, "walltime")))) {
			/* a clock field past its range ("walltime=00:99:00"): the scheduler sums it, the writer most
			 * likely meant something else (7c68541 took it as 1 h 39 min without a word) */
			char *why = clock_field_problem(d->value, d->kind == JS_SLURM);
			if (why) {
				strbuf_addf(&fix, "write %s with minutes and seconds under 60", d->spelled);
				report(x, "directive-value", SEV_ERROR, d->line, d->col, d->span, fix.buf, "%s %s: %s",
				       directive_word(d->kind), d->spelled, why);
				free(why);
			}
		}
		strbuf_release(&fix);
	}
	/* the same option twice with different values: the last one wins - within one component of a
	 * heterogeneous Slurm job (`#SBATCH hetjob` starts the next, each with its own options:
	 * https://slurm.schedmd.com/heterogeneous_jobs.html) */
	size_t comp = 0; /* the first directive of the current component */
	for (size_t i = 0; i < js->ndirs; i++) {
		const struct directive *d = &js->dirs[i];
		if (d->kind == JS_SLURM && !d->ignored && (!strcmp(d->opt, "hetjob") || !strcmp(d->opt, "packjob")))
			comp = i + 1;
		if (d->kind != js->sched || d->ignored || d->unknown || !d->value)
			continue;
		for (size_t k = comp; k < i; k++) {
			const struct directive *e = &js->dirs[k];
			if (e->kind == d->kind && !e->ignored && !e->unknown && e->value && !strcmp(e->opt, d->opt) &&
			    strcmp(e->value, d->value) && strcmp(d->opt, "filesystems")) {
				report(x, "directive-conflict", SEV_WARNING, d->line, d->col, d->span, "keep one of them",
				       "%s is given twice: '%s' here and '%s' on line %d; the scheduler uses this one",
				       d->opt, d->value, e->value, e->line);
				break;
			}
		}
	}
}

static bool required_option_present(const struct jobscript *js, const struct directive_rule *r,
				    const struct directive **found)
{
	*found = js_directive(js, r->option);
	if (!*found && !strcmp(r->option, "account") && js->sched == JS_PBS)
		*found = js_directive(js, "project");
	if (!*found && !strcmp(r->option, "gpus-per-node") && js->sched == JS_SLURM) {
		/* any way of asking for GPUs satisfies a GPU request */
		const char *alts[] = {"gpus", "gres", "gpus-per-task", NULL};
		for (int i = 0; alts[i] && !*found; i++)
			*found = js_directive(js, alts[i]);
	}
	if (!*found && !strcmp(r->option, "time") && js->sched == JS_SLURM)
		*found = js_directive(js, "time-min");
	if (!*found)
		return false;
	return !r->value || ((*found)->value && strstr((*found)->value, r->value));
}

static void cluster_rules(struct vctx *x)
{
	const struct jobscript *js = x->js;
	const struct cluster *c = x->c;
	bool account_rule = false;
	for (size_t i = 0; i < c->nrequires; i++) {
		const struct directive_rule *r = &c->requires[i];
		const struct directive *d;
		if (!strcmp(r->option, "account"))
			account_rule = true;
		if (required_option_present(js, r, &d) || (!d && directive_unreadable(js, r->option)))
			continue; /* present, or present with a value directive-value reports */
		if (!d && submit_gives(js, r->option))
			continue; /* on the submit command the script shows (checks_submit.c says so) */
		struct strbuf fix = STRBUF_INIT;
		strbuf_adds(&fix, "add `");
		directive_text(js->sched, r->option, r->value, &fix);
		strbuf_addf(&fix, "` (%s)", r->src.url ? r->src.url : c->source);
		enum severity sev = !strcmp(r->severity, "warning") ? SEV_WARNING : SEV_ERROR;
		if (d)
			report(x, "required-directive", sev, d->line, d->col, d->span, fix.buf, "%s=%s on %s: %s", r->option,
			       d->value ? d->value : "", c->name, r->why);
		else
			report(x, "required-directive", sev, first_directive_line(js), 0, 0, fix.buf, "no %s directive: %s",
			       r->option, r->why);
		strbuf_release(&fix);
	}
	const struct js_header *h = &x->p->header;
	if (c->account_required && !account_rule && !h->d_account && !submit_gives(js, "account")) {
		struct strbuf fix = STRBUF_INIT;
		strbuf_adds(&fix, "add `");
		directive_text(js->sched, "account", NULL, &fix);
		strbuf_adds(&fix, "` with your project");
		report(x, "account-missing", SEV_ERROR, first_directive_line(js), 0, 0, fix.buf,
		       "%s rejects jobs without an account", c->name);
		strbuf_release(&fix);
	}
	for (size_t i = 0; i < c->nrejects; i++) {
		const struct directive_rule *r = &c->rejects[i];
		enum severity sev = !strcmp(r->severity, "warning") ? SEV_WARNING : SEV_ERROR;
		for (size_t k = 0; k < js->ndirs; k++) {
			const struct directive *d = &js->dirs[k];
			if (d->kind == js->sched && !d->ignored && !d->unknown && !strcmp(d->opt, r->option))
				report(x, "option-rejected", sev, d->line, d->col, d->span, "remove it", "%s on %s: %s",
				       d->spelled, c->name, r->why);
		}
		/* the same options on srun lines */
		for (size_t l = 0; l < js->nlaunches; l++)
			for (size_t s = 0; s < js->launches[l].nstages; s++) {
				const struct stage *st = &js->launches[l].stages[s];
				if (st->kind != SK_SRUN)
					continue;
				const struct lopt *o = stage_opt(st, r->option);
				if (o) {
					int line, col, span;
					word_pos(x, st->cmd, o->word, &line, &col, &span);
					report(x, "option-rejected", sev, line, col, span, "remove it from the srun line",
					       "srun --%s on %s: %s", r->option, c->name, r->why);
				}
			}
	}
}

/* Whether the script pins the node type it was read as, so that the type's node count is a limit:
 * the type's own header lines (--gpus=h100-80:N) or a queue that reaches no other node type. */
static bool node_type_pinned(const struct cluster *c, const struct queue *q)
{
	const struct node_type *nt = c->node_type;
	if (!nt || c->nnode_types < 2 || nt->nodes <= 0)
		return false;
	if (nt->has_header)
		return true;
	size_t reach = 0;
	for (size_t i = 0; i < c->nnode_types; i++)
		reach += node_type_has_queue(&c->node_types[i], q->name);
	return reach == 1;
}

/* CPUs and memory one node must give the job (Slurm -c x tasks per node, --cpus-per-gpu x GPUs, --mem)
 * against what the cluster's node type has: sbatch refuses a job no node can hold ("Requested node
 * configuration is not available"). Slurm counts hardware threads as CPUs where the profile says so
 * (logical_cpus_per_node); where it gives cores only, up to two threads per core may still be counted,
 * so a count between the cores and twice that is a warning and above it an error. Memory: the node's
 * physical memory (Slurm's usable memory is a little less). */
static void node_resources(struct vctx *x, int nodes)
{
	const struct cluster *c = x->c;
	const struct js_header *h = &x->p->header;
	if (x->js->sched != JS_SLURM)
		return;
	if (h->d_cpus && c->hw.cpu_cores_per_node > 0) {
		int tpn = h->tasks_per_node;
		if (!tpn && h->tasks > 0)
			tpn = (h->tasks + nodes - 1) / nodes;
		if (!tpn)
			tpn = 1; /* sbatch's default: one task */
		long want = 0;
		const char *how = "";
		char buf[96];
		if (h->cpus_per_task > 0) {
			want = (long)tpn * h->cpus_per_task;
			snprintf(buf, sizeof(buf), "%d task%s x %d CPUs", tpn, tpn == 1 ? "" : "s", h->cpus_per_task);
			how = buf;
		} else if (h->cpus_per_gpu > 0 && h->gpus_per_node > 0) {
			want = (long)h->gpus_per_node * h->cpus_per_gpu;
			snprintf(buf, sizeof(buf), "%d GPUs x %d CPUs", h->gpus_per_node, h->cpus_per_gpu);
			how = buf;
		}
		int logical = c->hw.logical_cpus_per_node, cores = c->hw.cpu_cores_per_node;
		int have = logical > 0 ? logical : cores;
		bool sure = logical > 0 || want > 2L * cores;
		if (want > have) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "ask for at most %d CPUs per task (%d %s per node / %d tasks)", have / tpn, have,
				    logical > 0 ? "CPUs" : "cores", tpn);
			report(x, "cpus-exceed-node", sure ? SEV_ERROR : SEV_WARNING, h->d_cpus->line, h->d_cpus->col,
			       h->d_cpus->span, fix.buf, "%s = %ld CPUs per node, but a %s node has %d %s%s", how, want, c->name,
			       have, logical > 0 ? "CPUs (hardware threads)" : "cores",
			       sure ? ": sbatch refuses the job" : ": sbatch refuses it unless hardware threads count as CPUs");
			strbuf_release(&fix);
		}
	}
	if (h->d_mem && h->mem_mb > 0 && c->hw.memory_gb_per_node > 0 && h->mem_mb > (long)c->hw.memory_gb_per_node * 1024) {
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "ask for less than %d GB (or --mem=0 for all of a node's memory)", c->hw.memory_gb_per_node);
		report(x, "memory-exceeds-node", SEV_ERROR, h->d_mem->line, h->d_mem->col, h->d_mem->span, fix.buf,
		       "--mem=%s per node, but a %s node has %d GB: sbatch refuses the job [%s]", h->d_mem->value, c->name,
		       c->hw.memory_gb_per_node, c->hw.src.url ? c->hw.src.url : c->source);
		strbuf_release(&fix);
	}
}

/* The documentation a queue's limits come from, for the messages that hold a job against them. */
static const char *qsrc(const struct cluster *c, const struct queue *q)
{
	return q && q->src.url ? q->src.url : c->source;
}

/* What a message says after the queue's name when the script names none: the queue is the default. */
static const char *default_mark(const struct cluster *c, const struct queue *q, bool named)
{
	if (named)
		return "";
	if (c->sched_default_queue && !strcmp(c->sched_default_queue, q->name))
		return " (the scheduler's default: the script names none)";
	return " (the default: the script names none)";
}

/* After a fix, where the script names no queue and the scheduler's default is the one held against it:
 * where that default is documented, so that the user sees why naming a queue helps. */
static void default_fix(const struct cluster *c, const struct queue *q, bool named, struct strbuf *fix)
{
	if (!named && c->sched_default_queue && !strcmp(c->sched_default_queue, q->name))
		strbuf_addf(fix, "; or name the queue the job needs: without one it gets %s (%s)", q->name,
			    c->sched_default_src.url ? c->sched_default_src.url : c->source);
}

/* After a fix that says "use another queue": the cluster's GPU queues that take a job of this many nodes
 * (and this walltime, where the script gives one; a walltime under a queue's floor is said apart), open
 * to every project, of the node type the script runs on, those maple picks by itself first (others, such
 * as preemptable ones, only where none of those does): "; queues that take 5 nodes: debug-scaling".
 * Nothing is added where none does. */
static void queues_taking(const struct vctx *x, const struct queue *q, int nodes, int walltime_min, struct strbuf *fix)
{
	const struct cluster *c = x->c;
	struct strbuf list = STRBUF_INIT;
	int w = walltime_min > 0 ? walltime_min : 1;
	for (int pass = 0; pass < 2 && !list.len; pass++)
		for (size_t i = 0; i < c->nqueues; i++) {
			const struct queue *o = &c->queues[i];
			/* (a walltime under a queue's floor is said apart: the floor is no reason to leave it out) */
			int ow = w < o->min_walltime_min ? o->min_walltime_min : w;
			if (o == q || o->cpu_only || o->access || o->auto_select != (pass == 0) ||
			    !queue_admits(o, nodes, ow, NULL))
				continue;
			if (c->nnode_types > 1 && c->node_type && !node_type_has_queue(c->node_type, o->name))
				continue; /* another GPU model: not the same job */
			if (o->partition && strcmp(o->partition, o->name) && c->scheduler == SCHED_SLURM)
				continue; /* a QOS inside a partition (Frontier's debug): named by its own rule */
			strbuf_addf(&list, "%s%s", list.len ? ", " : "", o->name);
		}
	if (list.len)
		strbuf_addf(fix, "; %s that take %d node%s%s: %s",
			    c->scheduler == SCHED_PBS ? "queues" : strcmp(queue_option(c), "qos") ? "partitions" : "QOS", nodes,
			    nodes == 1 ? "" : "s", walltime_min > 0 ? " for that walltime" : "", list.buf);
	strbuf_release(&list);
}

/* The script's walltime against queue q: under the queue's shortest (ALCF: 5 minutes), over its longest,
 * or over the limit of its node-count class (Polaris's prod: 3 h for 10-24 nodes) where the node count
 * fits the queue (nodes_fit); named is false when the script names no queue (q is the default). */
static void walltime_limits(struct vctx *x, const struct queue *q, bool named, int nodes, bool nodes_fit)
{
	const struct cluster *c = x->c;
	const struct js_header *h = &x->p->header;
	const struct directive *dt = h->d_time;
	int w = h->walltime_min == -2 ? 1000000 : h->walltime_min;
	char lo[32], got[32], hi[32];
	if (h->walltime_min > 0 && w < q->min_walltime_min) {
		/* under the queue's shortest walltime: qsub refuses the job. A limit of the request, which
		 * generate's rules do not know yet: said as the request's error */
		format_walltime(q->min_walltime_min, lo, sizeof(lo));
		format_walltime(w, got, sizeof(got));
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "ask for at least %s", lo);
		default_fix(c, q, named, &fix);
		struct finding *f = report(x, "walltime-below-queue", SEV_ERROR, dt->line, dt->col, dt->span, fix.buf,
					   "walltime %s, but queue '%s'%s on %s takes jobs of at least %s [%s]", got, q->name,
					   default_mark(c, q, named), c->name, lo, qsrc(c, q));
		if (f)
			f->about_request = true;
		strbuf_release(&fix);
		return;
	}
	struct strbuf why = STRBUF_INIT, fix = STRBUF_INIT;
	int max = q->max_walltime_min;
	if (nodes_fit) {
		if (queue_admits(q, nodes, w, &why)) {
			strbuf_release(&why);
			return;
		}
		for (size_t b = 0; b < q->nbins; b++)
			if (nodes >= q->bins[b].min_nodes && nodes <= q->bins[b].max_nodes)
				max = q->bins[b].max_walltime_min;
		if (!strstr(why.buf, "[http")) /* the queue's source, unless the sentence cites it already */
			strbuf_addf(&why, " [%s]", qsrc(c, q));
	} else {
		/* the node count is already an error: the queue's longest walltime still holds for any size */
		if (w <= max) {
			strbuf_release(&why);
			return;
		}
		format_walltime(max, hi, sizeof(hi));
		format_walltime(w, got, sizeof(got));
		strbuf_addf(&why, "walltime %s, but queue '%s'%s on %s allows at most %s [%s]", got, q->name,
			    default_mark(c, q, named), c->name, hi, qsrc(c, q));
	}
	format_walltime(max, hi, sizeof(hi));
	strbuf_addf(&fix, "ask for at most %s", hi);
	default_fix(c, q, named, &fix);
	report(x, "walltime-exceeds-queue", SEV_ERROR, dt->line, dt->col, dt->span, fix.buf, "%s", why.buf);
	strbuf_release(&fix);
	strbuf_release(&why);
}

/* A script that names no queue gets the one the scheduler gives (sq: NERSC's debug QOS, RCAC's CPU
 * partition shared), not the one maple would write (q): its limits are the ones the job is held to. A
 * CPU-only one is an error for a GPU job, unless a verify.requires rule of the profile already says the
 * option is needed (Lonestar6's -p); then, as then, the job is held to maple's default. */
static const struct queue *scheduler_default(struct vctx *x, const struct queue *q, const struct queue *sq,
					     const char *qopt)
{
	const struct cluster *c = x->c;
	if (!sq->cpu_only)
		return sq;
	for (size_t i = 0; i < c->nrequires; i++)
		if (!strcmp(c->requires[i].option, qopt))
			return q;
	struct strbuf gq = STRBUF_INIT, fix = STRBUF_INIT;
	for (size_t i = 0; i < c->nqueues; i++)
		if (!c->queues[i].cpu_only && c->queues[i].auto_select && !c->queues[i].access)
			strbuf_addf(&gq, "%s%s", gq.len ? ", " : "", c->queues[i].name);
	strbuf_adds(&fix, "name a GPU one: ");
	directive_text(x->js->sched, qopt, q ? q->name : c->default_queue, &fix);
	if (gq.len)
		strbuf_addf(&fix, " (GPU %s%s: %s)", x->js->sched == JS_PBS ? "queue" : qopt, strchr(gq.buf, ',') ? "s" : "",
			    gq.buf);
	report(x, "queue-cpu-only", SEV_ERROR, first_directive_line(x->js), 0, 0, fix.buf,
	       "no %s: the job goes to '%s', %s's default, which has CPU nodes only: the job's GPUs cannot be had "
	       "there [%s]", x->js->sched == JS_PBS ? "queue" : qopt, sq->name, c->name,
	       c->sched_default_src.url ? c->sched_default_src.url : qsrc(c, sq));
	strbuf_release(&fix);
	strbuf_release(&gq);
	return q;
}

/* A header count as a finding says it: the reader keeps every count past 100000 as 100001 (more than any
 * cluster has), so the number is d's as written ('--gpus-per-node=99999999999', 'gpu:a100:100000') when
 * it is one, else "more than 100000" - never the 100001 that stands for it. */
static const char *count_text(long v, const struct directive *d, char *buf, size_t n)
{
	if (v <= 100000) {
		snprintf(buf, n, "%ld", v);
		return buf;
	}
	const char *val = d && d->value ? d->value : "";
	const char *c = strrchr(val, ':');
	const char *num = c ? c + 1 : val;
	size_t len = strspn(num, "0123456789");
	if (len && len < n && len <= 30 && (!num[len] || num[len] == ' '))
		snprintf(buf, n, "%.*s", (int)len, num);
	else
		snprintf(buf, n, "more than 100000");
	return buf;
}

/* The job's GPUs as a finding says them: a total over 100000, or one made of a count the reader kept as
 * 100001, is "more than 100000" (the total itself when the directive wrote it: --gpus=N). */
static const char *total_text(long total, const struct js_header *h, char *buf, size_t n)
{
	if (h->gpus_total)
		return count_text(total, h->d_gpus, buf, n);
	if (total > 100000 || h->gpus_per_node > 100000 || h->nodes > 100000) {
		snprintf(buf, n, "more than 100000");
		return buf;
	}
	snprintf(buf, n, "%ld", total);
	return buf;
}

static void limits(struct vctx *x)
{
	const struct jobscript *js = x->js;
	const struct cluster *c = x->c;
	const struct js_header *h = &x->p->header;
	const char *qopt = queue_option(c);
	const struct directive *qd = js_directive(js, qopt);
	if (!qd && js->sched == JS_SLURM) /* partition or qos, whichever the script uses */
		qd = js_directive(js, strcmp(qopt, "qos") ? "qos" : "partition");
	const struct queue *q = NULL;
	if (qd && qd->value) {
		q = cluster_queue(c, qd->value);
		if (!q) {
			struct strbuf known = STRBUF_INIT;
			for (size_t i = 0; i < c->nqueues; i++)
				strbuf_addf(&known, "%s%s", i ? ", " : "", c->queues[i].name);
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "use one of: %s", known.buf);
			/* maple's list of the option the cluster's own header uses is complete (data/SCHEMA.md); a
			 * value read through a variable, or the other Slurm option, may be a name maple has no list of */
			bool known_all = !strcmp(qd->opt, qopt) && !strchr(qd->value, '$');
			if (known_all)
				report(x, "queue-unknown", SEV_ERROR, qd->line, qd->col, qd->span, fix.buf,
				       "%s has no %s '%s': %s rejects the job [%s]", c->name,
				       js->sched == JS_PBS ? "queue" : qd->opt, qd->value, js->sched == JS_PBS ? "qsub" : "sbatch",
				       c->nqueues && c->queues[0].src.url ? c->queues[0].src.url : c->source);
			else
				report(x, "queue-unknown", SEV_WARNING, qd->line, qd->col, qd->span, fix.buf,
				       "'%s' is not a %s %s maple knows; its limits were not checked", qd->value, c->name,
				       qd->opt);
			strbuf_release(&fix);
			strbuf_release(&known);
		}
		else if (js->sched == JS_SLURM && !strcmp(qd->opt, "partition") && q->partition &&
			 strcmp(q->partition, q->name)) {
			/* a QOS of the cluster given as the partition (Frontier's debug): sbatch has no such partition */
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "#SBATCH -p %s and #SBATCH -q %s", q->partition, q->name);
			report(x, "queue-unknown", SEV_ERROR, qd->line, qd->col, qd->span, fix.buf,
			       "'%s' is a QOS on %s (it runs in the %s partition), not a partition: sbatch rejects -p %s",
			       q->name, c->name, q->partition, q->name);
			strbuf_release(&fix);
		}
	} else {
		q = cluster_queue(c, c->default_queue);
		const struct queue *sq = c->sched_default_queue ? cluster_queue(c, c->sched_default_queue) : NULL;
		if (sq && js->sched != JS_NONE)
			q = scheduler_default(x, q, sq, qopt);
	}
	x->queue = q;
	bool said = false; /* a verify.requires rule on this directive already reported its value as an error */
	for (size_t i = 0; qd && qd->value && i < c->nrequires; i++)
		said = said || (!strcmp(c->requires[i].option, qd->opt) && c->requires[i].value &&
				!strstr(qd->value, c->requires[i].value) && strcmp(c->requires[i].severity, "warning"));
	if (q && q->cpu_only && qd && !said) {
		/* a partition the profile lists as CPU-only: a GPU job there gets no GPUs (sbatch refuses its GPU
		 * request outright) */
		struct strbuf gq = STRBUF_INIT;
		for (size_t i = 0; i < c->nqueues; i++)
			if (!c->queues[i].cpu_only)
				strbuf_addf(&gq, "%s%s", gq.len ? ", " : "", c->queues[i].name);
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "use a GPU %s: %s (%s)", js->sched == JS_PBS ? "queue" : qd->opt, gq.buf,
			    q->src.url ? q->src.url : c->source);
		bool asks_gpus = h->gpus_per_node > 0 || h->gpus_total > 0 || h->d_gpus;
		if (asks_gpus)
			report(x, "queue-cpu-only", SEV_ERROR, qd->line, qd->col, qd->span, fix.buf,
			       "'%s' on %s has CPU nodes only: the job's GPU request cannot be met there [%s]", q->name, c->name,
			       qsrc(c, q));
		else
			report(x, "queue-cpu-only", SEV_ERROR, qd->line, qd->col, qd->span, fix.buf,
			       "'%s' on %s has CPU nodes only: the training program gets no GPU [%s]", q->name, c->name,
			       qsrc(c, q));
		strbuf_release(&fix);
		strbuf_release(&gq);
	}
	if (q && q->access && qd && !q->cpu_only) {
		/* a queue not every project may use (ALCF's demand: by request only; NERSC's interactive QOS:
		 * salloc): a warning, since the project may have been given it; the queues open to all named */
		struct strbuf open = STRBUF_INIT, fix = STRBUF_INIT;
		for (size_t i = 0; i < c->nqueues; i++)
			if (!c->queues[i].cpu_only && !c->queues[i].access && c->queues[i].auto_select)
				strbuf_addf(&open, "%s%s", open.len ? ", " : "", c->queues[i].name);
		strbuf_addf(&fix, "use it only if the project has been given it; otherwise a %s open to every project (%s)",
			    js->sched == JS_PBS ? "queue" : qd->opt, open.len ? open.buf : c->default_queue);
		report(x, "queue-restricted", SEV_WARNING, qd->line, qd->col, qd->span, fix.buf,
		       "%s '%s' on %s is restricted: %s [%s]", js->sched == JS_PBS ? "queue" : qd->opt, q->name, c->name,
		       q->access, q->access_src.url ? q->access_src.url : qsrc(c, q));
		strbuf_release(&open);
		strbuf_release(&fix);
	}
	const struct directive *da = h->d_account;
	if (da && da->value && !strchr(da->value, '$') && (!q || !q->cpu_only) && account_charges_gpu(c, da->value) == 0) {
		/* the centre names CPU and GPU accounts apart (Delta: <project>-delta-cpu / -delta-gpu) and this
		 * GPU job names the CPU one: a warning, since the centre does not say the job is refused */
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "charge the job to the project's GPU account (like %s)", c->account_example);
		report(x, "account-kind", SEV_WARNING, da->line, da->col, da->span, fix.buf,
		       "account '%s' is not one of %s's GPU accounts (%s), and this is a GPU job: %s names the accounts "
		       "that charge CPU and GPU jobs apart [%s]",
		       da->value, c->name, c->account_gpu_pattern, c->center, c->account_src.url ? c->account_src.url : c->source);
		strbuf_release(&fix);
	}
	int nodes = h->nodes > 0 ? h->nodes : 1;
	int nline = h->d_nodes ? h->d_nodes->line : first_directive_line(js);
	int ncol = h->d_nodes ? h->d_nodes->col : 0, nspan = h->d_nodes ? h->d_nodes->span : 0;
	if (q) {
		/* the node count and the walltime are held against the queue apart: a script may break both
		 * (5 nodes for 3 minutes in Polaris's prod: at least 10 nodes, at least 5 minutes) */
		bool nodes_known = h->nodes > 0 || !nodes_unknown(js);
		bool nodes_fit = false;
		if (!nodes_known) {
			/* directive-value reports the node count that cannot be read; nothing to hold against the queue */
		} else if (nodes > q->max_nodes) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "ask for at most %d nodes, or use another queue", q->max_nodes);
			char nt[40];
			queues_taking(x, q, nodes, h->walltime_min, &fix);
			default_fix(c, q, qd != NULL, &fix);
			report(x, "nodes-exceed-queue", SEV_ERROR, nline, ncol, nspan, fix.buf,
			       "%s nodes, but queue '%s'%s on %s allows at most %d [%s]", count_text(nodes, h->d_nodes, nt, sizeof(nt)),
			       q->name, default_mark(c, q, qd != NULL), c->name, q->max_nodes, qsrc(c, q));
			strbuf_release(&fix);
		} else if (node_type_pinned(c, q) && nodes > c->node_type->nodes) {
			/* issue14: the queue admits it, but the node type it lands on has fewer nodes */
			const struct node_type *nt = c->node_type;
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "ask for at most %d nodes, or use another GPU type (%s)", nt->nodes,
				    nt->hw.src.url ? nt->hw.src.url : c->source);
			char nn[40];
			report(x, "nodes-exceed-node-type", SEV_ERROR, nline, ncol, nspan, fix.buf,
			       "%s nodes, but %s has %d %s nodes (%s) [%s]", count_text(nodes, h->d_nodes, nn, sizeof(nn)), c->name,
			       nt->nodes, nt->id,
			       nt->hw.gpu_model ? nt->hw.gpu_model : "?", nt->src.url ? nt->src.url : c->source);
			strbuf_release(&fix);
			nodes_fit = true; /* the queue's own limits still apply to this count */
		} else if (nodes < q->min_nodes) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "ask for at least %d nodes, or use a queue for small jobs", q->min_nodes);
			queues_taking(x, q, nodes, h->walltime_min, &fix);
			default_fix(c, q, qd != NULL, &fix);
			report(x, "nodes-below-queue", SEV_ERROR, nline, ncol, nspan, fix.buf,
			       "%d node%s, but queue '%s'%s on %s takes jobs of at least %d nodes [%s]", nodes,
			       nodes == 1 ? "" : "s", q->name, default_mark(c, q, qd != NULL), c->name, q->min_nodes, qsrc(c, q));
			strbuf_release(&fix);
		} else {
			nodes_fit = true;
		}
		if (h->d_time && (h->walltime_min > 0 || h->walltime_min == -2))
			walltime_limits(x, q, qd != NULL, nodes, nodes_known && nodes_fit);
	}
	if (!h->d_time && js->sched != JS_NONE) {
		bool required = false;
		for (size_t i = 0; i < c->nrequires; i++)
			required |= !strcmp(c->requires[i].option, "time") || !strcmp(c->requires[i].option, "walltime");
		if (!required) {
			char a[32] = "the queue's default";
			if (q && q->default_walltime_min)
				format_walltime(q->default_walltime_min, a, sizeof(a));
			struct strbuf fix = STRBUF_INIT;
			strbuf_adds(&fix, "add `");
			directive_text(js->sched, js->sched == JS_SLURM ? "time" : "walltime", "HH:MM:SS", &fix);
			strbuf_adds(&fix, "`");
			report(x, "walltime-missing", SEV_WARNING, first_directive_line(js), 0, 0, fix.buf,
			       "no walltime: the job gets %s and may be killed before it ends", a);
			strbuf_release(&fix);
		}
	}
	/* GPUs per node */
	int gmax = c->hw.gpus_per_node;
	if (gmax > 0 && h->d_gpus) {
		int g = h->gpus_per_node;
		if (!g && h->gpus_total && nodes)
			g = (h->gpus_total + nodes - 1) / nodes;
		if (g > gmax) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "ask for at most %d GPUs per node and more nodes", gmax);
			char gt[40], what[96];
			/* the directive's own count per node, as written past 100000; a count the reader computed
			 * (GPUs per task x tasks) is its number or "more than 100000"; a total over the nodes is said
			 * as the total */
			const char *o = h->d_gpus->opt ? h->d_gpus->opt : "";
			bool per_node = h->gpus_per_node == g && (!strcmp(o, "gpus-per-node") || !strcmp(o, "gres"));
			if (!h->gpus_per_node && h->gpus_total)
				snprintf(what, sizeof(what), "%s GPUs over %d node%s, more than %d per node",
					 count_text(h->gpus_total, h->d_gpus, gt, sizeof(gt)), nodes, nodes == 1 ? "" : "s",
					 g > 100000 ? 100000 : g - 1);
			else
				snprintf(what, sizeof(what), "%s GPUs per node", count_text(g, per_node ? h->d_gpus : NULL, gt, sizeof(gt)));
			report(x, "gpus-exceed-node", SEV_ERROR, h->d_gpus->line, h->d_gpus->col, h->d_gpus->span, fix.buf,
			       "%s, but a %s node has %d (%s) [%s]", what, c->name, gmax, c->hw.gpu_model,
			       c->hw.src.url ? c->hw.src.url : c->source);
			strbuf_release(&fix);
		}
	}
	node_resources(x, nodes);
	/* GPUs per job on a shared queue (Perlmutter's shared QOS: 2, Bridges-2's GPU-shared: 4) */
	if (q && q->max_gpus > 0 && h->d_gpus) {
		long total = h->gpus_total ? h->gpus_total : (long)h->gpus_per_node * nodes;
		if (total > q->max_gpus) {
			char tt[40];
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "ask for at most %d GPUs, or use a whole-node queue", q->max_gpus);
			report(x, "gpus-exceed-queue", SEV_ERROR, h->d_gpus->line, h->d_gpus->col, h->d_gpus->span, fix.buf,
			       "%s GPUs, but queue '%s' on %s allows at most %d per job [%s]",
			       total_text(total, h, tt, sizeof(tt)), q->name, c->name, q->max_gpus, qsrc(c, q));
			strbuf_release(&fix);
		}
	}
	/* GPUs one user may hold at once (Anvil's gpu and ai: 12): the scheduler accepts a bigger job, which
	 * then waits until the centre raises the cap: a warning, with the source */
	if (q && q->max_gpus_per_user > 0 && h->d_gpus) {
		long total = h->gpus_total ? h->gpus_total : (long)h->gpus_per_node * nodes;
		if (total > q->max_gpus_per_user) {
			char tt[40];
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "ask for at most %d GPUs, or ask the centre to raise your limit first (%s)",
				    q->max_gpus_per_user, q->src.url ? q->src.url : "the centre's documentation");
			struct finding *f =
				report(x, "gpus-exceed-user-limit", SEV_WARNING, h->d_gpus->line, h->d_gpus->col, h->d_gpus->span,
				       fix.buf, "%s GPUs, but queue '%s' on %s lets one user hold at most %d at a time: the job would wait [%s]",
				       total_text(total, h, tt, sizeof(tt)), q->name, c->name, q->max_gpus_per_user, qsrc(c, q));
			if (f)
				f->about_request = true;
			strbuf_release(&fix);
		}
	}
}

void check_header(struct vctx *x)
{
	const struct jobscript *js = x->js;
	syntax(x);
	if (js->flux_line) {
		/* not a defect: a job that starts its own Flux instance (LLNL, ALCF workflows) runs what it submits
		 * to it, which maple does not follow - said, never called an error */
		report(x, "scheduler-unsupported", SEV_WARNING, js->flux_line, 0, 0,
		       "check the jobs the instance runs with Flux's own tools (flux run --dry-run)",
		       "this line starts a Flux instance inside the job (flux start/alloc/proxy): what runs in it is "
		       "submitted to Flux, which maple does not follow, so the launch is not checked");
		return;
	}
	if (!x->c) {
		report(x, "cluster-unknown", SEV_INFO, 0, 0, 0, "name it: --cluster ID (maple clusters lists them)",
		       "the cluster is not known: queue limits, GPUs per node, required and rejected options were not "
		       "checked");
		return;
	}
	const struct cluster *c = x->c;
	if (js->sched == JS_NONE) {
		/* resources on the sbatch/qsub command line (or a helper run inside an allocation): nothing in
		 * the script to hold against the queues, and no value to invent */
		bool pbs = c->scheduler == SCHED_PBS;
		report(x, "no-directives", SEV_WARNING, js->lines.nr ? 1 : 0, 0, 0,
		       pbs ? "put the qsub -l/-q/-A options in #PBS lines so the script carries them"
			   : "put the sbatch options in #SBATCH lines so the script carries them",
		       "no %s directives: nodes, GPUs, walltime, queue and account come from the %s command line (or "
		       "the allocation this runs in), so they were not checked",
		       pbs ? "#PBS" : "#SBATCH", pbs ? "qsub" : "sbatch");
		return;
	}
	bool match = js->sched == JS_NONE || (js->sched == JS_SLURM && c->scheduler == SCHED_SLURM) ||
		     (js->sched == JS_PBS && c->scheduler == SCHED_PBS);
	if (!match) {
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "port it: maple generate --from SCRIPT --to %s", c->id);
		report(x, "wrong-scheduler", SEV_ERROR, first_directive_line(js), 0, 0, fix.buf,
		       "%s runs %s, but this is a %s script: its %s lines mean nothing there", c->name,
		       scheduler_name(c->scheduler), sched_kind_name(js->sched), directive_word(js->sched));
		strbuf_release(&fix);
		return;
	}
	cluster_rules(x);
	limits(x);
}

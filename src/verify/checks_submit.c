/* checks_submit.c - header options that stand outside the header's own directives: a node count the
 * script leaves to its submit command (a comment showing `sbatch -N 4 job.sh`, or a launch that reads
 * $SLURM_NNODES under a header that sets none), and directives of another scheduler (#PBS in a Slurm
 * script, #SBATCH in a PBS one), which the submit command never reads: harmless where the script's own
 * directives set the same thing, an error where that line is the only place the option is set. */
#include "checks.h"
#include "lookup.h"

#include "../util/strbuf.h"

#include <stdio.h>
#include <string.h>

/* The submit command of a scheduler. */
static const char *submit_tool(enum sched_kind k)
{
	return k == JS_SLURM ? "sbatch" : k == JS_PBS || k == JS_COBALT ? "qsub" : k == JS_FLUX ? "flux batch" : "bsub";
}

/* What a directive asks for, across schedulers: "nodes", "time", "account", "queue", "gpus", or NULL
 * for an option whose loss changes nothing the job runs with here (names, logs, mail, a site's file
 * systems or placement, which the other scheduler has no use for). */
static const char *concept(enum sched_kind k, const char *opt)
{
	static const char *const map[] = {
		/* Slurm (sbatch(1) long names) */
		"S", "nodes", "nodes", "S", "ntasks", "nodes", "S", "time", "time", "S", "account", "account",
		"S", "partition", "queue", "S", "qos", "queue", "S", "gpus-per-node", "gpus", "S", "gres", "gpus",
		"S", "gpus", "gpus", "S", "gpus-per-task", "gpus",
		/* PBS (qsub(1) and its -l resources) */
		"P", "select", "nodes", "P", "nodes", "nodes", "P", "walltime", "time", "P", "account", "account",
		"P", "project", "account", "P", "queue", "queue", "P", "ngpus", "gpus",
		/* LSF (bsub(1)) */
		"L", "nnodes", "nodes", "L", "slots", "nodes", "L", "walltime", "time", "L", "account", "account",
		"L", "queue", "queue", "L", "gpu", "gpus", NULL};
	char s = k == JS_SLURM ? 'S' : k == JS_PBS ? 'P' : k == JS_LSF ? 'L' : 0;
	for (size_t i = 0; s && opt && map[i]; i += 3)
		if (map[i][0] == s && !strcmp(map[i + 1], opt))
			return map[i + 2];
	return NULL;
}

/* The script's own directive that asks for what (a concept), or NULL. */
static const struct directive *own_directive(const struct jobscript *js, const char *what)
{
	for (size_t i = js->ndirs; i-- > 0;) {
		const struct directive *d = &js->dirs[i];
		if (d->kind != js->sched || d->ignored || d->unknown || d->problem)
			continue;
		const char *c = concept(d->kind, d->opt);
		if (c && !strcmp(c, what))
			return d;
		/* a PBS chunk (select=, Torque's nodes=) gives its nodes' GPUs (whole nodes, or ngpus=/gpus= in it) */
		if (!strcmp(what, "gpus") && d->kind == JS_PBS && (!strcmp(d->opt, "select") || !strcmp(d->opt, "nodes")))
			return d;
	}
	return NULL;
}

/* Slurm's, PBS's and LSF's words for what a concept means in a message. */
static const char *concept_words(const char *what)
{
	return !strcmp(what, "nodes") ? "the node count" : !strcmp(what, "time") ? "the walltime" :
	       !strcmp(what, "account") ? "the account" : !strcmp(what, "queue") ? "the queue" : "the GPUs";
}

static const char *fix_option(enum sched_kind k, const char *what)
{
	if (!strcmp(what, "nodes"))
		return k == JS_PBS ? "select" : k == JS_LSF ? "nnodes" : "nodes";
	if (!strcmp(what, "time"))
		return k == JS_SLURM ? "time" : "walltime";
	if (!strcmp(what, "queue"))
		return k == JS_SLURM ? "partition" : "queue";
	if (!strcmp(what, "gpus"))
		return k == JS_PBS ? "ngpus" : k == JS_LSF ? "gpu" : "gpus-per-node";
	return what;
}

static void foreign_directives(struct vctx *x)
{
	const struct jobscript *js = x->js;
	for (size_t i = 0; i < js->ndirs; i++) {
		const struct directive *d = &js->dirs[i];
		if (d->kind == js->sched)
			continue;
		const char *what = d->unknown ? NULL : concept(d->kind, d->opt);
		const struct directive *own = what ? own_directive(js, what) : NULL;
		int span = (int)strlen(directive_word(d->kind));
		/* GPUs: many clusters give a whole node's GPUs with the node (Frontier, Polaris), so a GPU request
		 * only on the other scheduler's line may lose nothing - a warning; the node count, walltime, account
		 * and queue always change the job */
		if (what && !own && js->sched != JS_NONE && strcmp(what, "gpus")) {
			struct strbuf fix = STRBUF_INIT;
			strbuf_adds(&fix, "write it as `");
			directive_text(js->sched, fix_option(js->sched, what), d->value, &fix);
			strbuf_adds(&fix, "` with the other directives");
			const char *l = js->lines.v[d->line - 1];
			report(x, "wrong-scheduler", SEV_ERROR, d->line, 1, span, fix.buf,
			       "`%.*s` in a %s script: %s never reads it, and no %s line sets %s, so the job runs without it",
			       (int)(strlen(l) > 80 ? 80 : strlen(l)), l, sched_kind_name(js->sched), submit_tool(js->sched),
			       directive_word(js->sched), concept_words(what));
			strbuf_release(&fix);
		} else if (own) {
			report(x, "wrong-scheduler", SEV_WARNING, d->line, 1, span, "keep the directives of one scheduler",
			       "a %s line in a %s script: %s never reads it (line %d sets %s)", directive_word(d->kind),
			       sched_kind_name(js->sched), submit_tool(js->sched), own->line, concept_words(what));
		} else {
			report(x, "wrong-scheduler", SEV_WARNING, d->line, 1, span, "keep the directives of one scheduler",
			       "a %s line in a %s script: %s never reads it", directive_word(d->kind),
			       sched_kind_name(js->sched), submit_tool(js->sched));
		}
	}
}

/* A header with no node count of its own whose count comes with the submit command. */
static void submit_nodes(struct vctx *x)
{
	const struct jobscript *js = x->js;
	struct js_submit s;
	if (js->sched == JS_NONE || x->p->header.nodes > 0 || !js_submit_nodes(js, &s))
		return;
	struct strbuf fix = STRBUF_INIT;
	const char *tool = submit_tool(js->sched);
	strbuf_adds(&fix, "put `");
	char n[16];
	snprintf(n, sizeof(n), "%d", s.count);
	directive_text(js->sched, fix_option(js->sched, "nodes"), s.count > 0 ? n : "N", &fix);
	strbuf_adds(&fix, "` in the header so the script carries its node count");
	if (s.comment)
		report(x, "nodes-on-submit-line", SEV_WARNING, s.line, s.col, (int)strlen(tool), fix.buf,
		       "the header sets no node count: the job takes it from the %s command shown here (%s), so it "
		       "was not checked against the queues",
		       tool, s.count > 0 ? n : "a placeholder");
	else
		report(x, "nodes-on-submit-line", SEV_WARNING, s.line, 0, 0, fix.buf,
		       "the header sets no node count and this line reads the allocation's ($SLURM_NNODES or "
		       "$SLURM_JOB_NUM_NODES): the count "
		       "comes from the %s command line, so it was not checked against the queues", tool);
	strbuf_release(&fix);
}

void check_submit(struct vctx *x)
{
	foreign_directives(x);
	submit_nodes(x);
}

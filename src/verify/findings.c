/* findings.c - findings and their reporting: adding a finding, where a word of the script stands,
 * and fix texts written in the cluster's own scheduler syntax. Beneath the driver and the checks. */
#include "findings.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *severity_name(enum severity s)
{
	return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" : "info";
}

struct finding *report(struct vctx *x, const char *id, enum severity sev, int line, int col, int span,
		       const char *fix, const char *fmt, ...)
{
	struct verify_result *r = x->res;
	/* one finding per id and line */
	for (size_t i = 0; i < r->nfindings; i++)
		if (r->findings[i].line == line && !strcmp(r->findings[i].id, id))
			return NULL;
	r->findings = xrealloc(r->findings, (r->nfindings + 1) * sizeof(*r->findings));
	struct finding *f = &r->findings[r->nfindings++];
	f->id = id;
	f->sev = sev;
	f->line = line;
	f->col = col;
	f->span = span;
	f->about_request = false;
	f->user_text = false;
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	f->message = strbuf_detach(&sb);
	f->fix = xstrdup(fix ? fix : "");
	if (sev == SEV_ERROR)
		r->nerrors++;
	else if (sev == SEV_WARNING)
		r->nwarnings++;
	return f;
}

/* A word of a launch line that is not written on its line came from a variable's value
 * (LAUNCHER="accelerate launch --num_processes 4", args=(--nproc-per-node=8), "$@" excluded): the
 * line of the batch shell's assignment before the command that holds it, 0 when none does. */
static int assigned_at(const struct vctx *x, int cmd, const char *raw, int *col)
{
	const struct jobscript *js = x->js;
	int at = js->cmds[cmd].line;
	for (size_t i = js->nassigns; i-- > 0;) {
		const struct assign *a = &js->assigns[i];
		if (a->depth != 0 || !a->has_value || !a->value.raw || a->line >= at || !strstr(a->value.raw, raw))
			continue;
		/* the physical line of a multi-line value (an array over several lines) */
		for (int l = a->line; l >= 1 && (size_t)l <= js->lines.nr && l < at; l++) {
			const char *t = strstr(js->lines.v[l - 1], raw);
			if (t) {
				*col = (int)(t - js->lines.v[l - 1]) + 1;
				return l;
			}
		}
		return a->line;
	}
	return 0;
}

void word_pos(const struct vctx *x, int cmd, int word, int *line, int *col, int *span)
{
	const struct jcmd *c = &x->js->cmds[cmd];
	if (word < 0 || (size_t)word >= c->words.nr) {
		*line = c->line;
		*col = 0;
		*span = 0;
		return;
	}
	*line = c->word_line[word];
	*col = c->word_col[word];
	*span = (int)strlen(c->words.v[word].raw);
	/* inside a double-quoted bash -c string the column is the string's: find the word itself */
	if (c->depth > 0 && *line >= 1 && (size_t)*line <= x->js->lines.nr && *col >= 1) {
		const char *l = x->js->lines.v[*line - 1];
		if ((size_t)*col <= strlen(l)) {
			const char *at = strstr(l + *col - 1, c->words.v[word].raw);
			if (at)
				*col = (int)(at - l) + 1;
		}
	}
	/* a word not on its command's lines came from a variable's value: its line is the assignment's */
	const char *raw = c->words.v[word].raw;
	if (strlen(raw) >= 3 && !strchr(raw, '\n') && *line >= 1) {
		bool here = false;
		for (int l = c->line; l <= c->last_line && l >= 1 && (size_t)l <= x->js->lines.nr && !here; l++)
			here = strstr(x->js->lines.v[l - 1], raw) != NULL;
		int acol = 0, al = here ? 0 : assigned_at(x, cmd, raw, &acol);
		if (al > 0) {
			*line = al;
			*col = acol;
		}
	}
	/* a word spanning lines: underline to the end of its first line */
	const char *nl = strchr(c->words.v[word].raw, '\n');
	if (nl)
		*span = (int)(nl - c->words.v[word].raw);
}

void opt_pos(const struct vctx *x, const struct stage *s, const struct lopt *o, int *line, int *col, int *span)
{
	if (o)
		word_pos(x, s->cmd, o->word, line, col, span);
	else
		word_pos(x, s->cmd, s->first, line, col, span);
	if (o && o->value_word > o->word) { /* underline option and value */
		int l2, c2, s2;
		word_pos(x, s->cmd, o->value_word, &l2, &c2, &s2);
		if (l2 == *line && c2 > *col)
			*span = c2 + s2 - *col;
	}
}

enum sched_kind fix_sched(const struct vctx *x)
{
	if (x->js->sched != JS_NONE)
		return x->js->sched;
	if (x->c)
		return x->c->scheduler == SCHED_PBS ? JS_PBS : x->c->scheduler == SCHED_SLURM ? JS_SLURM : JS_NONE;
	return JS_NONE;
}

const char *directive_word(enum sched_kind k)
{
	return k == JS_SLURM ? "#SBATCH" : k == JS_PBS ? "#PBS" : k == JS_LSF ? "#BSUB" : k == JS_FLUX ? "#flux:" : k == JS_COBALT ? "#COBALT" : "#";
}

void directive_text(enum sched_kind k, const char *opt, const char *value, struct strbuf *out)
{
	const char *v = value ? value : "VALUE";
	if (k == JS_PBS) {
		if (!strcmp(opt, "account"))
			strbuf_addf(out, "#PBS -A %s", value ? value : "PROJECT");
		else if (!strcmp(opt, "queue") || !strcmp(opt, "partition") || !strcmp(opt, "qos"))
			strbuf_addf(out, "#PBS -q %s", value ? value : "QUEUE");
		else if (!strcmp(opt, "job-name"))
			strbuf_addf(out, "#PBS -N %s", v);
		else if (!strcmp(opt, "time"))
			strbuf_addf(out, "#PBS -l walltime=%s", v);
		else if (!strcmp(opt, "nodes"))
			strbuf_addf(out, "#PBS -l select=%s", v);
		else
			strbuf_addf(out, "#PBS -l %s=%s", opt, v);
	} else if (k == JS_LSF) {
		strbuf_addf(out, "#BSUB -%s %s", opt, v);
	} else if (k == JS_FLUX) {
		/* flux batch's long options (flux-batch(1)) */
		if (!strcmp(opt, "walltime") || !strcmp(opt, "time"))
			opt = "time-limit";
		else if (!strcmp(opt, "partition") || !strcmp(opt, "qos"))
			opt = "queue";
		else if (!strcmp(opt, "account"))
			opt = "bank";
		strbuf_addf(out, "#flux: --%s=%s", opt, v);
	} else {
		/* Slurm, and a script without directives: written as sbatch options (the --cluster's syntax
		 * is chosen by fix_sched before this) */
		if (!strcmp(opt, "walltime"))
			opt = "time";
		else if (!strcmp(opt, "queue"))
			opt = "partition";
		strbuf_addf(out, "#SBATCH --%s=%s", opt, v);
	}
}

int first_directive_line(const struct jobscript *js)
{
	for (size_t i = 0; i < js->ndirs; i++)
		if (js->dirs[i].kind == js->sched)
			return js->dirs[i].line;
	return js->lines.nr ? 1 : 0;
}

const char *launcher_name(const struct stage *s)
{
	return s->kind == SK_TDLAUNCH ? "torch.distributed.launch" : stage_kind_name(s->kind);
}

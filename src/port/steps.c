/* steps.c - the old job's single-task helper steps in a port: a data preparation, download or
 * evaluation step around the training launch (`srun -n 1 python prepare_data.py`, `mpiexec -n 1
 * python ...`, a plain `python preprocess.py`) is carried over, re-expressed with the target's
 * launcher for one task (or kept as a plain command when it had no launcher), before or after the
 * training launch as it was; a step that cannot be carried is named with its line and the reason. */
#include "port.h"

#include "../script/plan.h"
#include "../util/xalloc.h"

#include <stdio.h>
#include <string.h>

/* The index in js->launches of the launch line command ci starts, or -1. */
static int launch_of(const struct jobscript *js, size_t ci)
{
	for (size_t l = 0; l < js->nlaunches; l++)
		if (js->launches[l].cmd == (int)ci)
			return (int)l;
	return -1;
}

static bool is_python_word(const char *w)
{
	const char *b = base_name(w);
	return !strcmp(b, "python") || !strcmp(b, "python3") || (!strncmp(b, "python3.", 8) && b[8]);
}

/* The word index of the program a plain `python [OPTS] prog.py ...` command runs (or of -m), -1 when
 * the command is not one. */
static int plain_python_script(const struct jcmd *c)
{
	size_t i = c->nassign_prefix;
	if (i >= c->words.nr || !is_python_word(c->words.v[i].value))
		return -1;
	for (i++; i < c->words.nr; i++) {
		const char *v = c->words.v[i].value;
		if (!strcmp(v, "-m"))
			return i + 1 < c->words.nr ? (int)i : -1;
		if (v[0] != '-')
			return strlen(v) > 3 && !strcmp(v + strlen(v) - 3, ".py") ? (int)i : -1;
	}
	return -1;
}

bool port_step_cmd(const struct script_reading *sr, size_t ci)
{
	const struct jobscript *js = &sr->js;
	if (sr->plan.launch < 0 || ci >= js->ncmds)
		return false;
	const struct jcmd *c = &js->cmds[ci];
	if (c->depth != 0 || c->in_control || c->background || (int)ci == js->launches[sr->plan.launch].cmd)
		return false;
	int li = launch_of(js, ci);
	if (li >= 0) {
		if (js_helper_step(js, li))
			return true;
		/* a plain `python evaluate.py` with no launcher or spawner */
		const struct launch *l = &js->launches[li];
		for (size_t i = 0; i < l->nstages; i++)
			if (l->stages[i].kind <= SK_ACCELERATE)
				return false;
		return l->prog_stage >= 0 && l->script_word >= 0 && !strcmp(l->stages[l->prog_stage].prog, "python");
	}
	/* not a launch line: a data step's name took it out of the reader's launches */
	return plain_python_script(c) >= 0;
}

/* The target's launcher for one task on one node (its profile's `launcher_one_task`, checked on load
 * and sourced there), or NULL when the profile does not give it. */
static const char *one_task(const struct cluster *target)
{
	return target->one_task.text;
}

/* The container runtime a stage of l runs (apptainer, shifter, podman-hpc ...), or NULL: the image
 * belongs to the old job's set-up, which the step does not carry. */
static const char *container_of(const struct jobscript *js, const struct launch *l)
{
	for (size_t i = 0; i < l->nstages; i++)
		if (l->stages[i].prog && !strcmp(l->stages[i].prog, "container"))
			return base_name(js->cmds[l->stages[i].cmd].words.v[l->stages[i].first].value);
	return NULL;
}

static void not_carried(struct script_reading *sr, int line, const char *why)
{
	const char *l = sr->js.lines.v[line - 1];
	l += strspn(l, " \t");
	strvec_pushf(&sr->dropped, "line %d: `%.*s` not carried over: %s", line, (int)(strlen(l) > 100 ? 100 : strlen(l)),
		     l, why);
}

void port_helper_steps(struct script_reading *sr, const struct cluster *target, struct request *req)
{
	const struct jobscript *js = &sr->js;
	if (sr->plan.launch < 0)
		return;
	int main_line = js->cmds[js->launches[sr->plan.launch].cmd].line;
	for (size_t ci = 0; ci < js->ncmds; ci++) {
		if (!port_step_cmd(sr, ci))
			continue;
		const struct jcmd *c = &js->cmds[ci];
		int li = launch_of(js, ci);
		const struct launch *l = li >= 0 ? &js->launches[li] : NULL;
		const struct jcmd *pc = c;
		size_t first = c->nassign_prefix, last = c->words.nr;
		bool launched = false;
		if (l) {
			const struct stage *p = &l->stages[l->prog_stage];
			pc = &js->cmds[p->cmd];
			first = (size_t)p->first;
			last = (size_t)p->last;
			for (size_t i = 0; i < l->nstages; i++)
				launched |= l->stages[i].kind <= SK_APRUN;
			const char *img = container_of(js, l);
			if (img) {
				char why[256];
				snprintf(why, sizeof(why),
					 "a single-task step that runs in the old job's %s container image; run it on %s in "
					 "the target's environment (or its container) by hand, %s the training launch",
					 img, target->name, c->line < main_line ? "before" : "after");
				not_carried(sr, c->line, why);
				continue;
			}
		}
		const char *prefix = launched ? one_task(target) : "";
		if (!prefix) {
			not_carried(sr, c->line, "a single-task step under a launcher, and maple does not know how the target "
						 "starts one task: run it there by hand");
			continue;
		}
		struct strbuf text = STRBUF_INIT;
		strbuf_adds(&text, prefix);
		for (size_t i = first; i < last; i++) {
			const struct shword *w = &pc->words.v[i];
			if (text.len)
				strbuf_addch(&text, ' ');
			/* the old centre's interpreter path ($CONDA_PREFIX/bin/python): the target's environment's */
			if (i == first && is_python_word(w->value) && strcmp(w->raw, "python") && strcmp(w->raw, "python3"))
				strbuf_adds(&text, "python");
			else
				shword_quote(w, &text, true); /* quoted as the port quotes the training's arguments */
		}
		if (c->redirect_out) {
			const char *ln = js->lines.v[c->last_line > 0 ? c->last_line - 1 : c->line - 1];
			strbuf_addf(&text, " %s %s", strstr(ln, ">>") ? ">>" : ">", c->redirect_out);
		}
		/* the other scheduler's variables mean nothing on the target */
		const char *foreign = target->scheduler == SCHED_PBS ? "SLURM_" : target->scheduler == SCHED_SLURM ? "PBS_" : NULL;
		if (foreign && strstr(text.buf, foreign)) {
			char why[256];
			snprintf(why, sizeof(why),
				 "a single-task step that uses the old scheduler's $%s... variables, which %s does not set: "
				 "write it for %s by hand",
				 foreign, target->name, target->name);
			not_carried(sr, c->line, why);
			strbuf_release(&text);
			continue;
		}
		bool before = c->line < main_line;
		request_warn(req, "line %d: the single-task step `%s` is carried over %s the training launch%s: `%s`", c->line,
			     js->lines.v[c->line - 1] + strspn(js->lines.v[c->line - 1], " \t"), before ? "before" : "after",
			     launched ? " with the target's launcher for one task" : " as a plain command", text.buf);
		for (size_t f = 0; sr->cluster && f < sr->cluster->nfingerprints; f++) {
			char ft[128];
			if (fingerprint_path_in(sr->cluster->fingerprints[f].text, text.buf, ft, sizeof(ft))) {
				request_warn(req, "line %d: the step's paths point into %s's file systems (%s): copy the data to %s "
						  "and change them",
					     c->line, sr->cluster->name, ft, target->name);
				break;
			}
		}
		strvec_push(before ? &req->pre_steps : &req->post_steps, text.buf);
		strbuf_release(&text);
	}
}

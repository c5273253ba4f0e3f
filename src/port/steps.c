/* steps.c - the old job's single-task helper steps in a port: a data preparation, download or
 * evaluation step around the training launch (`srun -n 1 python prepare_data.py`, `mpiexec -n 1
 * python ...`, a plain `python preprocess.py`) is carried over, re-expressed with the target's
 * launcher for one task (or kept as a plain command when it had no launcher), before or after the
 * training launch as it was; a step that cannot be carried is named with its line and the reason. A cd
 * into a directory under the submit directory before the launch is carried in its place among them. */
#include "port.h"

#include "../script/plan.h"
#include "../util/strbuf.h"
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

static bool is_cd_word(const char *w)
{
	return !strcmp(w, "cd") || !strcmp(w, "pushd");
}

/* The directory of cd word raw relative to the submit directory, into out (NULL when it is not one: an
 * absolute or home path, another variable, characters that need quoting); *under gets whether it was
 * spelled under the scheduler's submit directory variable ($SLURM_SUBMIT_DIR/x). */
static bool relative_dir(const char *raw, struct strbuf *out, bool *under)
{
	static const char *const vars[] = {"SLURM_SUBMIT_DIR", "PBS_O_WORKDIR", "LS_SUBCWD", NULL};
	struct strbuf t = STRBUF_INIT;
	for (const char *p = raw; *p; p++)
		if (*p != '"')
			strbuf_addch(&t, *p);
	const char *rest = t.buf;
	*under = false;
	if (rest[0] == '$') {
		for (int i = 0; vars[i] && !*under; i++) {
			size_t n = strlen(vars[i]);
			if (!strncmp(rest + 1, vars[i], n) && rest[1 + n] == '/')
				rest += 2 + n, *under = true;
			else if (rest[1] == '{' && !strncmp(rest + 2, vars[i], n) && rest[2 + n] == '}' && rest[3 + n] == '/')
				rest += 4 + n, *under = true;
		}
	}
	bool ok = *rest && *rest != '/' && *rest != '~' && *rest != '-';
	for (const char *p = rest; ok && *p; p++)
		ok = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+-,@%", *p) != NULL;
	if (ok)
		strbuf_adds(out, rest);
	strbuf_release(&t);
	return ok;
}

bool port_cd_step(const struct script_reading *sr, size_t ci, const struct cluster *target, struct strbuf *out)
{
	const struct jobscript *js = &sr->js;
	if (sr->plan.launch < 0 || ci >= js->ncmds || (int)ci >= js->launches[sr->plan.launch].cmd)
		return false;
	const struct jcmd *c = &js->cmds[ci];
	if (c->depth != 0 || c->in_control || c->background || c->nassign_prefix != 0 || c->words.nr != 2 ||
	    !is_cd_word(c->words.v[0].value) || !c->words.v[1].raw || port_is_submit_dir(c->words.v[1].value))
		return false;
	/* the old job started in another directory (#SBATCH --chdir=DIR): this cd is relative to DIR */
	const struct directive *wd = js_directive(js, "chdir");
	if (wd && (!wd->value || !port_is_submit_dir(wd->value)))
		return false;
	/* a cd before it that the port does not carry moves where this one starts */
	for (size_t i = 0; i < ci; i++) {
		const struct jcmd *e = &js->cmds[i];
		if (e->depth != 0 || e->words.nr <= e->nassign_prefix || !is_cd_word(e->words.v[e->nassign_prefix].value))
			continue;
		if (e->in_control || e->background || e->nassign_prefix || e->words.nr != 2)
			return false;
		struct strbuf d = STRBUF_INIT;
		bool under, rel = e->words.v[1].raw && relative_dir(e->words.v[1].raw, &d, &under);
		strbuf_release(&d);
		if (!rel && !port_is_submit_dir(e->words.v[1].value))
			return false;
	}
	struct strbuf d = STRBUF_INIT;
	bool under;
	if (!relative_dir(c->words.v[1].raw, &d, &under)) {
		strbuf_release(&d);
		return false;
	}
	if (out) {
		strbuf_adds(out, "cd ");
		if (under)
			strbuf_addf(out, "\"$%s\"/", target && target->scheduler == SCHED_PBS ? "PBS_O_WORKDIR" : "SLURM_SUBMIT_DIR");
		strbuf_addf(out, "%s || exit 1", d.buf);
	}
	strbuf_release(&d);
	return true;
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

/* Whether every variable of the other scheduler (names starting with foreign) that text expands is a count or
 * size of the job (counts.c writes those as the port's numbers). */
static bool only_job_counts(const struct script_reading *sr, const char *text, const char *foreign)
{
	for (const char *p = strstr(text, foreign); p; p = strstr(p + 1, foreign)) {
		if (p > text && (p[-1] == '_' || (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= 'a' && p[-1] <= 'z') ||
				 (p[-1] >= '0' && p[-1] <= '9')))
			continue;
		char name[64];
		size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		if (n >= sizeof(name))
			return false;
		memcpy(name, p, n);
		name[n] = '\0';
		if (!port_is_job_count(sr, name))
			return false;
	}
	return true;
}

void port_helper_steps(struct script_reading *sr, const struct cluster *target, struct request *req)
{
	const struct jobscript *js = &sr->js;
	if (sr->plan.launch < 0)
		return;
	int main_line = js->cmds[js->launches[sr->plan.launch].cmd].line;
	for (size_t ci = 0; ci < js->ncmds; ci++) {
		struct strbuf cd = STRBUF_INIT;
		if (port_cd_step(sr, ci, target, &cd)) {
			const struct jcmd *c = &js->cmds[ci];
			request_warn(req, "line %d: `%s %s` is carried over before the launch: the old job ran from %s, where "
					  "its relative paths (%s) resolve; submit the port from the directory you submitted the "
					  "old job from",
				     c->line, c->words.v[0].value, c->words.v[1].raw, c->words.v[1].value,
				     req->script ? req->script : "the program");
			strvec_push(&req->pre_steps, cd.buf);
			strbuf_release(&cd);
			continue;
		}
		strbuf_release(&cd);
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
		if (foreign && strstr(text.buf, foreign) && !only_job_counts(sr, text.buf, foreign)) {
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

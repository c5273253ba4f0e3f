/* steps.c - the steps of a job around its training launch: a single-task helper (data preparation,
 * download, tokenisation, evaluation: `srun -n 1 python prepare_data.py`, `mpiexec -n 1 python ...`,
 * `ibrun -n 1 python ...`, or a plain `python preprocess.py` with no launcher) is told apart from the
 * training launch, so the reader never takes it for the training and a port can carry it. */
#include "jobscript.h"

#include <string.h>

/* Words in a program's name that mark a data step rather than the training itself. */
static const char *const prep_words[] = {"prepare", "preprocess", "prep_",    "_prep",	  "download", "tokeniz",
					 "tokenis", "convert",	  "make_data", "build_data", "shard_",   "pack_data",
					 "fetch_data", NULL};

bool js_prep_name(const char *script)
{
	if (!script)
		return false;
	const char *b = base_name(script);
	for (int i = 0; prep_words[i]; i++)
		if (strstr(b, prep_words[i]))
			return true;
	return false;
}

/* The launcher option that states the task count, by launcher ("ntasks" for srun, "n" otherwise). */
static const struct lopt *tasks_opt(const struct stage *s)
{
	switch (s->kind) {
	case SK_SRUN:
		return stage_opt(s, "ntasks");
	case SK_MPIEXEC:
	case SK_MPIRUN:
	case SK_IBRUN:
	case SK_APRUN:
		return stage_opt(s, "n");
	case SK_JSRUN:
		return stage_opt(s, "nrs");
	case SK_FLUX:
		return stage_opt(s, "ntasks");
	default:
		return NULL;
	}
}

int js_step_tasks(const struct jobscript *js, int li)
{
	if (li < 0 || (size_t)li >= js->nlaunches)
		return 0;
	const struct launch *l = &js->launches[li];
	for (size_t i = 0; i < l->nstages; i++) {
		const struct stage *s = &l->stages[i];
		if (s->kind > SK_APRUN)
			continue;
		const struct lopt *o = tasks_opt(s);
		long v;
		if (o && o->value && js_eval_int(js, o->value, s->cmd, NULL, &v) && v > 0)
			return (int)v;
		return 0;
	}
	return 0;
}

int js_step_rank(const struct jobscript *js, int li)
{
	if (!js_helper_step(js, li))
		return 0;
	const struct launch *l = &js->launches[li];
	return js_prep_name(js->cmds[l->stages[l->prog_stage].cmd].words.v[l->script_word].value) ? 2 : 1;
}

bool js_helper_step(const struct jobscript *js, int li)
{
	if (li < 0 || (size_t)li >= js->nlaunches)
		return false;
	const struct launch *l = &js->launches[li];
	bool launcher = false, shell = false;
	for (size_t i = 0; i < l->nstages; i++) {
		enum stage_kind k = l->stages[i].kind;
		if (k >= SK_TORCHRUN && k <= SK_ACCELERATE)
			return false; /* a spawner starts the training's workers */
		launcher |= k <= SK_APRUN;
		shell |= k == SK_SHELL;
	}
	if (l->prog_stage < 0 || l->script_word < 0 || strcmp(l->stages[l->prog_stage].prog, "python"))
		return false;
	const struct stage *p = &l->stages[l->prog_stage];
	const char *script = js->cmds[p->cmd].words.v[l->script_word].value;
	if (js_prep_name(script))
		return true;
	/* one task, Python run directly (a per-task `bash -c` is how a training launch sets its ranks) */
	return launcher && !shell && js_step_tasks(js, li) == 1;
}

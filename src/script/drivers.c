/* drivers.c - programs that run once in the batch shell and start the job's tasks themselves: a
 * libEnsemble manager (its parse_args options --comms local|mpi|tcp and --nworkers N,
 * https://libensemble.readthedocs.io/en/main/running_libE.html; its workers launch the simulations
 * through libEnsemble's executor, which reads the allocation from the scheduler,
 * https://libensemble.readthedocs.io/en/main/executor/mpi_executor.html). Such a program started once
 * on a multi-node allocation is the design, not an idle allocation, and it is no training program a
 * launcher of maple's could start. */
#include "jobscript.h"

#include <string.h>

/* Whether name holds "libe" in any case (run_libe_forces.py, libE_calib.py). */
static bool names_libe(const char *name)
{
	return strcasestr(name, "libe") != NULL;
}

static bool comms_value(const char *v)
{
	return v && (!strcmp(v, "local") || !strcmp(v, "mpi") || !strcmp(v, "tcp") || !strcmp(v, "client") ||
		     !strcmp(v, "threads"));
}

bool js_ensemble_driver(const struct jobscript *js, int li)
{
	if (li < 0 || (size_t)li >= js->nlaunches)
		return false;
	const struct launch *l = &js->launches[li];
	if (l->prog_stage < 0 || l->script_word < 0 || l->module)
		return false;
	const struct stage *p = &l->stages[l->prog_stage];
	const struct shwords *ws = &js->cmds[p->cmd].words;
	const char *script = base_name(ws->v[l->script_word].value);
	bool comms = false, nworkers = false;
	for (size_t k = (size_t)l->script_word + 1; k < (size_t)p->last && k < ws->nr; k++) {
		const char *v = ws->v[k].value;
		if (!strncmp(v, "--comms=", 8))
			comms |= comms_value(v + 8);
		else if (!strcmp(v, "--comms"))
			comms |= k + 1 < ws->nr && comms_value(ws->v[k + 1].value);
		else if (!strcmp(v, "--nworkers") || !strncmp(v, "--nworkers=", 11))
			nworkers = true;
	}
	return (comms && nworkers) || ((comms || nworkers) && names_libe(script));
}

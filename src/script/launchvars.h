/* launchvars.h - data/scripts/launchvars.yaml: the variables launchers set per task (and what each
 * means), Python interpreter options with their environment equivalents, and the options by which a
 * training program is told how it was launched. Loaded with the other script hints (hints.c). */
#ifndef MAPLE_SCRIPT_LAUNCHVARS_H
#define MAPLE_SCRIPT_LAUNCHVARS_H

#include <stdbool.h>
#include <stddef.h>

struct ydoc;
struct script_hints;

struct task_var_hint {
	const char *name;     /* SLURM_PROCID */
	const char *launcher; /* srun, mpiexec, mpirun */
	const char *means;    /* rank, local_rank, world_size, local_size, node_rank, nnodes */
	const char *source;
};

struct pyflag_hint {
	const char *flag; /* "-u", "-W", "-X importtime" */
	const char *env;  /* "PYTHONUNBUFFERED=1", or a name that takes the flag's value ("PYTHONWARNINGS") */
	bool value;	  /* the flag takes a value (-W ignore) */
	const char *source;
};

struct proglaunch_hint {
	const char *option;    /* --launcher */
	const char *values;    /* the values it takes, space-separated (NULL: any) */
	const char *framework; /* who reads it */
	const char *source;
};

/* A count or size the scheduler sets for the whole job in the batch shell's environment ($SLURM_CPUS_PER_TASK,
 * PBS's $NCPUS): a port writes the port's own number for it (src/port/counts.c). */
struct job_count_hint {
	const char *name;      /* SLURM_CPUS_PER_TASK */
	const char *scheduler; /* slurm | pbs: whose job sets it */
	const char *means;     /* nodes, tasks, tasks_per_node, gpus, gpus_per_node, cpus_per_task, cpus_per_gpu,
				  cpus_per_node */
	const char *source;
};

struct launch_facts {
	struct task_var_hint *tvars;
	size_t ntvars;
	struct job_count_hint *jcounts;
	size_t njcounts;
	struct pyflag_hint *pyflags;
	size_t npyflags;
	struct proglaunch_hint *plopts;
	size_t nplopts;
};

/* Adds the entries of one launchvars.yaml (errors through yerr). */
void launch_facts_load(struct launch_facts *f, struct ydoc *y);
void launch_facts_release(struct launch_facts *f);

/* The entry for a per-task variable, or NULL. */
const struct task_var_hint *launch_task_var(const struct script_hints *h, const char *name);
/* The variable launcher sets that means `means` (NULL when it sets none). */
const struct task_var_hint *launch_task_var_for(const struct script_hints *h, const char *launcher, const char *means);
/* The entry for a job count variable that a job of scheduler ("slurm", "pbs") has in its environment, or NULL. */
const struct job_count_hint *launch_job_count(const struct script_hints *h, const char *name, const char *scheduler);
/* The entry for a Python option word (and the word after it for -X), or NULL. */
const struct pyflag_hint *launch_pyflag(const struct script_hints *h, const char *word, const char *next);
/* The entry for a program option that names its launcher (--launcher, --launcher=slurm), or NULL. */
const struct proglaunch_hint *launch_prog_option(const struct script_hints *h, const char *word);

#endif

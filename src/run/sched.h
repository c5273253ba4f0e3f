/* sched.h - talking to the batch scheduler for a verification run: submit a script (sbatch, qsub),
 * poll it with a deadline, cancel it (scancel, qdel), or run it under the allocation maple is
 * already inside (salloc / qsub -I), and read the job's final state. */
#ifndef MAPLE_SCHED_H
#define MAPLE_SCHED_H

#include "../script/jobscript.h"
#include "../util/error.h"

#include <signal.h>
#include <stdbool.h>

enum run_where { RUN_SUBMIT, RUN_LOCAL };

struct job_outcome {
	char job_id[128];
	char state[64];	  /* COMPLETED, FAILED, TIMEOUT, CANCELLED, ... ("" = unknown) */
	int exit_code;	  /* of the batch script (-1 = unknown) */
	bool timed_out;	  /* maple's deadline passed */
	bool interrupted; /* Ctrl-C / SIGTERM */
	bool cancelled;	  /* maple cancelled it (scancel / qdel / killed the local run) */
	char cancel_note[256];
	double seconds;	  /* submit to end */
	double queued_s;  /* time before it started running (submit only; -1 = unknown) */
	char *submit_error; /* what the scheduler said when it refused the script (owned) */
};

struct run_job_opts {
	enum run_where where;
	enum sched_kind sched; /* of the script (for submit) */
	const char *script;    /* the verification copy */
	const char *out_path, *err_path;
	int timeout_s;
	volatile sig_atomic_t *stop; /* set asynchronously to interrupt (Ctrl-C) */
};

/* Runs the job to its end or the deadline. Returns -1 (err) only when nothing could be started: the
 * scheduler's commands are missing, or `local` is asked outside an allocation. A refused submission
 * is returned as 0 with submit_error set. */
int run_job(const struct run_job_opts *o, struct job_outcome *res, struct maple_error *err);
void job_outcome_release(struct job_outcome *res);

/* Whether maple runs inside a batch allocation (SLURM_JOB_ID or PBS_JOBID), and which. */
enum sched_kind current_allocation(void);

#endif

/* walltime.h - wall time for the requested resources from a log of the same job, and a walltime
 * request with margin that respects the queue's limit.
 *
 * The log gives the job's total duration at its own GPU count (elapsed + remaining, or the final
 * runtime). For G GPUs instead of G_log: T * G_log / G, divided by 0.9 when scaling up (linear
 * scaling is an upper bound; 90% efficiency is a common figure across nodes). The request adds 20%
 * and 10 minutes (start-up, data loading, checkpoints) and rounds up to 15 minutes; over the queue's
 * limit it is capped, with the number of checkpointed runs the job needs. */
#ifndef MAPLE_ADVISE_WALLTIME_H
#define MAPLE_ADVISE_WALLTIME_H

#include "../logs/logread.h"
#include "../repo/repo.h"
#include "../util/strbuf.h"

#include <stdbool.h>

struct wall_advice {
	bool ok;	  /* the log was enough to estimate */
	double total_s;	  /* the job at the log's resources */
	double est_s;	  /* at the requested resources */
	int suggest_min;  /* walltime to request */
	int limit_min;	  /* the queue's limit (0 = unknown) */
	const char *queue;
	int runs;	  /* checkpointed runs needed when over the limit (1 = fits) */
	struct strbuf explain;
};

void wall_advise(const struct log_report *r, int log_gpus, int gpus, const struct cluster *c, const char *queue,
		 int nodes, struct wall_advice *out);
void wall_advice_release(struct wall_advice *w);

#endif

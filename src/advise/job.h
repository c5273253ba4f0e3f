/* job.h - gathers the advisor's inputs for one job: the parameter count (a known model, an explicit
 * count, or a config's shape), the transformer shape for activations, micro-batch and sequence
 * length from the hyperparameters, precision, and the strategies the job's framework can run. */
#ifndef MAPLE_ADVISE_JOB_H
#define MAPLE_ADVISE_JOB_H

#include "memory.h"
#include "models.h"

#include <jansson.h>

struct job_input {
	const char *model;	 /* a model name (--model), or NULL */
	double params;		 /* an explicit count (--params), or 0 */
	json_t *inspection;	 /* `maple inspect` result, or NULL */
	const char *precision;	 /* bf16 | fp16 | fp32 ... or NULL (inspection, else bf16) */
	const char *recompute;	 /* none | selective | full, or NULL (none) */
	int micro_batch, seq;	 /* 0 = from the inspection, else assumed */
	const char *framework;	 /* pytorch | deepspeed | accelerate | lightning, or NULL (inspection) */
	const char *attention;	 /* flash | sdpa | eager, or NULL (the inspection's, else eager) */
};

/* Fills out (everything but the cluster fields) and params_from. Fails, saying what to give, when
 * no parameter count can be found. A bare parameter count (--params) gets the shape of the known
 * decoder nearest in size, for its activations, and params_from says which. */
int job_advice_input(const struct model_db *db, const struct job_input *in, struct advice_input *out,
		     struct strbuf *params_from, struct maple_error *err);
/* "1.5B", "124M", "6738415616" -> a count; -1 when malformed. */
double parse_param_count(const char *s);

#endif

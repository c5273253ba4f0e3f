/* shapes.h - recognizers for one line (or one '\r'-separated tqdm update) of a training log:
 * Hugging Face Trainer dicts ({'loss': ..., 'epoch': ...}, train_runtime/train_samples_per_second),
 * tqdm and Lightning progress bars (N/M [elapsed<remaining, X it/s]), DeepSpeed step and timer logs
 * (step=, global_step=, RunningAvgSamplesPerSec=), plain prints (step/iter/epoch/loss with ':' '='
 * or a space, "12000 tokens/s"), timestamps, and the words that start a failure (tracebacks, CUDA
 * and host OOM, NCCL errors and timeouts, rendezvous failures, Slurm time limits).
 *
 * One pass over the bytes; numbers are converted only when a key or unit claims them. */
#ifndef MAPLE_LOGS_SHAPES_H
#define MAPLE_LOGS_SHAPES_H

#include <stdbool.h>
#include <stddef.h>

enum log_shape { SHAPE_HF = 1 << 0, SHAPE_LIGHTNING = 1 << 1, SHAPE_DEEPSPEED = 1 << 2, SHAPE_TQDM = 1 << 3,
		 SHAPE_PLAIN = 1 << 4 };

/* Figures found on one line; NaN = not on this line. */
struct line_facts {
	double step, total_steps, epoch, total_epochs, percent, loss;
	double it_per_s, samples_per_s, tokens_per_s, steps_per_s;
	double elapsed_s, remaining_s, runtime_s; /* tqdm [elapsed<remaining]; HF train_runtime */
	double ts;				  /* a timestamp at the start of the line, seconds since 1970 */
	unsigned shape;
	bool traceback_start; /* "Traceback (most recent call last):" */
	bool failure_hint;    /* a word that may start a failure: check the line with classify_failure */
	bool exception_line;  /* "SomethingError: ..." / "SomethingException: ..." */
	bool nan_loss;
};

void scan_line(const char *s, size_t len, struct line_facts *f);

struct failure_kind {
	const char *id;	      /* stable id, e.g. "cuda-oom"; the debug knowledge base uses the same */
	const char *severity; /* error | warning */
	const char *what;     /* one-line explanation */
};

/* The failure a line shows, or NULL. */
const struct failure_kind *classify_failure(const char *s, size_t len);
/* The kind for an exception line that no specific rule claims ("python-exception"). */
const struct failure_kind *failure_python_exception(void);
const struct failure_kind *failure_nan_loss(void);
const char *shape_name(unsigned shape);

#endif

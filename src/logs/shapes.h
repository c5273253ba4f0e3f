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
		 SHAPE_PLAIN = 1 << 4, SHAPE_MEGATRON = 1 << 5, SHAPE_FAIRSEQ = 1 << 6, SHAPE_TIMM = 1 << 7,
		 SHAPE_NANOGPT = 1 << 8, SHAPE_MMENGINE = 1 << 9, SHAPE_DETECTRON2 = 1 << 10, SHAPE_COMPOSER = 1 << 11,
		 SHAPE_OPENCLIP = 1 << 12, SHAPE_TORCHTUNE = 1 << 13, SHAPE_ULTRALYTICS = 1 << 14 };
/* Shapes whose step is counted within an epoch: the run's total is steps per epoch x epochs. */
#define SHAPE_PER_EPOCH (SHAPE_TIMM | SHAPE_MMENGINE | SHAPE_OPENCLIP | SHAPE_TORCHTUNE)

/* Where a line's timestamp stood: elapsed time is taken from one kind only, so that a warning
 * printed by another logger (another clock, another time zone) never stretches it. */
enum ts_kind { TS_NONE, TS_ISO, TS_BRACKET, TS_AFTER_TAG, TS_GLOG, TS_MLLOG, TS_KINDS };

/* Figures found on one line; NaN = not on this line. */
struct line_facts {
	double step, total_steps, epoch, total_epochs, percent, loss;
	double it_per_s, samples_per_s, tokens_per_s, steps_per_s;
	double elapsed_s, remaining_s, runtime_s; /* tqdm [elapsed<remaining]; HF train_runtime */
	double ts;				  /* a timestamp at the start of the line, seconds since 1970 */
	enum ts_kind ts_kind;
	double val_loss;			  /* a validation/eval loss (never the training loss) */
	double step_time_s;			  /* seconds per step (iteration) */
	double steps_per_epoch, tokens_per_step;
	double epoch_step; /* steps done within the line's epoch (DeepSpeed-Chat's Step: N, from 0): the report adds the epochs before */
	bool weak_epoch; /* an engine's 0-based counter (DeepSpeed epoch=0/micro_step): a banner's epoch wins */
	bool finished;	 /* the trainer said it finished */
	unsigned shape;
	bool traceback_start; /* "Traceback (most recent call last):" */
	bool failure_hint;    /* a word that may start a failure: check the line with classify_failure */
	bool exception_line;  /* "SomethingError: ..." / "SomethingException: ..." */
	bool nan_loss;
	/* Keras: its epoch line ("Epoch 3/10", in epoch/total_epochs) and its progress bar ("812/1875 [==>..]
	 * - loss: 0.1"), which counts within the epoch: the report joins them in file order, so a line's
	 * facts never depend on the lines before it (lines are read in parallel chunks) */
	bool keras_epoch_line, keras_bar;
	/* YOLOv5's bar header ("Epoch GPU_mem box_loss obj_loss ..."): its rows print epoch/epochs-1 from 0,
	 * where Ultralytics 8+ print epoch/epochs from 1; the report shifts the rows after it */
	bool epochs_from_0;
	/* a validation/test pass's bar ("Validating:", "Validation DataLoader 0:"): the run goes on after it */
	bool eval_pass;
	double bar_pos, bar_len, bar_loss, bar_val_loss;
	bool bar_keeps_rate; /* such a bar's it/s is the run's rate (AllenNLP's per-epoch bars; Keras's ETA is the epoch's) */
	/* the line's step is the run's and steps_per_epoch came from its epochs done (ParlAI's "total_steps:N
	 * epochs:0.30"): the total is steps_per_epoch x the run's epochs */
	bool total_from_epochs;
	/* the line opens the epoch (its epoch field) that the next lines' within-epoch steps count in, when they
	 * do not say it (Depth-Anything's "===========> Epoch: 1/120" before its "Iter: i/N" lines) */
	bool epoch_header;
	/* ParlAI: a metrics table's header (the columns of loss and ups; -1 when absent), and the "valid:" line
	 * that makes the next table a validation's (logread.c reads the row after the header) */
	bool tab_header, tab_valid_mark;
	int tab_loss_col, tab_ups_col;
	/* a resumed run's step from its checkpoint ("Reloading from .../100000.tar", NaN when none): the bars after
	 * it count from 0 over the steps left (logread.c adds it); Hugging Face's "***** Running Evaluation *****" */
	double resume_step;
	bool hf_eval_banner;
};

void scan_line(const char *s, size_t len, struct line_facts *f);
/* Builds the tables scan_line and trainer_line otherwise build on first use: call before using them
 * from several threads (both are then safe to run concurrently). */
void scan_line_init(void);
void trainer_line_init(void);
/* The formats of particular trainers (trainers.c), after scan_line: Megatron iteration lines,
 * fairseq train_inner/valid, timm and Swin Train:/Test:, nanoGPT iter/step, DeepSpeed-Chat and
 * Hugging Face banners, validation losses, and the lines that say a run finished. Like scan_line, it reads
 * s[0, len) only (no terminator needed). */
void trainer_line(const char *s, size_t len, struct line_facts *f);
/* The same without the first pass that skips lines holding none of the recognizers' words (for tests:
 * both must give the same facts on every line). */
void trainer_line_unfiltered(const char *s, size_t len, struct line_facts *f);
/* Frees the calling thread's cache of the needles trainer_line searched (a worker thread calls it
 * before it ends; the main thread's lives until exit). */
void trainer_line_thread_release(void);
/* "YYYY-MM-DD[ T]HH:MM:SS[,.]fff" at p -> seconds since 1970; NaN when not a timestamp. */
double log_parse_ts(const char *p, const char *e);

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

/* logread.h - reads a training log (a file, or the part of a growing one that is new) line by
 * line and keeps a report: the shapes seen, progress (step, epoch, percent), throughput (it/s,
 * samples/s, tokens/s), time elapsed and estimated remaining, and failures (the first traceback,
 * CUDA/host OOM, NCCL errors and timeouts, rendezvous failures, time limits, NaN loss), each with
 * the line it was seen on and, when the debug knowledge base has it, its signature id. */
#ifndef MAPLE_LOGS_LOGREAD_H
#define MAPLE_LOGS_LOGREAD_H

#include "../util/error.h"
#include "../util/strbuf.h"
#include "../util/strvec.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define LOG_MAX_FAILURES 32
#define LOG_TRACEBACK_LINES 60

struct log_value {
	double v; /* NaN = never seen */
	long long line;
};

struct log_failure {
	const char *id, *severity, *what;
	char *message; /* the first line that showed it (trimmed) */
	long long line, count;
};

struct log_report {
	unsigned shapes;
	long long lines, bytes;
	struct log_value step, total_steps, epoch, total_epochs, percent, loss;
	struct log_value it_per_s, samples_per_s, tokens_per_s, steps_per_s;
	struct log_value elapsed, remaining, runtime;
	double first_ts, last_ts;
	long long first_ts_line, last_ts_line;
	struct log_value val_loss, step_time;
	double steps_per_epoch, tokens_per_step;
	bool finished, epoch_from_banner;
	double header_epoch; /* the epoch of the last epoch_header line (NaN before one) */
	double keras_epoch, keras_total_epochs; /* the last Keras "Epoch N/M" line (0-based N), NaN before one */
	bool keras_epoch_done; /* that epoch's bar reached its end: a bar after it is model.evaluate's */
	bool yolo_epochs_from_0;		/* a YOLOv5 bar header was read */
	/* ParlAI's metrics tables: the columns of loss and ups in the last header (-1: none), whether it
	 * follows a "valid:" line, whether its row of values is still to come */
	int tab_loss_col, tab_ups_col;
	bool tab_next_valid, tab_valid, tab_armed;
	/* a table drawn with '|' ("|  run  |  epoch  |  train_loss  |  val_acc  |"): the cells of epoch, training
	 * and validation loss in its header (-1: none), its cell count (0: no header read), whether its epochs
	 * count from 1 (its first epoch cell said 1) */
	int ptab_epoch, ptab_loss, ptab_val, ptab_cells;
	bool ptab_first_seen, ptab_from1;
	/* a resumed run's step (nerf-pytorch's "Reloading from .../N.tar"; NaN before one), and whether a Hugging
	 * Face evaluation banner came after the last training banner (its bars count evaluation batches) */
	double resume_step;
	bool in_hf_eval;
	long long finished_line;
	long long eval_pass_line; /* the last validation/test bar (0 = none): a run validating is not finished */
	/* timestamps per kind (enum ts_kind): elapsed comes from the kind with the most lines */
	double ts_first[8], ts_last[8];
	long long ts_count[8], ts_first_line[8], ts_last_line[8];
	/* the first and last lines with both a step and a timestamp (of the main kind): the rate */
	double rate_t0, rate_s0, rate_t1, rate_s1;
	int rate_kind;
	struct log_failure failures[LOG_MAX_FAILURES];
	size_t nfailures;
	struct strbuf traceback; /* the first traceback, up to LOG_TRACEBACK_LINES lines */
	long long traceback_line, tracebacks;
	int tb_state; /* 0 none, 1 capturing the first, 2 done */
	long long tb_lines;
	/* log_feed (not final) has read the '\r' updates at the start of a line still being written: the line
	 * is counted, and its rest comes later */
	bool line_open;
};

void log_report_init(struct log_report *r);
void log_report_release(struct log_report *r);
/* Feeds one line (without its '\n'; '\r'-separated progress updates inside it are read one by one). */
void log_feed_line(struct log_report *r, const char *line, size_t len);
/* Feeds a buffer of whole lines; returns the bytes used (up to and including the last '\n', or
 * all of it when final). Not final, a last line with no '\n' yet is used up to its last '\r' (the whole
 * updates of a progress bar still running); fed in any pieces, the report is the whole buffer's. */
size_t log_feed(struct log_report *r, const char *buf, size_t len, bool final);
/* Reads a whole file (mmap; stdin when path is "-"); a regular file of 32 MiB or more with worker threads
 * that find each line's facts while this thread folds them in file order (the same report). */
int log_read_file(const char *path, struct log_report *r, struct maple_error *err);

/* The best figures the report supports (NaN when unknown). */
double log_elapsed(const struct log_report *r);
double log_remaining(const struct log_report *r);
double log_rate_steps(const struct log_report *r); /* steps (iterations) per second */
/* Whether the run reached its end (the trainer said so, or every step was done) with no error. */
bool log_finished(const struct log_report *r);

/* Fills each failure's knowledge-base link from <dir>/kb/<name>.yaml of the data directories (a
 * signature whose id, or one of its aliases, equals the failure id, or one of whose patterns occurs
 * in the failure's line). Returns {failure id: {"id": kb id, "file": path}}. */
json_t *log_kb_links(const struct log_report *r, const struct strvec *data_dirs);
/* The report as the JSON object of `maple logs --json`. */
json_t *log_report_json(const struct log_report *r, const char *path, json_t *kb);

#endif

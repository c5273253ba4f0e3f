/* trainers_eight.c - log lines of the trainers added in issue 17's eighth log round: MLPerf's compliance
 * log (":::MLLOG {json}", the MLCommons reference implementations and NVIDIA's submissions) and Ray
 * Train's console report ("Training finished iteration N at DATE. Total running time: 1min 10s" with a
 * box-drawn "Training result" table of the reported metrics, "Training completed after N iterations"),
 * and Ray Tune's ("Trial NAME finished iteration N ...", "Trial status: 4 TERMINATED", and the older
 * reporter's "(running for HH:MM:SS)", "Number of trials: 4/4 (4 TERMINATED)", "Total run time: N seconds").
 * Called from trainer_line (trainers.c); every key is one of trainer_line's entry needles.
 * Learned from: mlcommons/logging (mlperf_logging/mllog: event lines, run_start/run_stop with status,
 * opt_learning_rate_training_steps), AI-Hypercomputer/maxtext PR #5118 (per-step tracked_stats with
 * reduced_train_loss and train_step_time), ray-project/ray issues #36790, #36795, #36866 (Train and Tune output), #27907, #6369, #9788 (the older Tune reporter). */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The JSON string value after "KEY": in s (":::MLLOG" lines are one JSON object each): compares the
 * value with want. */
static bool json_str_is(const char *s, size_t n, const char *key_pat, const char *want)
{
	const char *p = tr_find(s, n, key_pat);
	if (!p)
		return false;
	p += strlen(key_pat);
	const char *e = s + n;
	while (p < e && (*p == ' ' || *p == ':'))
		p++;
	size_t w = strlen(want);
	return p < e && *p == '"' && (size_t)(e - p) > w + 1 && !memcmp(p + 1, want, w) && p[1 + w] == '"';
}

/* MLPerf: the run is timed from run_start to run_stop; init events before it are not training, so only
 * the run's own events carry a timestamp here. Per-step figures come from tracked_stats (the NeMo
 * reference and MaxText: reduced_train_loss, train_step_time, metadata step); eval_accuracy is the
 * benchmark's quality figure, never the train loss. */
static void mllog(const char *s, size_t n, struct line_facts *f)
{
	/* scan_line's generic reading of the JSON (lineno, time_ms, step) says nothing reliable */
	f->step = f->total_steps = f->epoch = f->total_epochs = f->percent = f->loss = f->val_loss = NAN;
	f->it_per_s = f->samples_per_s = f->tokens_per_s = f->steps_per_s = NAN;
	f->elapsed_s = f->remaining_s = f->step_time_s = NAN;
	f->shape |= SHAPE_PLAIN;
	static const char *const run_keys[] = {"run_start", "run_stop", "block_start", "block_stop", "epoch_start",
					       "epoch_stop", "eval_start", "eval_stop", "eval_accuracy", "tracked_stats", NULL};
	bool run = false;
	for (int k = 0; run_keys[k] && !run; k++)
		run = json_str_is(s, n, "\"key\"", run_keys[k]);
	double ms = tr_num_after(s, n, "\"time_ms\":");
	if (run && ms > 0) {
		f->ts = ms / 1000;
		f->ts_kind = TS_MLLOG;
	}
	if (json_str_is(s, n, "\"key\"", "opt_learning_rate_training_steps") ||
	    json_str_is(s, n, "\"key\"", "max_steps")) {
		double v = tr_num_after(s, n, "\"value\":");
		if (v > 0)
			f->total_steps = v;
	} else if (json_str_is(s, n, "\"key\"", "tracked_stats")) {
		double st = tr_num_after(s, n, "\"step\":");
		if (st >= 0)
			f->step = st;
		f->loss = tr_num_after(s, n, "\"reduced_train_loss\":");
		if (isnan(f->loss))
			f->loss = tr_num_after(s, n, "\"train_loss\":");
		double t = tr_num_after(s, n, "\"train_step_time\":");
		if (t > 0) {
			f->step_time_s = t;
			f->steps_per_s = 1 / t;
		}
	} else if (json_str_is(s, n, "\"key\"", "run_stop")) {
		if (json_str_is(s, n, "\"status\"", "success"))
			f->finished = true;
	}
}

/* Ray's "Total running time: 1hr 2min 3s" (also "41s", "2min 4s") in seconds; NaN when none. */
static double ray_running_time(const char *s, size_t n)
{
	const char *p = tr_find(s, n, "Total running time: ");
	if (!p)
		return NAN;
	p += strlen("Total running time: ");
	const char *e = s + n;
	double total = 0;
	bool any = false;
	while (p < e && isdigit((unsigned char)*p)) {
		char *q;
		double v = strtod(p, &q);
		if (q == p || q > e)
			break;
		p = q;
		if (e - p >= 2 && !memcmp(p, "hr", 2))
			total += v * 3600, p += 2;
		else if (e - p >= 3 && !memcmp(p, "min", 3))
			total += v * 60, p += 3;
		else if (p < e && *p == 's')
			total += v, p += 1;
		else if (p < e && *p == 'h')
			total += v * 3600, p += 1;
		else
			break;
		any = true;
		while (p < e && *p == ' ')
			p++;
	}
	return any ? total : NAN;
}

/* A row of Ray's result box: "│ loss        0.9 │" (one key, one value, no inner rule). */
static void ray_row(const char *s, size_t n, struct line_facts *f)
{
	static const char bar[] = "\xe2\x94\x82 ";
	const char *p = s, *e = s + n;
	while (p < e && *p == ' ')
		p++;
	if ((size_t)(e - p) < sizeof(bar) + 4 || memcmp(p, bar, sizeof(bar) - 1))
		return;
	p += sizeof(bar) - 1;
	const char *k = p;
	while (p < e && (isalnum((unsigned char)*p) || *p == '_' || *p == '/'))
		p++;
	size_t kl = (size_t)(p - k);
	const char *gap = p;
	while (p < e && *p == ' ')
		p++;
	if (!kl || p - gap < 2)
		return;
	char *q;
	double v = strtod(p, &q);
	if (q == p)
		return;
	while (q < e && *q == ' ')
		q++;
	if ((size_t)(e - q) < 3 || memcmp(q, "\xe2\x94\x82", 3))
		return;
	if ((kl == 4 && !memcmp(k, "loss", 4)) || (kl == 10 && !memcmp(k, "train_loss", 10))) {
		f->loss = v;
		f->shape |= SHAPE_PLAIN;
	} else if ((kl == 8 && !memcmp(k, "val_loss", 8)) || (kl == 9 && !memcmp(k, "eval_loss", 9)) ||
		   (kl == 15 && !memcmp(k, "validation_loss", 15))) {
		f->val_loss = v;
		f->shape |= SHAPE_PLAIN;
	}
}

/* Ray Train and Tune: a report's iteration is one ray.train.report() call (often an epoch), not an
 * optimizer step. "Training completed after N iterations" ends a Train run; a Tune trial's "Trial NAME
 * completed training after N iterations" ends that trial only. */
static void ray_train(const char *s, size_t n, struct line_facts *f)
{
	double t = ray_running_time(s, n);
	if (isnan(t))
		return;
	f->shape |= SHAPE_PLAIN;
	f->elapsed_s = t;
	f->step = f->total_steps = f->percent = NAN;
	if (tr_find(s, n, "Training completed after "))
		f->finished = true;
}

/* Whether a Tune trial count ("Trial status: 4 TERMINATED", "Number of trials: 4/4 (1 RUNNING, 3
 * TERMINATED)") says every trial ended well: some TERMINATED, none RUNNING, PENDING, PAUSED or ERROR. */
static bool tune_all_terminated(const char *s, size_t n)
{
	return tr_find(s, n, "TERMINATED") && !tr_find(s, n, "RUNNING") && !tr_find(s, n, "PENDING") &&
	       !tr_find(s, n, "PAUSED") && !tr_find(s, n, "ERROR");
}

/* Ray Tune's older reporter (Ray 1.x - 2.4): "Current time: DATE (running for 00:15:17.93)", "Number of
 * trials: 4/4 (4 TERMINATED)", and at the end "Total run time: 218.59 seconds (218.40 seconds for the
 * tuning loop)." */
static void tune_old(const char *s, size_t n, struct line_facts *f)
{
	const char *p = tr_find(s, n, "(running for ");
	if (p) {
		p += strlen("(running for ");
		int h, m;
		double sec;
		char buf[32];
		size_t k = (size_t)(s + n - p) < sizeof(buf) - 1 ? (size_t)(s + n - p) : sizeof(buf) - 1;
		memcpy(buf, p, k);
		buf[k] = '\0';
		if (sscanf(buf, "%d:%d:%lf", &h, &m, &sec) == 3 && h >= 0 && m >= 0 && sec >= 0) {
			f->elapsed_s = h * 3600.0 + m * 60.0 + sec;
			f->shape |= SHAPE_PLAIN;
		}
		return;
	}
	p = tr_find(s, n, "Total run time: ");
	if (p) {
		double v = tr_num_after(s, n, "Total run time: ");
		if (v >= 0 && tr_find(s, n, " seconds")) {
			f->elapsed_s = v;
			f->finished = true;
			f->shape |= SHAPE_PLAIN;
		}
		return;
	}
	if (tr_find(s, n, "Number of trials: ") && tune_all_terminated(s, n))
		f->finished = true;
}

void tr_eight(const char *s, size_t n, struct line_facts *f)
{
	if (n > 9 && !memcmp(s, ":::MLLOG ", 9)) {
		mllog(s, n, f);
		return;
	}
	if (tr_find(s, n, "Total running time: "))
		ray_train(s, n, f); /* Train's and Tune's reports, Tune's "Current time: DATE. Total running time" */
	else if (n > 14 && !memcmp(s, "Trial status: ", 14)) {
		if (tune_all_terminated(s, n))
			f->finished = true;
	} else if (tr_find(s, n, "(running for ") || tr_find(s, n, "Total run time: ") || tr_find(s, n, "Number of trials: "))
		tune_old(s, n, f);
	else if (tr_find(s, n, "\xe2\x94\x82 "))
		ray_row(s, n, f);
}

/* trainers_eleven.c - the report lines of Time-Series-Library, HiFi-GAN, Depth-Anything and rsl_rl:
 *   TSLib:    "\titers: 200, epoch: 2 | loss: 0.3412345" (both from 1, iterations within the epoch),
 *             "\tspeed: 0.0300s/iter; left time: 65.5800s" (the trainer's own time left),
 *             "Epoch: 1, Steps: 265 | Train Loss: 0.43 Vali Loss: 0.88 Test Loss: 0.43" (the epoch's end)
 *             and the echoed "  Train Epochs:       10        Batch Size: ..." of its argument table
 *   HiFi-GAN: "Steps : 815, Gen Loss Total : 51.234, Mel-Spec. Error : 0.998, s/b : 0.250" (s/b: that batch's seconds)
 *   Depth-Anything: "===========> Epoch: 1/120, d1: ..." (from 0, opening the epoch) and
 *             "Iter: 200/2342, LR: 0.0000050, Loss: 0.437" (from 0 within the epoch; logread.c joins the two)
 *   rsl_rl:   the per-iteration block's right-aligned rows: "Learning iteration 100/1500",
 *             "Iteration time: 1.88s", "Total time: 190.12s", "ETA: 2635.3s"
 *   gaussian-splatting: the "[DD/MM HH:MM:SS]" stamp at the end of every line
 * Each reads one line; called from trainer_line (trainers.c); their words are in trainers_needles.c.
 * Learned from: thuml/Time-Series-Library (exp/exp_long_term_forecasting.py, utils/print_args.py),
 * jik876/hifi-gan (train.py), DepthAnything/Depth-Anything-V2 (metric_depth/train.py),
 * leggedrobotics/rsl_rl (runners/on_policy_runner.py log). */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static bool tslib(const char *s, size_t n, struct line_facts *f)
{
	const char *e = s + n, *p;
	if (tr_starts_with(s, n, "iters: ", &p) && tr_find(s, n, ", epoch: ") && tr_find(s, n, "| loss: ")) {
		double i = tr_num_after(p, (size_t)(e - p), ""), ep = tr_num_after(s, n, ", epoch: ");
		if (!(i >= 1) || !(ep >= 1))
			return false;
		f->shape |= SHAPE_PLAIN;
		f->epoch = ep - 1;
		f->epoch_step = i;
		f->step = NAN; /* the report adds the epochs before, once their length is known */
		f->total_from_epochs = true;
		f->loss = tr_num_after(s, n, "| loss: ");
		return true;
	}
	if (tr_starts_with(s, n, "speed: ", &p) && tr_find(s, n, "s/iter; left time: ")) {
		double st = tr_num_after(p, (size_t)(e - p), "");
		if (!(st > 0))
			return false;
		f->shape |= SHAPE_PLAIN;
		f->step_time_s = st;
		f->steps_per_s = 1 / st;
		f->remaining_s = tr_num_after(s, n, "left time: ");
		return true;
	}
	if (tr_starts_with(s, n, "Epoch: ", &p) && tr_find(s, n, ", Steps: ") && tr_find(s, n, " | Train Loss: ")) {
		double ep = tr_num_after(p, (size_t)(e - p), ""), per = tr_num_after(s, n, ", Steps: ");
		if (!(ep >= 1) || !(per > 0))
			return false;
		f->shape |= SHAPE_PLAIN;
		f->epoch = ep - 1;
		f->steps_per_epoch = per;
		f->epoch_step = per;
		f->step = NAN;
		f->total_from_epochs = true;
		f->loss = tr_num_after(s, n, " | Train Loss: ");
		f->val_loss = tr_num_after(s, n, " Vali Loss: ");
		return true;
	}
	/* the argument table's row "  Train Epochs:       10                  Batch Size:         32" */
	if (tr_starts_with(s, n, "Train Epochs:", &p) && tr_find(s, n, "Batch Size:")) {
		double te = tr_num_after(p, (size_t)(e - p), "");
		if (!(te > 0))
			return false;
		f->total_epochs = te;
		return true;
	}
	return false;
}

static bool hifigan(const char *s, size_t n, struct line_facts *f)
{
	const char *e = s + n, *p;
	if (!tr_starts_with(s, n, "Steps : ", &p) || !tr_find(s, n, ", Gen Loss Total : "))
		return false;
	double st = tr_num_after(p, (size_t)(e - p), "");
	if (!(st >= 0))
		return false;
	f->shape |= SHAPE_PLAIN;
	f->step = st;
	f->loss = tr_num_after(s, n, ", Gen Loss Total : ");
	double sb = tr_num_after(s, n, ", s/b : ");
	if (sb > 0) {
		f->step_time_s = sb;
		f->steps_per_s = 1 / sb;
	}
	return true;
}

static bool depth_anything(const char *s, size_t n, struct line_facts *f)
{
	double a, b;
	const char *h = tr_find(s, n, "===========> Epoch: ");
	if (h) {
		if (!tr_pair_after(h, (size_t)(s + n - h), "===========> Epoch: ", &a, &b) || !(a >= 0) || !(b > 0))
			return false;
		f->epoch = a; /* counted from 0: the first epoch prints "Epoch: 0/120" */
		f->total_epochs = b;
		f->epoch_header = true;
		return true;
	}
	const char *it = tr_find(s, n, "Iter: ");
	if (!it || !tr_find(s, n, ", LR: ") || !tr_find(s, n, ", Loss: ") ||
	    !tr_pair_after(it, (size_t)(s + n - it), "Iter: ", &a, &b) || !(a >= 0) || !(b > 0))
		return false;
	f->shape |= SHAPE_PLAIN;
	f->epoch_step = a;
	f->steps_per_epoch = b;
	f->step = f->total_steps = f->percent = NAN; /* "200/2342" counts within the epoch, not the run */
	f->total_from_epochs = true;
	f->loss = tr_num_after(s, n, ", Loss: ");
	return true;
}

/* rsl_rl's rows are right-aligned to a 35-column label: at least ten blanks before the label */
static bool rsl_row(const char *s, size_t n, const char *label, double *v)
{
	const char *e = s + n, *p = tr_skip_blank(s, e);
	size_t k = strlen(label);
	if (p - s < 10 || (size_t)(e - p) < k || memcmp(p, label, k))
		return false;
	*v = tr_num_after(p + k, (size_t)(e - p - k), "");
	return !isnan(*v);
}

static bool rsl_rl(const char *s, size_t n, struct line_facts *f)
{
	double a, b;
	const char *it = tr_find(s, n, " Learning iteration ");
	if (it) {
		if (!tr_pair_after(it, (size_t)(s + n - it), " Learning iteration ", &a, &b) || !(b > 0))
			return false;
		f->shape |= SHAPE_PLAIN;
		f->step = a;
		f->total_steps = b;
		f->percent = 100 * a / b;
		return true;
	}
	if (rsl_row(s, n, "Iteration time: ", &a) && a > 0) {
		f->step_time_s = a;
		f->steps_per_s = 1 / a;
		return true;
	}
	if (rsl_row(s, n, "Total time: ", &a)) {
		f->elapsed_s = a;
		return true;
	}
	if (rsl_row(s, n, "ETA: ", &a)) {
		f->remaining_s = a;
		return true;
	}
	return false;
}

/* gaussian-splatting's "... [29/11 10:03:12]" at the line's end (its stdout wrapper stamps every line with
 * day/month and time; no year: one is assumed, the span between two lines is what counts) */
void tr_end_stamp_ts(const char *s, size_t n, struct line_facts *f)
{
	const char *e = s + n;
	while (e > s && (e[-1] == ' ' || e[-1] == '\r'))
		e--;
	const char *p = e - 16;
	if (e - s < 16 || !isnan(f->ts) || p[0] != '[' || p[3] != '/' || p[6] != ' ' || p[9] != ':' || p[12] != ':' ||
	    p[15] != ']')
		return;
	for (int i = 1; i < 15; i++)
		if (i != 3 && i != 6 && i != 9 && i != 12 && !isdigit((unsigned char)p[i]))
			return;
	char buf[32];
	snprintf(buf, sizeof(buf), "2001-%.2s-%.2s %.8s", p + 4, p + 1, p + 7);
	f->ts = log_parse_ts(buf, buf + strlen(buf));
	f->ts_kind = isnan(f->ts) ? TS_NONE : TS_BRACKET;
}

bool tr_eleven(const char *s, size_t n, struct line_facts *f)
{
	return tslib(s, n, f) || hifigan(s, n, f) || depth_anything(s, n, f) || rsl_rl(s, n, f);
}

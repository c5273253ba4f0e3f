/* trainers_fifteen.c - session 27's report lines:
 *   Flax's older examples (wmt, lm1b): "train in step: 2000, loss: 5.7000[, acc: ...]", "eval in step: 2000,
 *             loss: 6.0500" (the validation), "bleu in step: 2000, score: 10.0" (no loss, no step of the run)
 *   fairseq up to 0.9: "| epoch 001:   100 / 1735 loss=..., num_updates=N, ..., wall=W" and its summaries (called
 *             from trainers.c's fairseq reader)
 *   big_vision: "[1500] training_loss = 4.5012", "[1500] z/secs/update = 1.88" (one measurement a line, the step
 *             in magenta on a terminal), "Running for 90000 steps, that means 90.000000 epochs"
 * Called from trainer_line (trainers.c); their words are in trainers_needles.c.
 * Learned from: google/flax (examples/wmt/train.py and examples/lm1b/train.py before CLU: logging.info("train in
 * step: %d, loss: %.4f", ...)), google-research/big_vision (train.py, utils.py BigVisionMetricWriter.measure and
 * Chrono). */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool flax_in_step(const char *s, size_t n, struct line_facts *f)
{
	const char *p = tr_find(s, n, " in step: ");
	if (!p)
		return false;
	/* the word before " in step: ", after the absl prefix's "] " or at the line's start */
	const char *w = p;
	while (w > s && isalpha((unsigned char)w[-1]))
		w--;
	if (w > s && w[-1] != ' ')
		return false;
	size_t k = (size_t)(p - w);
	double st = tr_num_after(s, n, " in step: ");
	if (isnan(st))
		return false;
	f->shape |= SHAPE_PLAIN;
	f->total_steps = f->percent = f->epoch = NAN;
	if (k == 5 && !memcmp(w, "train", 5)) {
		f->step = st;
		f->loss = tr_num_after(p, (size_t)(s + n - p), ", loss: ");
		f->val_loss = NAN;
	} else if (k == 4 && !memcmp(w, "eval", 4)) {
		f->val_loss = tr_num_after(p, (size_t)(s + n - p), ", loss: ");
		f->step = f->loss = NAN;
	} else {
		f->step = f->loss = f->val_loss = NAN; /* bleu, predict: no loss, and the step is the last train line's */
	}
	return true;
}

/* big_vision's "[N] name = value" (after absl's prefix; "\033[35m[N]\033[0m" on a terminal) */
static bool bigvision_measure(const char *s, size_t n, struct line_facts *f)
{
	const char *e = s + n;
	const char *p = tr_find(s, n, "] [");
	if (p)
		p += 3;
	else if ((p = tr_find(s, n, "] \033[35m[")))
		p += 8;
	else
		return false;
	if (p >= e || !isdigit((unsigned char)*p))
		return false;
	char *end;
	double st = strtod(p, &end);
	if (end >= e || *end != ']')
		return false;
	const char *q = end + 1;
	if (e - q >= 4 && !memcmp(q, "\033[0m", 4))
		q += 4;
	if (q >= e || *q != ' ')
		return false;
	q++;
	const char *eq = tr_find(q, (size_t)(e - q), " = ");
	if (!eq || memchr(q, ' ', (size_t)(eq - q)))
		return false; /* one name, then " = " */
	size_t k = (size_t)(eq - q);
	double v = tr_num_after(eq, (size_t)(e - eq), " = ");
	f->shape |= SHAPE_PLAIN;
	f->step = st;
	f->total_steps = f->percent = f->epoch = NAN;
	f->loss = f->val_loss = NAN;
	if (k == 13 && !memcmp(q, "training_loss", 13))
		f->loss = v;
	else if (k == 8 && !memcmp(q, "val/loss", 8))
		f->val_loss = v;
	else if (k == 13 && !memcmp(q, "z/secs/update", 13) && v > 0)
		f->step_time_s = v;
	return true;
}

/* fairseq up to 0.9 (no logging module): "| epoch 001:   100 / 1735 loss=11.8, ..., num_updates=101, ..., wall=62"
 * per interval, "| epoch 001 | loss 8.9 | ... | num_updates 1735 | ... | wall 912" at the epoch's end, "| epoch 001 |
 * valid on 'valid' subset | loss 7.65 | ... | num_updates 1735", "| saved checkpoint ... (epoch 3 @ N updates)" (the
 * epoch just ended, no position of the run) and "| done training in N seconds" (true when the line is one) */
bool tr_fairseq_legacy(const char *s, size_t n, struct line_facts *f)
{
	if (tr_starts_with(s, n, "| saved checkpoint", NULL)) { /* "(epoch 3 @ 3309 updates)": the epoch just ended */
		f->shape |= SHAPE_FAIRSEQ;
		f->step = f->epoch = f->loss = f->percent = NAN;
		return true;
	}
	if (tr_starts_with(s, n, "| done training in", NULL)) {
		f->shape |= SHAPE_FAIRSEQ;
		f->finished = true;
		return true;
	}
	if (tr_starts_with(s, n, "| epoch ", NULL) && tr_find(s, n, "num_updates")) {
		f->shape |= SHAPE_FAIRSEQ;
		f->total_steps = f->percent = NAN;
		if (tr_find(s, n, "| valid on")) {
			f->val_loss = tr_num_after(s, n, "| loss");
			f->step = tr_num_after(s, n, "num_updates");
			f->loss = f->epoch = f->tokens_per_s = f->steps_per_s = f->elapsed_s = NAN;
			return true;
		}
		f->step = tr_num_after(s, n, "num_updates");
		double ep = tr_num_after(s, n, "| epoch");
		f->epoch = ep >= 1 ? ep - 1 : NAN;
		f->loss = tr_num_after(s, n, " loss");
		f->tokens_per_s = tr_num_after(s, n, "wps");
		f->steps_per_s = tr_num_after(s, n, "ups");
		f->elapsed_s = tr_num_after(s, n, "wall");
		return true;
	}
	return false;
}

bool tr_fifteen(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "] Running for ") && tr_find(s, n, " steps, that means ")) {
		double v = tr_num_after(s, n, "] Running for ");
		if (v > 0)
			f->total_steps = v;
		f->step = f->epoch = NAN;
		return true;
	}
	return flax_in_step(s, n, f) || bigvision_measure(s, n, f);
}

/* trainers_sixteen.c - session 28's report lines:
 *   LeRobot: "ts/train.py:232 step:4K smpl:32K ep:64 epch:1.28 loss:0.571 grdn:6.648 lr:1.0e-05 updt_s:0.180
 *             data_s:0.020" (humanised counts; a step takes updt_s + data_s) and "cfg.steps=100000 (100K)"
 *   flair: "epoch 2 - iter 220/440 - loss 0.2 - time (sec): 28.00 - samples/sec: 251.43 - lr: ..." (epochs from
 *             1, the time the epoch's), "EPOCH 1 done: loss ...", "DEV : loss 0.0912 - f1-score ...",
 *             " - max_epochs: \"10\""
 *   MindSpore: LossMonitor's "epoch: 2 step: 1000, loss is 0.3433" (the step within the epoch) and TimeMonitor's
 *             "Train epoch time: 93750.000 ms, per step time: 50.000 ms" (the epoch's length in steps)
 *   lingua: "step: 100  acc: 0  loss:  3.9029  grad: ...  wps: ...  iter:  0.8123  data: 0.0012" (iter is the
 *             step's seconds, not a step)
 *   pytorch/examples MNIST: "Train Epoch: 2 [32000/60000 (53%)]\tLoss: 0.030055" (samples, not steps) and
 *             "Test set: Average loss: 0.0468, Accuracy: ..."
 *   spaCy: the rows of its "E  #  LOSS ...  SCORE" table ("  5    1000   66.02  611.30 ...") and "✔ Saved
 *             pipeline to output directory"
 *   detectron2's metrics.json: {"iteration": 399, "total_loss": ..., "time": 0.45, "eta_seconds": ...}
 *   nanochat: "... | tok/sec: 1,023,321 | mfu: 45.67 | total time: 4.27m"
 * Called from trainer_line (trainers.c); their words are in trainers_needles.c.
 * Learned from: huggingface/lerobot (scripts/train.py log_train_info), flairNLP/flair (trainers/trainer.py),
 * MindSpore's callbacks (mindspore.cn docs), facebookresearch/lingua (apps/main/train.py), pytorch/examples
 * (mnist/main.py), explosion/spaCy (training/loop.py console table), facebookresearch/detectron2
 * (utils/events.py JSONWriter), karpathy/nanochat (scripts/base_train.py). */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool lerobot(const char *s, size_t n, struct line_facts *f)
{
	const char *c = tr_find(s, n, "cfg.steps=");
	if (c) {
		double v = tr_num_after(s, n, "cfg.steps=");
		if (v > 0)
			f->total_steps = v;
		return true;
	}
	if (!tr_find(s, n, " step:") || !tr_find(s, n, " smpl:") || !tr_find(s, n, " updt_s:"))
		return false;
	f->step = tr_human_after(s, n, " step:");
	f->loss = tr_num_after(s, n, " loss:");
	f->epoch = f->total_epochs = f->percent = NAN; /* epch: is a fraction of the data, not the epoch's index */
	double u = tr_num_after(s, n, " updt_s:"), d = tr_num_after(s, n, " data_s:");
	if (u > 0)
		f->step_time_s = u + (d > 0 ? d : 0);
	return true;
}

static bool flair(const char *s, size_t n, struct line_facts *f)
{
	const char *p;
	if (tr_starts_with(s, n, "- max_epochs: \"", NULL) || tr_find(s, n, " - max_epochs: \"")) {
		p = tr_find(s, n, "max_epochs: \"");
		double v = tr_num_after(p, (size_t)(s + n - p), "max_epochs: \"");
		if (v >= 1)
			f->total_epochs = v;
		return true;
	}
	/* "DEV : loss" (flair 0.11+) or "DEV  : loss" (0.4) */
	if ((p = tr_find(s, n, "DEV : loss ")) != NULL || (p = tr_find(s, n, "DEV  : loss ")) != NULL) {
		f->val_loss = tr_num_after(p, (size_t)(s + n - p), ": loss ");
		f->loss = f->step = f->epoch = NAN;
		return true;
	}
	if (tr_find(s, n, " done: loss ") && tr_find(s, n, "EPOCH ")) {
		f->loss = f->step = f->epoch = f->total_steps = NAN; /* the epoch's mean, said after its last line */
		return true;
	}
	p = tr_find(s, n, "epoch ");
	if (!p || !tr_find(s, n, " - iter ") || !tr_find(s, n, " - loss "))
		return false;
	double e = tr_num_after(p, (size_t)(s + n - p), "epoch "), i, per;
	const char *it = tr_find(s, n, " - iter ");
	if (isnan(e) || !tr_pair_after(it, (size_t)(s + n - it), " - iter ", &i, &per) || per <= 0)
		return false;
	tr_epoch_step(f, e, NAN, i, per);
	f->total_from_epochs = true;
	f->percent = NAN;
	f->loss = tr_num_after(s, n, " - loss ");
	double t = tr_num_after(s, n, " - time (sec): ");
	if (t > 0 && i > 0)
		f->step_time_s = t / i;
	return true;
}

static bool mindspore(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "epoch time: ") && tr_find(s, n, ", per step time: ")) {
		double ep = tr_num_after(s, n, "epoch time: "), st = tr_num_after(s, n, ", per step time: ");
		if (ep > 0 && st > 0) {
			f->steps_per_epoch = round(ep / st);
			f->step_time_s = st / 1000;
		}
		return true;
	}
	if (!tr_starts_with(s, n, "epoch: ", NULL) || !tr_find(s, n, " step: ") || !tr_find(s, n, ", loss is "))
		return false;
	double e = tr_num_after(s, n, "epoch: "), st = tr_num_after(s, n, " step: ");
	if (isnan(e) || isnan(st))
		return false;
	f->epoch = e - 1;
	f->epoch_step = st;
	f->step = f->total_steps = f->percent = NAN;
	f->loss = tr_num_after(s, n, ", loss is ");
	return true;
}

static bool lingua(const char *s, size_t n, struct line_facts *f)
{
	if (!tr_find(s, n, " - step: ") || !tr_find(s, n, "  loss: ") || !tr_find(s, n, "  iter: "))
		return false;
	f->step = tr_num_after(s, n, " - step: ");
	f->loss = tr_num_after(s, n, "  loss: ");
	double it = tr_num_after(s, n, "  iter: ");
	f->step_time_s = it > 0 ? it : NAN;
	f->tokens_per_s = NAN; /* wps is a GPU's, not the run's */
	return true;
}

static bool mnist(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "Test set: Average loss: ")) {
		f->val_loss = tr_num_after(s, n, "Test set: Average loss: ");
		f->loss = NAN;
		return true;
	}
	if (!tr_starts_with(s, n, "Train Epoch: ", NULL) || !tr_find(s, n, "Loss: "))
		return false;
	double e = tr_num_after(s, n, "Train Epoch: ");
	if (isnan(e))
		return false;
	f->epoch = e - 1;
	f->step = f->total_steps = f->percent = NAN; /* the bracket counts samples */
	f->loss = tr_num_after(s, n, "Loss: ");
	return true;
}

/* a spaCy table row: "  5    1000   66.02  611.30  77.01  77.45  76.57  0.77" (two integers, then figures) */
static bool spacy_row(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s, *e = s + n;
	double v[2];
	for (int k = 0; k < 2; k++) {
		p = tr_skip_blank(p, e);
		if (p >= e || !isdigit((unsigned char)*p))
			return false;
		char *end;
		v[k] = strtod(p, &end);
		for (const char *q = p; q < end; q++)
			if (!isdigit((unsigned char)*q))
				return false;
		p = end;
		if (p >= e || *p != ' ')
			return false;
	}
	int figures = 0;
	while ((p = tr_skip_blank(p, e)) < e && *p != '\r' && *p != '\n') {
		char *end;
		strtod(p, &end);
		const char *dot = memchr(p, '.', (size_t)(end - p));
		if (end == p || !dot || end - dot != 3)
			return false; /* spaCy prints every figure with two decimals */
		figures++;
		p = end;
	}
	if (figures < 3)
		return false;
	f->epoch = v[0];
	f->step = v[1];
	f->total_steps = f->percent = f->loss = NAN;
	return true;
}

static bool d2_json(const char *s, size_t n, struct line_facts *f)
{
	if (n < 20 || s[0] != '{' || !tr_find(s, n, "\"iteration\": ") || !tr_find(s, n, "\"total_loss\": "))
		return false;
	f->step = tr_num_after(s, n, "\"iteration\": ");
	f->loss = tr_num_after(s, n, "\"total_loss\": ");
	double t = tr_num_after(s, n, "\"time\": ");
	if (t > 0)
		f->step_time_s = t;
	double eta = tr_num_after(s, n, "\"eta_seconds\": ");
	if (!isnan(eta))
		f->remaining_s = eta;
	f->epoch = f->total_steps = f->percent = NAN;
	return true;
}

/* "tok/sec: 1,023,321" (thousands grouped) and "total time: 4.27m" */
static bool nanochat(const char *s, size_t n, struct line_facts *f)
{
	const char *p = tr_find(s, n, "| tok/sec: ");
	if (!p || !tr_find(s, n, "| total time: "))
		return false;
	p += 11;
	double v = 0;
	bool any = false;
	while (p < s + n && (isdigit((unsigned char)*p) || (*p == ',' && p + 3 < s + n && isdigit((unsigned char)p[1]) &&
							     isdigit((unsigned char)p[2]) && isdigit((unsigned char)p[3])))) {
		if (*p != ',')
			v = v * 10 + (*p - '0'), any = true;
		p++;
	}
	if (any)
		f->tokens_per_s = v;
	const char *t = tr_find(s, n, "| total time: ");
	double m = tr_num_after(t, (size_t)(s + n - t), "| total time: ");
	if (m >= 0) {
		char *end;
		strtod(t + 14, &end);
		if (end < s + n && *end == 'm')
			f->elapsed_s = m * 60;
		else if (end < s + n && *end == 's')
			f->elapsed_s = m;
	}
	return false; /* the step, its total and the loss are the plain reader's */
}

bool tr_sixteen(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "Saved pipeline to output directory")) {
		f->finished = true; /* spaCy's end */
		return true;
	}
	return lerobot(s, n, f) || flair(s, n, f) || mindspore(s, n, f) || lingua(s, n, f) || mnist(s, n, f) ||
	       d2_json(s, n, f) || nanochat(s, n, f) || spacy_row(s, n, f);
}

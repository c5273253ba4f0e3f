/* trainers_nine.c - the json_stats lines of the FAIR classification and video trainers, and PixArt's
 * "Step/Epoch" lines, and microsoft/LoRA's NLG "| epoch N step M |" lines. PySlowFast's
 * `[MM/DD HH:MM:SS][INFO] logging.py: 99: json_stats: {"_type": "train_iter", "dt": 1.04, "epoch": "1/40",
 * "eta": "9:12:40", "iter": "20/800", "loss": 5.98, ...}` and pycls's `[meters.py: 187]: json_stats:
 * {"_type": "train_iter", "epoch": "1/100", "eta": "1 day, 3:05:40", "iter": "10/5004", "loss": 6.91,
 * "time_avg": 0.195, ...}`. Epochs and iterations are printed from 1 within the epoch; "train_epoch",
 * "val_epoch" and "test_iter" records are summaries or evaluation, not the run's position.
 * Called from trainer_line (trainers.c); "json_stats: {" is one of its entry needles.
 * Learned from: facebookresearch/SlowFast (slowfast/utils/meters.py TrainMeter.log_iter_stats, issue
 * #625), facebookresearch/pycls (pycls/core/meters.py). */
#include "shapes.h"
#include "trainers_util.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

bool tr_json_stats(const char *s, size_t n, struct line_facts *f)
{
	if (!tr_find(s, n, "json_stats: {"))
		return false;
	/* the generic reading of the record ("epoch": "1/40" as a step of 40) says nothing reliable */
	f->step = f->total_steps = f->epoch = f->total_epochs = f->percent = f->loss = f->val_loss = NAN;
	f->it_per_s = f->samples_per_s = f->tokens_per_s = f->steps_per_s = NAN;
	f->remaining_s = f->step_time_s = NAN;
	f->shape |= SHAPE_PLAIN;
	double e, te, i, per;
	if (!tr_find(s, n, "\"_type\": \"train_iter\"") || !tr_pair_after(s, n, "\"epoch\": \"", &e, &te) ||
	    !tr_pair_after(s, n, "\"iter\": \"", &i, &per) || !(e >= 1) || !(te >= e) || !(per >= i) || !(i >= 1))
		return true;
	tr_epoch_step(f, e, te, i, per);
	f->percent = 100 * f->step / f->total_steps;
	f->loss = tr_num_after(s, n, "\"loss\":");
	f->remaining_s = tr_eta_after(s, n, "\"eta\": \"");
	/* seconds per iteration: SlowFast's dt (the window's median), pycls's time_avg */
	double dt = tr_num_after(s, n, "\"dt\":");
	if (!(dt > 0))
		dt = tr_num_after(s, n, "\"time_avg\":");
	if (!(dt > 0))
		dt = tr_num_after(s, n, "\"time_diff\":");
	if (dt > 0) {
		f->step_time_s = dt;
		f->steps_per_s = 1 / dt;
	}
	return true;
}

/* PixArt-alpha/Sigma (train_scripts/train.py): "Step/Epoch [2600/3][100/1250]:total_eta: 2 days, 3:03:40,
 * epoch_eta:0:23:46, time_all:1.238, time_data:0.011, lr:2.000e-05, s:(64, 64), loss:0.1234, ..." - the
 * global step, the epoch counted from 1, the step within it of the epoch's total; the whole run's eta. */
bool tr_pixart(const char *s, size_t n, struct line_facts *f)
{
	double step, epoch, i, per;
	const char *p = tr_find(s, n, "Step/Epoch [");
	if (!p || !tr_pair_after(p, (size_t)(s + n - p), "Step/Epoch [", &step, &epoch))
		return false;
	const char *q = tr_find(p, (size_t)(s + n - p), "][");
	if (!q || !tr_pair_after(q, (size_t)(s + n - q), "][", &i, &per) || !(epoch >= 1) || !(per >= i) || !(step >= i))
		return false;
	f->shape |= SHAPE_PLAIN;
	f->step = step;
	f->epoch = epoch - 1;
	f->steps_per_epoch = per;
	f->total_steps = f->total_epochs = f->percent = f->val_loss = NAN;
	f->it_per_s = f->samples_per_s = f->tokens_per_s = NAN;
	f->loss = tr_num_after(s, n, ", loss:");
	f->remaining_s = tr_eta_after(s, n, "total_eta: ");
	double dt = tr_num_after(s, n, "time_all:");
	f->step_time_s = dt > 0 ? dt : NAN;
	f->steps_per_s = dt > 0 ? 1 / dt : NAN;
	return true;
}

/* microsoft/LoRA's examples/NLG (src/gpt2_ft.py): "| epoch   1 step      200 |    200 batches | lr 8e-05 |
 * ms/batch 305.10 | loss  3.02 | avg loss  3.40 | ppl 29.96" - the epoch counted from 1, the global step,
 * the current loss (not the running average after it). */
bool tr_pipe_epoch_step(const char *s, size_t n, struct line_facts *f)
{
	const char *p = tr_find(s, n, "| epoch ");
	if (!p)
		return false;
	size_t rest = (size_t)(s + n - p);
	double e = tr_num_after(p, rest, "| epoch "), st = tr_num_after(p, rest, " step ");
	const char *l = tr_find(s, n, "| loss ");
	if (!(e >= 1) || !(st >= 0) || !l)
		return false;
	f->shape |= SHAPE_PLAIN;
	f->epoch = e - 1;
	f->step = st;
	f->loss = tr_num_after(l, (size_t)(s + n - l), "| loss ");
	f->total_steps = f->total_epochs = f->percent = f->val_loss = NAN;
	f->it_per_s = f->samples_per_s = f->tokens_per_s = f->remaining_s = NAN;
	double ms = tr_num_after(s, n, "ms/batch ");
	f->step_time_s = ms > 0 ? ms / 1000 : NAN;
	f->steps_per_s = ms > 0 ? 1000 / ms : NAN;
	return true;
}

/* DeepSpeed-Chat's --print_loss lines "Epoch: 1, Step: 420, Rank: 0, loss = 1.812" and its step-3 PPO lines
 * "epoch: 0|step: 55|ppo_ep: 1|act_loss: ..." (epoch and step from 0;
 * the report adds the epochs before from the "Total Micro Batches" banner) and its evaluation "ppl: 7.9120,
 * loss: 2.0684" (applications/DeepSpeed-Chat/training/step1_supervised_finetuning/main.py) */
bool tr_dschat_loss(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s;
	while (p < s + n && *p == ' ')
		p++;
	size_t rest = (size_t)(s + n - p);
	if (rest > 5 && !memcmp(p, "ppl: ", 5) && tr_find(p, rest, ", loss: ")) {
		double v = tr_num_after(p, rest, ", loss: ");
		if (isnan(v))
			return false;
		f->val_loss = v;
		f->loss = NAN;
		f->shape |= SHAPE_DEEPSPEED;
		return true;
	}
	/* step 3 (RLHF): "epoch: 0|step: 55|ppo_ep: 1|act_loss: 0.0123|cri_loss: 0.2345|unsuper_loss: 0.0" */
	if (rest > 8 && !memcmp(p, "epoch: ", 7) && tr_find(p, rest, "|step: ") && tr_find(p, rest, "|ppo_ep: ")) {
		double e = tr_num_after(p, rest, "epoch: "), st = tr_num_after(p, rest, "|step: ");
		if (!(e >= 0) || !(st >= 0))
			return false;
		f->epoch = e;
		f->epoch_step = st + 1;
		f->step = f->total_steps = f->total_epochs = f->percent = f->loss = NAN;
		f->shape |= SHAPE_DEEPSPEED;
		return true;
	}
	if (rest < 8 || memcmp(p, "Epoch: ", 7) || !tr_find(p, rest, ", Step: ") || !tr_find(p, rest, ", loss = "))
		return false;
	double e = tr_num_after(p, rest, "Epoch: "), st = tr_num_after(p, rest, ", Step: ");
	double l = tr_num_after(p, rest, ", loss = ");
	if (!(e >= 0) || !(st >= 0))
		return false;
	f->epoch = e;
	f->epoch_step = st + 1;
	f->step = f->total_steps = f->total_epochs = f->percent = NAN;
	f->loss = l;
	f->shape |= SHAPE_DEEPSPEED;
	return true;
}

/* A resolved config dumped at the start of a run (torchtune's "Running ... with resolved config:"):
 * its top-level "epochs: 3" line is the run's number of epochs */
bool tr_epochs_setting(const char *s, size_t n, struct line_facts *f)
{
	if (n < 9 || memcmp(s, "epochs: ", 8))
		return false;
	char *end;
	double v = strtod(s + 8, &end);
	while (end < s + n && (*end == ' ' || *end == '\r'))
		end++;
	if (end != s + n || !(v >= 1) || v != floor(v))
		return false;
	f->total_epochs = v;
	return true;
}

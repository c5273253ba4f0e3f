/* trainers_seventeen.c - session 29's report lines:
 *   CleanRL: "SPS: 1522" (environment steps a second since the start; "global_step=N, episodic_return=..." is
 *             read by scan_line: an episode's return is no loss)
 *   Coqui TTS's Trainer: " > EPOCH: 1/1000" (from 0), "   --> TIME: ... -- STEP: 193/406 -- GLOBAL_STEP: 600",
 *             "     | > loss: 2.98765  (3.01234)" (the current value, then the running average), and under
 *             " > EVALUATION" / "--> EVAL PERFORMANCE" the "| > avg_loss: x" validation loss
 *   Hugging Face's Flax examples: "Step... (2000 | Loss: 3.28, Learning Rate: ...)", "Step... (1000 | Eval Loss:
 *             3.58 | ...)", the older "Epoch... (1/3 | Loss: x, ...)" / "Epoch... (1/3 | Eval Loss: x | ...)", and their bars "Training...:" (one epoch's batches), "Epoch ... " (the epochs) and
 *             "Evaluating...:", none of them the run's steps
 *   llama-cookbook: " eval_ppl=tensor(3.20, ...) eval_epoch_loss=tensor(1.16, ...)" (the validation loss)
 *   minGPT: "iter_dt 44.98ms; iter 30: train loss 2.90112" (the iteration's time)
 *   nerfstudio: its table rows "5920 (19.73%)   38.512 ms   15 m, 29 s   109.23 K" (step, share done, a step's
 *             time, time left) and the "Training Finished" panel
 *   WeNet: "Epoch 0 CV info cv_loss 78.43" (the validation loss)
 * Called from trainer_line (trainers.c); their words are in trainers_needles.c.
 * Learned from: vwxyzjn/cleanrl (ppo_atari.py), coqui-ai/Trainer (trainer/logging/console_logger.py),
 * huggingface/transformers (examples/flax/language-modeling/run_clm_flax.py), meta-llama/llama-cookbook
 * (utils/train_utils.py), karpathy/minGPT (projects/chargpt), nerfstudio-project/nerfstudio (utils/writer.py,
 * engine/trainer.py), wenet-e2e/wenet (bin/train.py before 3.0). */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static void no_position(struct line_facts *f)
{
	f->step = f->total_steps = f->percent = f->remaining_s = f->elapsed_s = NAN;
	f->epoch = f->total_epochs = f->loss = NAN;
	f->bar_pos = f->bar_len = f->bar_loss = NAN;
}

static bool coqui(const char *s, size_t n, struct line_facts *f)
{
	const char *p;
	if ((p = tr_find(s, n, "> EPOCH: ")) != NULL) {
		double e, te;
		if (!tr_pair_after(p, (size_t)(s + n - p), "> EPOCH: ", &e, &te) || te <= 0)
			return false;
		no_position(f);
		f->epoch = e; /* from 0 */
		f->total_epochs = te;
		f->epoch_header = true;
		return true;
	}
	if ((p = tr_find(s, n, " -- GLOBAL_STEP: ")) != NULL && tr_find(s, n, "--> TIME: ")) {
		double i, per;
		const char *st = tr_find(s, n, "-- STEP: ");
		double g = tr_num_after(p, (size_t)(s + n - p), " -- GLOBAL_STEP: ");
		if (isnan(g))
			return false;
		no_position(f);
		f->ts = NAN; /* the TIME: stamp is read below as the line's clock */
		f->step = g;
		if (st && tr_pair_after(st, (size_t)(s + n - st), "-- STEP: ", &i, &per) && per > 0) {
			f->steps_per_epoch = per;
			f->total_from_epochs = true;
		}
		const char *t = tr_find(s, n, "--> TIME: ");
		f->ts = log_parse_ts(t + 10, s + n);
		return true;
	}
	if ((p = tr_find(s, n, "| > avg_loss: ")) != NULL) {
		no_position(f);
		f->val_loss = tr_num_after(p, (size_t)(s + n - p), "| > avg_loss: ");
		return true;
	}
	if ((p = tr_find(s, n, "| > loss: ")) != NULL) {
		double v = tr_num_after(p, (size_t)(s + n - p), "| > loss: ");
		no_position(f);
		f->loss = v; /* the current value; the bracketed one is the epoch's running average */
		return true;
	}
	return false;
}

static bool hf_flax(const char *s, size_t n, struct line_facts *f)
{
	const char *p = tr_find(s, n, "Step... (");
	bool epoch_line = false;
	if (!p && (p = tr_find(s, n, "Epoch... (")) != NULL)
		epoch_line = true; /* the older examples' "Epoch... (e/E | Loss: x, ...)" at an epoch's end: no step */
	if (p) {
		double g = tr_num_after(p, (size_t)(s + n - p), epoch_line ? "Epoch... (" : "Step... (");
		if (isnan(g))
			return false;
		const char *ev = tr_find(s, n, "| Eval Loss: ");
		const char *tl = tr_find(s, n, "| Loss: ");
		no_position(f);
		if (ev) {
			f->val_loss = tr_num_after(ev, (size_t)(s + n - ev), "| Eval Loss: ");
		} else if (tl) {
			f->step = epoch_line ? NAN : g;
			f->loss = tr_num_after(tl, (size_t)(s + n - tl), "| Loss: ");
		}
		return true;
	}
	/* their bars: one epoch's batches, the epochs, an evaluation's batches */
	if (tr_starts_with(s, n, "Training...:", NULL) || tr_starts_with(s, n, "Epoch ... ", NULL) ||
	    tr_starts_with(s, n, "Evaluating...:", NULL)) {
		bool eval = tr_starts_with(s, n, "Evaluating...:", NULL);
		no_position(f);
		f->it_per_s = NAN;
		f->eval_pass = eval;
		return true;
	}
	return false;
}

static bool nerfstudio(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "Training Finished")) {
		f->finished = true;
		return true;
	}
	/* "5920 (19.73%)       38.512 ms            15 m, 29 s           109.23 K" */
	const char *e = s + n, *p = tr_skip_blank(s, e), *d = p;
	while (p < e && isdigit((unsigned char)*p))
		p++;
	if (p == d || p + 2 >= e || p[0] != ' ' || p[1] != '(')
		return false;
	double step = strtod(d, NULL);
	char *q;
	double pct = strtod(p + 2, &q);
	if (q == p + 2 || q + 1 >= e || q[0] != '%' || q[1] != ')' || pct <= 0)
		return false;
	p = tr_skip_blank(q + 2, e);
	double t = strtod(p, &q);
	if (q == p)
		return false;
	p = tr_skip_blank(q, e);
	double scale = p + 2 <= e && !memcmp(p, "ms", 2) ? 1e-3 : p + 1 <= e && *p == 's' ? 1 : NAN;
	if (isnan(scale))
		return false;
	p += scale < 1 ? 2 : 1;
	/* the ETA: "1 h, 2 m, 3 s", "15 m, 29 s", "0 s" */
	double rem = 0;
	bool any = false;
	for (;;) {
		p = tr_skip_blank(p, e);
		double v = strtod(p, &q);
		if (q == p)
			break;
		const char *u = tr_skip_blank(q, e);
		if (u >= e)
			break;
		double m = *u == 'd' ? 86400 : *u == 'h' ? 3600 : *u == 'm' ? 60 : *u == 's' ? 1 : NAN;
		if (isnan(m))
			break;
		rem += v * m;
		any = true;
		p = u + 1;
		if (p < e && *p == ',')
			p++;
	}
	no_position(f);
	f->step = step;
	f->percent = pct;
	f->total_steps = round(step * 100 / pct);
	f->step_time_s = t * scale;
	if (t > 0)
		f->steps_per_s = 1 / (t * scale);
	if (any)
		f->remaining_s = rem;
	return true;
}

bool tr_seventeen(const char *s, size_t n, struct line_facts *f)
{
	const char *p;
	if (tr_starts_with(s, n, "SPS: ", &p)) { /* CleanRL */
		double v = strtod(p, NULL);
		if (v > 0) {
			no_position(f);
			f->steps_per_s = v;
			return true;
		}
	}
	if (coqui(s, n, f) || hf_flax(s, n, f))
		return true;
	if ((p = tr_find(s, n, " eval_epoch_loss=tensor(")) != NULL) { /* llama-cookbook */
		no_position(f);
		f->val_loss = tr_num_after(p, (size_t)(s + n - p), " eval_epoch_loss=tensor(");
		return true;
	}
	if (tr_starts_with(s, n, "iter_dt ", &p) && tr_find(s, n, "ms; iter ")) { /* minGPT */
		double dt = strtod(p, NULL);
		if (dt > 0)
			f->step_time_s = dt / 1000;
		return false; /* its "iter N: train loss" part is nanoGPT's reader's */
	}
	if ((p = tr_find(s, n, " CV info cv_loss ")) != NULL) { /* WeNet */
		no_position(f);
		f->val_loss = tr_num_after(p, (size_t)(s + n - p), " CV info cv_loss ");
		return true;
	}
	if (tr_find(s, n, "%)") || tr_find(s, n, "Training Finished"))
		return nerfstudio(s, n, f);
	return false;
}

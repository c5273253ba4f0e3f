/* trainers_twelve.c - the report lines of nanoT5, llm-baselines, SwAV's logger, efficientvit's bars, nerf-pytorch,
 * the "Validation loss:" prints of many scripts and the Hugging Face metrics table:
 *   nanoT5:   "[train] Step 100 out of 65536 | Loss --> 5.12 | ... | Seconds_per_step --> 0.35 | " and
 *             "[eval] Step 1000 out of 65536 | Loss --> 3.21 | Accuracy --> .. |" (the validation loss)
 *   llm-baselines: "0/2000 [train] loss=4.26 [val] loss=4.40, pp=.., acc=.. [time per itr] 312.45ms [lr] .."
 *             ("data epoch/iteration", not "step of total") and its echoed vars(args) "{'...': .., 'iterations': N}"
 *   SwAV:     "INFO - 11/29/26 10:05:25 - 0:05:25 - ..." (the logger's clock and its own elapsed time) and the
 *             batch time of "Epoch: [1][300]\tTime 0.452 (0.512)\t..." (current value before the average)
 *   efficientvit: "Train Epoch #3:  55%|..| 700/1251 [...]" (epochs from 1) and "Validate Epoch #2: ..|.. loss=5.7"
 *             (a validation pass: its loss is the validation loss, its bar no training step)
 *   nerf-pytorch: "Reloading from ./logs/x/100000.tar" (a resumed run: its trange bar counts from 0 over the
 *             iterations left; logread.c adds the checkpoint's step)
 *   "Validation loss: 0.48" on a line of its own (StyleTTS 2 and many scripts)
 *   Hugging Face's metrics table: "  eval_loss               =     3.2207", and its evaluation banner
 *             "***** Running Evaluation *****" (the bars after it count evaluation batches; logread.c)
 * Each reads one line; called from trainer_line (trainers.c); their words are in trainers_needles.c.
 * Learned from: PiotrNawrot/nanoT5 (nanoT5/utils/logging.py), epfml/llm-baselines (src/optim/base.py),
 * facebookresearch/swav (src/logger.py, main_swav.py), mit-han-lab/efficientvit (clscore/trainer),
 * yenchenlin/nerf-pytorch (run_nerf.py), yl4579/StyleTTS2 (train_first.py), huggingface/transformers
 * (trainer.py log_metrics). */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static bool nanot5(const char *s, size_t n, struct line_facts *f)
{
	const char *e = s + n, *tr = tr_find(s, n, "[train] Step "), *ev = tr ? NULL : tr_find(s, n, "[eval] Step ");
	if ((!tr && !ev) || !tr_find(s, n, " out of ") || !tr_find(s, n, "| Loss --> "))
		return false;
	const char *p = tr ? tr + 13 : ev + 12;
	double step = tr_num_after(p, (size_t)(e - p), ""), total = tr_num_after(s, n, " out of ");
	double loss = tr_num_after(s, n, "| Loss --> ");
	if (!(step >= 0) || !(total > 0))
		return false;
	f->shape |= SHAPE_PLAIN;
	f->step = step;
	f->total_steps = total;
	f->percent = f->epoch = NAN;
	if (tr) {
		f->loss = loss;
		double sps = tr_num_after(s, n, "Seconds_per_step --> ");
		if (sps > 0) {
			f->step_time_s = sps;
			f->steps_per_s = 1 / sps;
		}
	} else {
		f->loss = NAN;
		f->val_loss = loss;
	}
	return true;
}

static bool llm_baselines(const char *s, size_t n, struct line_facts *f)
{
	const char *e = s + n, *t = tr_find(s, n, " [train] loss=");
	if (!t)
		return false;
	const char *p = tr_skip_blank(s, t);
	double ep = NAN, it = NAN;
	if (!tr_pair_after(p, (size_t)(t - p), "", &ep, &it) || !(ep >= 0) || !(it >= 0))
		return false;
	f->shape |= SHAPE_PLAIN;
	f->epoch = ep;
	f->step = it;
	f->total_steps = f->percent = NAN;
	f->loss = tr_num_after(t, (size_t)(e - t), "[train] loss=");
	f->val_loss = tr_num_after(t, (size_t)(e - t), "[val] loss=");
	double ms = tr_num_after(t, (size_t)(e - t), "[time per itr] ");
	if (ms > 0) {
		f->step_time_s = ms / 1000;
		f->steps_per_s = 1000 / ms;
	}
	return true;
}

/* vars(args) echoed as a dict: its 'iterations' is the run's length; nothing else on it is progress */
static bool args_dict(const char *s, size_t n, struct line_facts *f)
{
	if (!tr_starts_with(s, n, "{'", NULL) || !tr_find(s, n, "'iterations': "))
		return false;
	double v = tr_num_after(s, n, "'iterations': ");
	f->step = f->epoch = f->loss = f->val_loss = f->percent = f->total_epochs = NAN;
	f->it_per_s = f->samples_per_s = f->tokens_per_s = f->steps_per_s = NAN;
	f->total_steps = v > 0 ? v : NAN;
	f->shape &= ~(unsigned)SHAPE_HF;
	return true;
}

static bool epoch_hash_bar(const char *s, size_t n, struct line_facts *f)
{
	const char *e = s + n, *p;
	if (tr_starts_with(s, n, "Train Epoch #", &p)) {
		double ep = tr_num_after(p, (size_t)(e - p), "");
		if (!(ep >= 1) || !memchr(p, '|', (size_t)(e - p)))
			return false;
		f->epoch = ep - 1;
		return true;
	}
	if (tr_starts_with(s, n, "Validate Epoch #", &p) && memchr(p, '|', (size_t)(e - p))) {
		double vl = tr_num_after(p, (size_t)(e - p), "loss=");
		f->step = f->total_steps = f->percent = f->elapsed_s = f->remaining_s = f->it_per_s = NAN;
		f->epoch = f->loss = NAN;
		f->shape &= ~(unsigned)SHAPE_TQDM;
		f->eval_pass = true;
		f->val_loss = vl;
		return true;
	}
	return false;
}

bool tr_twelve(const char *s, size_t n, struct line_facts *f)
{
	const char *p;
	if (nanot5(s, n, f) || llm_baselines(s, n, f) || args_dict(s, n, f) || epoch_hash_bar(s, n, f))
		return true;
	if (tr_starts_with(s, n, "Validation loss: ", &p)) {
		double v = tr_num_after(p, (size_t)(s + n - p), "");
		if (isnan(v))
			return false;
		f->val_loss = v;
		f->loss = f->step = NAN;
		return true;
	}
	if (tr_starts_with(s, n, "eval_loss", &p)) {
		const char *e = s + n, *q = tr_skip_blank(p, e);
		if (q < e && *q == '=') {
			f->val_loss = tr_num_after(q + 1, (size_t)(e - q - 1), "");
			f->loss = NAN;
			return true;
		}
	}
	if (tr_find(s, n, "***** Running Evaluation *****")) {
		f->hf_eval_banner = true;
		return true;
	}
	if (tr_starts_with(s, n, "Reloading from ", &p)) {
		/* the checkpoint's file name is its global step: ".../100000.tar" */
		const char *e = s + n, *q = e;
		while (q > p && q[-1] == ' ')
			q--;
		const char *dot = q;
		while (dot > p && dot[-1] != '.' && dot[-1] != '/')
			dot--;
		if (dot > p && dot[-1] == '.') {
			const char *d = dot - 1, *a = d;
			while (a > p && isdigit((unsigned char)a[-1]))
				a--;
			if (a < d && (a == p || a[-1] == '/'))
				f->resume_step = tr_num_after(a, (size_t)(d - a), "");
		}
		return !isnan(f->resume_step);
	}
	return false;
}

/* "INFO - 11/29/26 10:05:25 - 0:05:25 - " (SwAV's LogFormatter: level, %x %X, elapsed as a timedelta) */
void tr_level_clock_elapsed(const char *s, size_t n, struct line_facts *f)
{
	static const char *const levels[] = {"INFO - ", "WARNING - ", "ERROR - ", "DEBUG - ", NULL};
	const char *e = s + n, *p = NULL;
	for (int i = 0; levels[i] && !p; i++)
		if (n > strlen(levels[i]) && !memcmp(s, levels[i], strlen(levels[i])))
			p = s + strlen(levels[i]);
	if (!p || e - p < 20 || p[2] != '/' || p[5] != '/' || p[8] != ' ' || p[11] != ':' || p[14] != ':' ||
	    memcmp(p + 17, " - ", 3))
		return;
	for (int i = 0; i < 17; i++)
		if (i != 2 && i != 5 && i != 8 && i != 11 && i != 14 && !isdigit((unsigned char)p[i]))
			return;
	char iso[20];
	snprintf(iso, sizeof(iso), "20%.2s-%.2s-%.2s %.8s", p + 6, p, p + 3, p + 9);
	double ts = log_parse_ts(iso, iso + 19);
	if (isnan(ts))
		return;
	f->ts = ts;
	f->ts_kind = TS_ISO;
	/* the elapsed time: "0:05:25" or "1 day, 2:03:04" */
	const char *q = p + 20, *dash = NULL;
	for (const char *r = q; r + 3 <= e; r++)
		if (!memcmp(r, " - ", 3)) {
			dash = r;
			break;
		}
	if (!dash || dash - q > 20)
		return;
	double days = 0, h = NAN, m = NAN, sec = NAN;
	const char *c = q;
	if (tr_find(q, (size_t)(dash - q), "day")) {
		days = tr_num_after(q, (size_t)(dash - q), "");
		const char *comma = memchr(q, ',', (size_t)(dash - q));
		if (!comma)
			return;
		c = tr_skip_blank(comma + 1, dash);
	}
	if (sscanf(c, "%lf:%lf:%lf", &h, &m, &sec) == 3 && h >= 0 && m >= 0 && sec >= 0)
		f->elapsed_s = days * 86400 + h * 3600 + m * 60 + sec;
	/* SwAV's "Epoch: [e][it]\tTime cur (avg)": the current batch's seconds */
	if (tr_find(dash, (size_t)(e - dash), "Epoch: [") && tr_find(dash, (size_t)(e - dash), "\tTime ")) {
		double bt = tr_num_after(dash, (size_t)(e - dash), "\tTime ");
		if (bt > 0) {
			f->step_time_s = bt;
			f->steps_per_s = 1 / bt;
		}
	}
}

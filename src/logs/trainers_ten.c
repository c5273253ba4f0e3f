/* trainers_ten.c - the report lines of UER-py/TencentPretrain, MMF, flashy (audiocraft), ParlAI,
 * Stable-Baselines3 and AllenNLP:
 *   UER:    "|     3000/    5000 steps|  64234.56 tokens/s| loss    6.00| acc_mlm: 0.200"
 *   MMF:    "progress: 1000/22000, train/total_loss: 9.54, train/total_loss/avg: 10.98, ..., ups: 1.75,
 *            time_since_start: 10m 45s 220ms, eta: 03h 20m 00s" and its "val/total_loss:" report
 *   flashy: "[07-14 10:21:46][flashy.solver][INFO] - Train | Epoch 2 | 600/2000 | 2.10 it/sec | ... | ce 4.840"
 *            (epochs from 1, steps within the epoch), "Valid Summary | Epoch 1 | ce 4.700"
 *   ParlAI: "time:390s total_exs:38400 total_steps:1200 epochs:0.30" and the echoed "num_epochs: 4.0"
 *   SB3:    the boxed table's rows, one a line: "|    total_timesteps      | 20480        |",
 *            "|    time_elapsed | 11 |", "|    loss | 7.12 |"; rl-zoo's "('n_timesteps', 100000.0)"
 *   AllenNLP: "... gradient_descent_trainer - Epoch 1/4" (from 0, the last index after the slash), a tqdm
 *            bar per epoch ("loss: 5.98 ||:  45%|####4 | 985/2190 [09:05<11:07,  1.80it/s]") joined to
 *            it like Keras's, and the console logger's "loss | 8.012 | 5.120" (Training | Validation) row.
 * Each reads one line; called from trainer_line (trainers.c), whose entry needles hold theirs.
 * Learned from: dbiir/UER-py (uer/trainer.py), facebookresearch/mmf (mmf/utils/logger.py),
 * facebookresearch/flashy (flashy/logging.py), facebookresearch/ParlAI (parlai/scripts/train_model.py),
 * DLR-RM/stable-baselines3 (common/logger.py HumanOutputFormat), allenai/allennlp (training/). */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "03h 20m 00s", "10m 45s 220ms", "58s 149ms" after needle, in seconds (NaN when none) */
static double hms_after(const char *s, size_t n, const char *needle)
{
	const char *p = tr_find(s, n, needle);
	if (!p)
		return NAN;
	const char *e = s + n;
	p += strlen(needle);
	double t = 0;
	bool any = false;
	for (;;) {
		while (p < e && *p == ' ')
			p++;
		if (p >= e || !isdigit((unsigned char)*p))
			break;
		char *end;
		double v = strtod(p, &end);
		if (end >= e)
			break;
		if (end + 1 < e && end[0] == 'm' && end[1] == 's')
			t += v / 1000, end += 2;
		else if (*end == 'd')
			t += v * 86400, end++;
		else if (*end == 'h')
			t += v * 3600, end++;
		else if (*end == 'm')
			t += v * 60, end++;
		else if (*end == 's')
			t += v, end++;
		else
			break;
		any = true;
		p = end;
	}
	return any ? t : NAN;
}

static void clear_generic(struct line_facts *f)
{
	f->step = f->total_steps = f->epoch = f->total_epochs = f->percent = f->loss = f->val_loss = NAN;
	f->it_per_s = f->samples_per_s = f->tokens_per_s = f->steps_per_s = NAN;
	f->remaining_s = f->elapsed_s = f->step_time_s = NAN;
}

static bool uer(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s, *e = s + n;
	while (p < e && *p == ' ')
		p++;
	double a, b;
	if (p >= e || *p != '|' || !tr_find(s, n, " steps|") || !tr_pair_after(p + 1, (size_t)(e - p - 1), "", &a, &b))
		return false;
	clear_generic(f);
	f->shape |= SHAPE_PLAIN;
	f->step = a;
	f->total_steps = b;
	f->percent = b > 0 ? 100 * a / b : NAN;
	f->loss = tr_num_after(s, n, "| loss");
	const char *t = tr_find(s, n, " tokens/s");
	if (t) { /* the number just before the unit */
		const char *q = t;
		while (q > s && (isdigit((unsigned char)q[-1]) || q[-1] == '.'))
			q--;
		f->tokens_per_s = q < t ? strtod(q, NULL) : NAN;
	}
	return true;
}

static bool mmf(const char *s, size_t n, struct line_facts *f)
{
	double a, b;
	if (!tr_find(s, n, "progress: ") || !tr_pair_after(s, n, "progress: ", &a, &b) ||
	    !(tr_find(s, n, "num_updates: ") || tr_find(s, n, "max_updates: ")))
		return false;
	clear_generic(f);
	f->shape |= SHAPE_PLAIN;
	f->step = a;
	f->total_steps = b;
	f->percent = b > 0 ? 100 * a / b : NAN;
	f->loss = tr_num_after(s, n, "train/total_loss: ");
	f->val_loss = tr_num_after(s, n, "val/total_loss: ");
	double ups = tr_num_after(s, n, "ups: ");
	f->steps_per_s = ups > 0 ? ups : NAN;
	f->elapsed_s = hms_after(s, n, "time_since_start: ");
	f->remaining_s = hms_after(s, n, "eta: ");
	return true;
}

/* "[MM-DD HH:MM:SS]" at the line's start (flashy's stamp; trainers.c reads it on the lines no recognizer takes) */
static void month_day_ts(const char *s, size_t n, struct line_facts *f)
{
	if (n > 16 && s[0] == '[' && s[3] == '-' && s[6] == ' ' && s[9] == ':' && s[12] == ':' && s[15] == ']' &&
	    isnan(f->ts)) {
		char buf[32];
		snprintf(buf, sizeof(buf), "2001-%.2s-%.2s %.8s", s + 1, s + 4, s + 7);
		f->ts = log_parse_ts(buf, buf + strlen(buf));
		f->ts_kind = isnan(f->ts) ? TS_NONE : TS_BRACKET;
	}
}

static bool flashy(const char *s, size_t n, struct line_facts *f)
{
	const char *p = tr_find(s, n, " | Epoch ");
	if (!p)
		return false;
	/* the stage word before " | Epoch ": "Train", "Valid", "Train Summary", "Evaluate", ... */
	const char *st = p;
	while (st > s && st[-1] != '-' && st[-1] != ']')
		st--;
	while (st < p && *st == ' ')
		st++;
	size_t sl = (size_t)(p - st);
	bool train = sl >= 5 && !memcmp(st, "Train", 5);
	bool valid = sl >= 5 && (!memcmp(st, "Valid", 5) || !memcmp(st, "Evaluate", sl < 8 ? sl : 8));
	bool summary = sl >= 7 && !memcmp(st + sl - 7, "Summary", 7);
	if (!train && !valid)
		return false;
	clear_generic(f);
	month_day_ts(s, n, f);
	f->shape |= SHAPE_PLAIN;
	double loss = tr_num_after(s, n, "| loss ");
	if (isnan(loss))
		loss = tr_num_after(s, n, "| ce ");
	if (valid) {
		f->val_loss = loss;
		f->eval_pass = !summary;
		return true;
	}
	if (summary)
		return true; /* the epoch's averages: not the run's position */
	double e = tr_num_after(s, n, " | Epoch ");
	const char *q = tr_find(p + 9, (size_t)(s + n - p - 9), " | ");
	double i, per;
	if (!(e >= 1) || !q || !tr_pair_after(q, (size_t)(s + n - q), " | ", &i, &per) || !(per >= i))
		return true;
	tr_epoch_step(f, e, NAN, i, per);
	f->total_steps = NAN;
	f->loss = loss;
	const char *u = tr_find(s, n, " it/sec");
	if (u) {
		const char *b = u;
		while (b > s && (isdigit((unsigned char)b[-1]) || b[-1] == '.'))
			b--;
		f->it_per_s = b < u ? strtod(b, NULL) : NAN;
	}
	return true;
}

/* ParlAI's table header: lower-case metric names only ("clen ctpb ... loss lr ... ppl ... ups"), among
 * them loss and ppl; the columns of loss and ups */
static bool parlai_header(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s, *e = s + n;
	int col = 0, loss = -1, ups = -1;
	bool ppl = false;
	while (p < e) {
		while (p < e && *p == ' ')
			p++;
		if (p >= e)
			break;
		const char *w = p;
		while (p < e && *p != ' ') {
			if (!(islower((unsigned char)*p) || *p == '_' || *p == '-' || isdigit((unsigned char)*p)))
				return false;
			p++;
		}
		if (!islower((unsigned char)*w))
			return false;
		size_t wl = (size_t)(p - w);
		if (wl == 4 && !memcmp(w, "loss", 4))
			loss = col;
		else if (wl == 3 && !memcmp(w, "ups", 3))
			ups = col;
		else if (wl == 3 && !memcmp(w, "ppl", 3))
			ppl = true;
		col++;
	}
	if (loss < 0 || !ppl || col < 5)
		return false;
	f->tab_header = true;
	f->tab_loss_col = loss;
	f->tab_ups_col = ups;
	return true;
}

static bool parlai(const char *s, size_t n, struct line_facts *f)
{
	if (n > 6 && !memcmp(s + n - 6, "valid:", 6) && tr_find(s, n, " | valid:")) {
		f->tab_valid_mark = true;
		return true;
	}
	if (tr_find(s, n, " loss ") && tr_find(s, n, " ppl ") && parlai_header(s, n, f))
		return true;
	if (tr_find(s, n, "total_steps:") && tr_find(s, n, " total_exs:")) {
		double t = tr_num_after(s, n, "time:");
		double st = tr_num_after(s, n, "total_steps:");
		double ep = tr_num_after(s, n, " epochs:");
		clear_generic(f);
		f->shape |= SHAPE_PLAIN;
		f->step = st;
		f->elapsed_s = t;
		if (ep > 0 && st > 0) {
			f->steps_per_epoch = st / ep;
			f->total_from_epochs = true;
		}
		return true;
	}
	const char *p = tr_find(s, n, "|     num_epochs: ");
	if (p) {
		double v = tr_num_after(p, (size_t)(s + n - p), "num_epochs: ");
		if (v > 0)
			f->total_epochs = v;
		return true;
	}
	return false;
}

/* one row of SB3's table: "|    key    | value    |" -> key and value */
static bool sb3_row(const char *s, size_t n, const char **key, size_t *kl, double *v)
{
	const char *p = s, *e = s + n;
	if (p >= e || *p != '|')
		return false;
	p++;
	/* SB3 indents a section's keys by four blanks ("|    loss   | 7.12 |"), as the needles have them */
	if (e - p < 5 || memcmp(p, "    ", 4) || p[4] == ' ')
		return false;
	p += 4;
	const char *k = p;
	while (p < e && *p != ' ' && *p != '|')
		p++;
	if (p >= e || *p != ' ')
		return false;
	*key = k;
	*kl = (size_t)(p - k);
	while (p < e && *p == ' ')
		p++;
	if (p >= e || *p != '|')
		return false;
	p++;
	while (p < e && *p == ' ')
		p++;
	char *end;
	*v = strtod(p, &end);
	return end != p;
}

static bool sb3(const char *s, size_t n, struct line_facts *f)
{
	const char *k;
	size_t kl;
	double v;
	if (tr_find(s, n, "('n_timesteps', ")) {
		double t = tr_num_after(s, n, "('n_timesteps', ");
		if (t > 0)
			f->total_steps = t;
		return true;
	}
	if (!sb3_row(s, n, &k, &kl, &v))
		return false;
	if (kl == 15 && !memcmp(k, "total_timesteps", 15)) {
		clear_generic(f);
		f->step = v;
	} else if (kl == 12 && !memcmp(k, "time_elapsed", 12)) {
		clear_generic(f);
		f->elapsed_s = v;
	} else if (kl == 4 && !memcmp(k, "loss", 4)) {
		clear_generic(f);
		f->loss = v;
	} else {
		return false;
	}
	f->shape |= SHAPE_PLAIN;
	return true;
}

static bool allennlp(const char *s, size_t n, struct line_facts *f)
{
	const char *p = tr_find(s, n, "gradient_descent_trainer - Epoch ");
	double a, b;
	if (p && tr_pair_after(p, (size_t)(s + n - p), "gradient_descent_trainer - Epoch ", &a, &b) && b >= a) {
		clear_generic(f);
		f->keras_epoch_line = true;
		f->epoch = a; /* counted from 0 */
		f->total_epochs = b + 1;
		return true;
	}
	p = tr_find(s, n, "console_logger - loss ");
	if (p) {
		/* "loss  |  8.012  |  5.120": Training, then Validation */
		const char *q = memchr(p, '|', (size_t)(s + n - p));
		const char *r = q ? memchr(q + 1, '|', (size_t)(s + n - q - 1)) : NULL;
		if (r) {
			clear_generic(f);
			f->val_loss = tr_num_after(r, (size_t)(s + n - r), "|");
		}
		return true;
	}
	p = tr_find(s, n, " ||: ");
	if (p && !isnan(f->step) && !isnan(f->total_steps)) {
		f->keras_bar = true;
		f->bar_keeps_rate = true;
		f->bar_pos = f->step;
		f->bar_len = f->total_steps;
		f->bar_loss = tr_num_after(s, (size_t)(p - s), " loss: ");
		if (isnan(f->bar_loss) && p - s > 6 && !memcmp(s, "loss: ", 6))
			f->bar_loss = tr_num_after(s, (size_t)(p - s), "loss: ");
		return true;
	}
	return false;
}

bool tr_ten(const char *s, size_t n, struct line_facts *f)
{
	return uer(s, n, f) || mmf(s, n, f) || flashy(s, n, f) || parlai(s, n, f) || sb3(s, n, f) || allennlp(s, n, f);
}

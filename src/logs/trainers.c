/* trainers.c - the log lines of particular trainers (see trainer_line in shapes.h). Each recognizer
 * is keyed on words only that trainer prints, and corrects what the generic scanner read from the
 * same line (a "loss scale" is not a loss, a validation loss is never the training loss).
 * Learned from: Megatron-LM training_log (megatron/training/training.py), fairseq progress_bar
 * (simple/json), timm train.py train_one_epoch/validate, Swin-Transformer main.py, nanoGPT train.py,
 * DeepSpeed-Chat step1 main.py, transformers Trainer._inner_training_loop. */
#include "shapes.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *find(const char *s, size_t n, const char *needle)
{
	size_t m = strlen(needle);
	if (!m)
		return s;
	for (size_t i = 0; i + m <= n; i++)
		if (s[i] == needle[0] && !memcmp(s + i, needle, m))
			return s + i;
	return NULL;
}

/* The number after needle (skipping spaces, ':', '=', '['); NaN when none. Thousands separators
 * ("3,444") are read when every group has three digits. */
static double num_after(const char *s, size_t n, const char *needle)
{
	const char *p = find(s, n, needle);
	if (!p)
		return NAN;
	const char *e = s + n;
	p += strlen(needle);
	while (p < e && (*p == ' ' || *p == ':' || *p == '=' || *p == '[' || *p == '\t' || *p == '('))
		p++;
	if (p >= e || !(isdigit((unsigned char)*p) || *p == '-' || *p == '.'))
		return NAN;
	char buf[64];
	size_t k = 0;
	for (const char *q = p; q < e && k + 1 < sizeof(buf); q++) {
		if (*q == ',' && q + 3 < e && isdigit((unsigned char)q[1]) && isdigit((unsigned char)q[2]) &&
		    isdigit((unsigned char)q[3]) && (q + 4 >= e || !isdigit((unsigned char)q[4])))
			continue;
		if (!(isdigit((unsigned char)*q) || *q == '.' || *q == '-' || *q == '+' || *q == 'e' || *q == 'E'))
			break;
		if ((*q == '-' || *q == '+') && k && buf[k - 1] != 'e' && buf[k - 1] != 'E')
			break;
		buf[k++] = *q;
	}
	buf[k] = '\0';
	char *end;
	double v = strtod(buf, &end);
	return end == buf ? NAN : v;
}

/* "N/M" right after needle: n and m (NaN when absent). */
static bool pair_after(const char *s, size_t n, const char *needle, double *a, double *b)
{
	const char *p = find(s, n, needle);
	if (!p)
		return false;
	const char *e = s + n;
	p += strlen(needle);
	while (p < e && (*p == ' ' || *p == '['))
		p++;
	char *end;
	double x = strtod(p, &end);
	if (end == p)
		return false;
	p = end;
	while (p < e && *p == ' ')
		p++;
	if (p >= e || *p != '/')
		return false;
	p++;
	while (p < e && *p == ' ')
		p++;
	double y = strtod(p, &end);
	if (end == p)
		return false;
	*a = x;
	*b = y;
	return true;
}

static void megatron(const char *s, size_t n, struct line_facts *f)
{
	double it, tot;
	if (find(s, n, "elapsed time per iteration (ms)") && pair_after(s, n, "iteration", &it, &tot)) {
		f->shape |= SHAPE_MEGATRON;
		f->step = it;
		f->total_steps = tot;
		f->step_time_s = num_after(s, n, "elapsed time per iteration (ms)") / 1000;
		double gbs = num_after(s, n, "global batch size");
		f->samples_per_s = gbs > 0 && f->step_time_s > 0 ? gbs / f->step_time_s : NAN;
		f->loss = num_after(s, n, "lm loss");
		if (isnan(f->loss))
			f->loss = num_after(s, n, " loss:");
		f->epoch = NAN;
		return;
	}
	if (find(s, n, "validation loss at iteration") || find(s, n, "validation loss at the end")) {
		f->shape |= SHAPE_MEGATRON;
		f->val_loss = num_after(s, n, "lm loss value");
		if (isnan(f->val_loss))
			f->val_loss = num_after(s, n, "loss value");
		f->loss = NAN;
		f->step = NAN;
	}
}

static void fairseq(const char *s, size_t n, struct line_facts *f)
{
	if (find(s, n, "| train_inner |") || find(s, n, "| train |")) {
		f->shape |= SHAPE_FAIRSEQ;
		double u = num_after(s, n, "num_updates");
		if (!isnan(u))
			f->step = u;
		f->total_steps = NAN;
		double ep = num_after(s, n, "| epoch");
		f->epoch = isnan(ep) ? num_after(s, n, "epoch") : ep;
		f->loss = num_after(s, n, " loss");
		f->tokens_per_s = num_after(s, n, "wps");
		f->steps_per_s = num_after(s, n, "ups");
		f->elapsed_s = num_after(s, n, "wall");
		f->percent = NAN;
		return;
	}
	if (find(s, n, "| valid |") || find(s, n, "| valid_")) {
		f->shape |= SHAPE_FAIRSEQ;
		f->val_loss = num_after(s, n, "| loss");
		f->loss = NAN;
		f->step = num_after(s, n, "num_updates");
		f->epoch = NAN;
		f->tokens_per_s = f->steps_per_s = f->elapsed_s = NAN;
		return;
	}
	/* the configuration printed at start: 'max_update': 50000, 'max_epoch': 0 */
	double mu = num_after(s, n, "'max_update'");
	if (mu > 0)
		f->total_steps = mu;
	double me = num_after(s, n, "'max_epoch'");
	if (me > 0)
		f->total_epochs = me;
	if (find(s, n, "done training in"))
		f->finished = true;
}

static void timm(const char *s, size_t n, struct line_facts *f)
{
	const char *tr = find(s, n, "Train: ");
	const char *te = find(s, n, "Test: [");
	if (!te)
		te = find(s, n, "Test (EMA): [");
	if (tr) {
		size_t off = (size_t)(tr - s);
		const char *p = tr + 7, *e = s + n;
		double ep, tot_ep = NAN, i, per;
		if (*p == '[') { /* Swin: Train: [e/E][i/N] */
			if (!pair_after(p, (size_t)(e - p), "[", &ep, &tot_ep))
				return;
			const char *q = memchr(p + 1, '[', (size_t)(e - p - 1));
			if (!q || !pair_after(q, (size_t)(e - q), "[", &i, &per))
				return;
			f->step_time_s = num_after(s, n, "time");
			const char *avg = find(s, n, "time");
			if (avg) { /* the running average in parentheses */
				const char *par = memchr(avg, '(', (size_t)(e - avg) < 40 ? (size_t)(e - avg) : 40);
				if (par)
					f->step_time_s = strtod(par + 1, NULL);
			}
			f->loss = num_after(s, n, "\tloss");
			if (isnan(f->loss))
				f->loss = num_after(s, n, " loss");
			f->remaining_s = NAN; /* Swin's eta is the epoch's */
		} else { /* timm: Train: e [ i/N ( p%)] */
			char *end;
			ep = strtod(p, &end);
			if (end == p || !pair_after(end, (size_t)(e - end), "", &i, &per))
				return;
			f->loss = num_after(s, n, "Loss:");
			const char *t = find(s + off, n - off, "Time:");
			if (t) {
				const char *par = memchr(t, '(', (size_t)(e - t) < 60 ? (size_t)(e - t) : 60);
				f->step_time_s = par ? strtod(par + 1, NULL) : num_after(s, n, "Time:");
				double rate = num_after(t, (size_t)(e - t), "s,");
				if (!isnan(rate))
					f->samples_per_s = rate;
			}
			f->percent = NAN;
		}
		f->shape |= SHAPE_TIMM;
		f->epoch = ep;
		f->total_epochs = tot_ep;
		f->steps_per_epoch = per;
		f->step = ep * per + i;
		f->total_steps = isnan(tot_ep) ? NAN : tot_ep * per;
		f->it_per_s = NAN;
		return;
	}
	if (te) {
		f->shape |= SHAPE_TIMM;
		const char *l = find(s, n, "Loss:");
		if (!l)
			l = find(s, n, "Loss ");
		if (l) {
			const char *e = s + n;
			const char *par = memchr(l, '(', (size_t)(e - l) < 40 ? (size_t)(e - l) : 40);
			f->val_loss = par ? strtod(par + 1, NULL) : num_after(l, (size_t)(e - l), l[4] == ':' ? "Loss:" : "Loss");
		}
		f->loss = f->step = f->total_steps = f->epoch = NAN;
		return;
	}
	double se = num_after(s, n, "Scheduled epochs:");
	if (se > 0)
		f->total_epochs = se;
}

static void nanogpt(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s;
	while (p < s + n && *p == ' ')
		p++;
	size_t m = (size_t)(s + n - p);
	if (m > 5 && !memcmp(p, "iter ", 5) && find(p, m, ": loss") && find(p, m, "ms")) {
		f->shape |= SHAPE_NANOGPT;
		f->step = strtod(p + 5, NULL);
		f->loss = num_after(p, m, ": loss");
		f->step_time_s = num_after(p, m, "time") / 1000;
		return;
	}
	if (m > 5 && !memcmp(p, "step ", 5) && find(p, m, "train loss") && find(p, m, "val loss")) {
		f->shape |= SHAPE_NANOGPT;
		f->step = strtod(p + 5, NULL);
		f->val_loss = num_after(p, m, "val loss");
		f->loss = NAN; /* an estimate over eval batches; the iter lines carry the training loss */
		return;
	}
	double tpi = num_after(s, n, "tokens per iteration will be:");
	if (tpi > 0)
		f->tokens_per_step = tpi;
}

static void banners(const char *s, size_t n, struct line_facts *f)
{
	/* Hugging Face Trainer header */
	double v = num_after(s, n, "Total optimization steps =");
	if (v > 0)
		f->total_steps = v;
	v = num_after(s, n, "Num Epochs =");
	if (v > 0)
		f->total_epochs = v;
	v = num_after(s, n, "'eval_loss'");
	if (isnan(v))
		v = num_after(s, n, "\"eval_loss\"");
	if (!isnan(v))
		f->val_loss = v;
	/* DeepSpeed-Chat: Beginning of Epoch 1/1, Total Micro Batches 920 */
	double e, t;
	if (find(s, n, "Beginning of Epoch") && pair_after(s, n, "Beginning of Epoch", &e, &t)) {
		f->epoch = e;
		f->total_epochs = t;
		double mb = num_after(s, n, "Total Micro Batches");
		if (mb > 0)
			f->total_steps = mb * t;
		f->shape |= SHAPE_DEEPSPEED;
	}
	/* the DeepSpeed engine's own 0-based epoch counter */
	if (find(s, n, "/micro_step=") && !isnan(f->epoch))
		f->weak_epoch = true;
	/* generic validation wording: "eval loss=2.2", "val_loss: 1.9", "validation loss 3.1" */
	if (isnan(f->val_loss) && !isnan(f->loss) && !(f->shape & (SHAPE_MEGATRON | SHAPE_FAIRSEQ | SHAPE_TIMM))) {
		static const char *const marks[] = {"eval loss", "eval_loss", "val loss", "val_loss", "valid loss",
						    "valid_loss", "validation loss", "validation_loss", "test loss",
						    "test_loss", "eval/loss", "val/loss", NULL};
		for (int i = 0; marks[i]; i++) {
			double x = num_after(s, n, marks[i]);
			if (!isnan(x)) {
				f->val_loss = x;
				/* the line's training loss, when it has one ("train loss 1.2, val loss 1.3") */
				double tl = num_after(s, n, "train loss");
				if (isnan(tl))
					tl = num_after(s, n, "train_loss");
				f->loss = tl;
				break;
			}
		}
	}
	/* lines that say a run ended */
	if (find(s, n, "exits successfully") || find(s, n, "Training completed") ||
	    find(s, n, "`Trainer.fit` stopped") || find(s, n, "saving the final model"))
		f->finished = true;
}

void trainer_line(const char *s, size_t len, struct line_facts *f)
{
	if (len > 8192)
		return;
	megatron(s, len, f);
	if (f->shape & SHAPE_MEGATRON)
		return;
	if (find(s, len, "| INFO |") || find(s, len, "| train") || find(s, len, "| valid"))
		fairseq(s, len, f);
	else if (find(s, len, "'max_update'"))
		fairseq(s, len, f);
	if (f->shape & SHAPE_FAIRSEQ)
		return;
	if (find(s, len, "Train: ") || find(s, len, "Test: [") || find(s, len, "Test (EMA): [") ||
	    find(s, len, "Scheduled epochs:"))
		timm(s, len, f);
	if (f->shape & SHAPE_TIMM)
		return;
	nanogpt(s, len, f);
	if (f->shape & SHAPE_NANOGPT)
		return;
	banners(s, len, f);
}

/* trainers_six.c - log lines of the trainers added in issue 17's sixth round: mlx-lm (Apple MLX), NeMo 2's
 * progress printer and NeMo 1's Lightning bar (reduced_train_loss), kohya-ss sd-scripts, MindYOLO /
 * "Epoch e/E, Step i/N" scripts, Caffe's solver, MXNet's Speedometer with an argparse Namespace dump, and
 * Unsloth's banner. Called from trainer_line (trainers.c); each recognizer is keyed on words only that
 * trainer prints (every key is one of trainer_line's entry needles, or a line start it lets through).
 * Learned from: ml-explore/mlx-lm tuner/trainer.py (PR #330, mlx-examples issues #210, #557), NVIDIA NeMo
 * progress_printer.py (PR #10128, bionemo-recipes PR #740), kohya-ss/sd-scripts train_network.py (issue
 * #2137), mindspore-lab/mindyolo (issue #370), BVLC/caffe solver.cpp (issues #361, #2864), apache/mxnet
 * callback.py Speedometer (issues #4900, #11284), unslothai/unsloth banners (issues #224, #1899). */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The number just before needle ("0.1111 iter/s": the number before " iter/s"); NaN when none. */
static double num_before(const char *s, size_t n, const char *needle)
{
	const char *p = tr_find(s, n, needle);
	if (!p)
		return NAN;
	const char *a = p;
	while (a > s && (isdigit((unsigned char)a[-1]) || a[-1] == '.'))
		a--;
	if (a == p)
		return NAN;
	return strtod(a, NULL);
}

/* The line without its leading blanks, and its length. */
static const char *lstrip(const char *s, size_t n, size_t *m)
{
	const char *p = s;
	while (p < s + n && (*p == ' ' || *p == '\t'))
		p++;
	*m = (size_t)(s + n - p);
	return p;
}

/* mlx-lm: "Starting training..., iters: 600", "Iter 40: Train loss 1.871, Learning Rate 2.000e-05, It/sec
 * 0.625, Tokens/sec 203.990, ...", "Iter 40: Val loss 1.904, Val took 4.801s", "Saved final weights to
 * ..."; its "Calculating loss...: 100%|..| 25/25" bar is the validation's, not the run's. */
static void mlx(const char *s, size_t n, struct line_facts *f)
{
	size_t m;
	const char *p = lstrip(s, n, &m);
	double v = tr_num_after(s, n, "Starting training..., iters:");
	if (v > 0) {
		f->total_steps = v;
		f->step = NAN;
		return;
	}
	if (tr_find(s, n, "Saved final weights")) {
		f->finished = true;
		return;
	}
	if (m > 16 && !memcmp(p, "Calculating loss", 16)) {
		f->step = f->total_steps = f->percent = f->elapsed_s = f->remaining_s = f->it_per_s = NAN;
		f->shape &= ~(unsigned)SHAPE_TQDM;
		f->eval_pass = true;
		return;
	}
	if (m < 7 || memcmp(p, "Iter ", 5) || !isdigit((unsigned char)p[5]))
		return;
	char *end;
	double it = strtod(p + 5, &end);
	if (*end != ':')
		return;
	double tl = tr_num_after(p, m, ": Train loss"), vl = tr_num_after(p, m, ": Val loss");
	if (isnan(tl) && isnan(vl))
		return;
	f->shape |= SHAPE_PLAIN;
	f->step = it;
	f->loss = tl;
	f->val_loss = vl;
	f->it_per_s = tr_num_after(p, m, "It/sec");
	f->tokens_per_s = tr_num_after(p, m, "Tokens/sec");
	f->samples_per_s = NAN;
}

/* NeMo: "Training epoch 0, iteration 49/1999 | ... | reduced_train_loss: 7.812 | train_step_timing in s:
 * 2.405 | val_loss: 7.935" (NeMo 2: iterations from 0 out of max_steps - 1), "Validation: iteration 1/10"
 * (the validation's batches), and NeMo 1's Lightning bar with "reduced_train_loss=6.830, ...
 * train_step_timing in s=2.050, val_loss=6.912". */
static void nemo(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "Validation: iteration")) {
		f->step = f->total_steps = f->percent = NAN;
		return;
	}
	double loss = tr_num_after(s, n, "reduced_train_loss");
	double it, last;
	if (tr_find(s, n, "Training epoch ") && tr_pair_after(s, n, ", iteration", &it, &last) && last >= it) {
		f->shape |= SHAPE_PLAIN;
		f->epoch = tr_num_after(s, n, "Training epoch ");
		f->step = it + 1;
		f->total_steps = last + 1;
		f->percent = NAN;
	}
	if (isnan(loss))
		return;
	f->loss = loss;
	double vl = tr_num_after(s, n, "val_loss");
	if (!isnan(vl))
		f->val_loss = vl;
	double t = tr_num_after(s, n, "train_step_timing in s");
	if (t > 0)
		f->step_time_s = t;
}

/* kohya-ss sd-scripts: "epoch 2/10" on a line of its own (epochs from 1) before the "steps:" bar, whose
 * postfix "avr_loss=0.0873" is the running training loss. */
static void kohya(const char *s, size_t n, struct line_facts *f)
{
	size_t m;
	const char *p = lstrip(s, n, &m);
	if (m > 8 && !memcmp(p, "epoch ", 6) && isdigit((unsigned char)p[6])) {
		char *end;
		double e = strtod(p + 6, &end);
		if (*end != '/' || !isdigit((unsigned char)end[1]))
			return;
		double te = strtod(end + 1, &end);
		while (end < s + n && (*end == ' ' || *end == '\r'))
			end++;
		if (end != s + n || te < 1 || e > te)
			return;
		f->epoch = e >= 1 ? e - 1 : 0;
		f->total_epochs = te;
		return;
	}
	double v = tr_num_after(s, n, "avr_loss=");
	if (!isnan(v))
		f->loss = v;
}

/* MindYOLO and scripts like it: "Epoch 2/300, Step 1000/1200, ... loss: 9.1" and "..., step time: 100.00
 * ms" (epochs from 1, steps within the epoch). */
static void epoch_comma_step(const char *s, size_t n, struct line_facts *f)
{
	double e, te, i, per;
	if (!tr_pair_after(s, n, "Epoch ", &e, &te) || !tr_pair_after(s, n, ", Step ", &i, &per) || e < 1 || e > te ||
	    per <= 0 || i > per)
		return;
	f->shape |= SHAPE_PLAIN;
	tr_epoch_step(f, e, te, i, per);
	f->percent = f->remaining_s = NAN;
	double ms = tr_num_after(s, n, "step time:");
	if (ms > 0 && tr_find(s, n, " ms"))
		f->step_time_s = ms / 1000;
}

/* Caffe: "Iteration 40 (0.1111 iter/s, 180s/20 iters), loss = 6.79", "max_iter: 450000" in the solver's
 * parameter dump, "Test net output #1: loss = 6.88 (* 1 = 6.88 loss)" (validation), "Optimization Done.". */
static void caffe(const char *s, size_t n, struct line_facts *f)
{
	size_t m;
	const char *p = lstrip(s, n, &m);
	if (m > 9 && !memcmp(p, "max_iter:", 9)) {
		double v = tr_num_after(p, m, "max_iter:");
		if (v > 0)
			f->total_steps = v;
		f->step = NAN;
		return;
	}
	if (tr_find(s, n, "Optimization Done")) {
		f->finished = true;
		return;
	}
	if (tr_find(s, n, "Test net output #")) {
		const char *o = tr_find(s, n, "Test net output #");
		size_t rest = (size_t)(s + n - o);
		if (tr_find(o, rest, ": loss =") || tr_find(o, rest, "_loss =")) {
			const char *eq = tr_find(o, rest, " = ");
			if (eq) /* ": loss =" at the segment's end has no value */
				f->val_loss = strtod(eq + 3, NULL);
		}
		f->loss = f->step = NAN;
		return;
	}
	if (tr_find(s, n, "Train net output #")) {
		f->loss = f->step = NAN; /* the iteration line carries the total */
		return;
	}
	const char *it = tr_find(s, n, "Iteration ");
	if (!it || !tr_find(s, n, ", loss = "))
		return;
	f->shape |= SHAPE_PLAIN;
	f->step = strtod(it + 10, NULL);
	f->loss = tr_num_after(s, n, ", loss = ");
	double r = num_before(s, n, " iter/s");
	if (r > 0)
		f->it_per_s = r;
}

/* An argparse Namespace dump ("start with arguments Namespace(..., num_epochs=20, ...)"): the run's epochs
 * and steps as the script was told them. */
static void namespace_dump(const char *s, size_t n, struct line_facts *f)
{
	const char *ns = tr_find(s, n, "Namespace(");
	size_t m = (size_t)(s + n - ns);
	static const char *const epochs[] = {" num_epochs=", "(num_epochs=", " epochs=", "(epochs=", " num_train_epochs=",
					     " max_epochs=", " n_epochs=", " max_epoch=", NULL};
	static const char *const steps[] = {" max_steps=", " num_steps=", " train_steps=", " total_steps=",
					    " max_iters=", " num_iterations=", " max_update=", NULL};
	for (int i = 0; epochs[i]; i++) {
		double v = tr_num_after(ns, m, epochs[i]);
		if (v > 0) {
			f->total_epochs = v;
			break;
		}
	}
	for (int i = 0; steps[i]; i++) {
		double v = tr_num_after(ns, m, steps[i]);
		if (v > 0) {
			f->total_steps = v;
			break;
		}
	}
	f->step = f->epoch = f->loss = NAN; /* settings, not progress */
}

/* A progress bar of a validation, test or sanity pass (Lightning's "Validating:", "Validation DataLoader 0:",
 * "Sanity Checking", "Testing:", YOLOv6's "Inferencing model in val datasets.:"): its counts, clock and rate
 * are that pass's, not the run's. */
static bool eval_bar(const char *s, size_t n, struct line_facts *f)
{
	size_t m;
	const char *p = lstrip(s, n, &m);
	static const char *const heads[] = {"Validating", "Validation", "Sanity Checking", "Testing", "Test DataLoader",
					    "Evaluating", "Inferencing", NULL};
	for (int i = 0; heads[i]; i++) {
		size_t k = strlen(heads[i]);
		if (m > k && !memcmp(p, heads[i], k) && (p[k] == ':' || p[k] == ' ') && memchr(p, '|', m)) {
			f->step = f->total_steps = f->percent = f->elapsed_s = f->remaining_s = f->it_per_s = NAN;
			f->shape &= ~(unsigned)SHAPE_TQDM;
			f->eval_pass = true;
			return true;
		}
	}
	return false;
}

/* Lightning's bar postfix with self.log(on_step=True, on_epoch=True): "train_loss_step=0.612, val_loss=0.733,
 * train_loss_epoch=0.702" (the step's loss is the latest). */
static void lightning_postfix(const char *s, size_t n, struct line_facts *f)
{
	double v = tr_num_after(s, n, "train_loss_step=");
	if (isnan(v))
		v = tr_num_after(s, n, "train_loss_epoch=");
	if (!isnan(v))
		f->loss = v;
	double vl = tr_num_after(s, n, "val_loss=");
	if (!isnan(vl))
		f->val_loss = vl;
}

/* PyTorch Ignite's examples: "Epoch[2] Iteration[200/469] Loss: 0.23" (epochs from 1, iterations within the
 * epoch), "Validation Results - Epoch: 1  Avg accuracy: 0.94 Avg loss: 0.21", and the engine's "Engine run
 * starting with max_epochs=5." (an evaluator's run over one epoch says max_epochs=1: not the run's). */
static void ignite(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "Engine run starting with max_epochs=")) {
		double v = tr_num_after(s, n, "max_epochs=");
		f->total_epochs = v > 1 ? v : NAN;
		return;
	}
	if (tr_find(s, n, "Validation Results - ")) {
		double v = tr_num_after(s, n, "Avg loss:");
		if (!isnan(v))
			f->val_loss = v;
		f->loss = f->step = f->epoch = NAN;
		return;
	}
	double e, i, per;
	const char *ep = tr_find(s, n, "Epoch[");
	if (!ep || !tr_pair_after(s, n, "] Iteration[", &i, &per) || per <= 0 || i > per)
		return;
	e = strtod(ep + 6, NULL);
	if (e < 1)
		return;
	f->shape |= SHAPE_TIMM;
	f->epoch = e - 1;
	f->steps_per_epoch = per;
	f->step = (e - 1) * per + i;
	f->total_steps = f->percent = f->remaining_s = NAN;
	double l = tr_num_after(s, n, "Loss:");
	if (!isnan(l))
		f->loss = l;
}

/* minimind: "Epoch:[1/2](300/44160) loss:4.324 lr:... epoch_Time:94min:" (epochs from 1 in its current
 * scripts, from 0 in its first ones; steps within the epoch). */
static void minimind(const char *s, size_t n, struct line_facts *f)
{
	double e, te, i, per;
	if (!tr_pair_after(s, n, "Epoch:[", &e, &te) || !tr_pair_after(s, n, "](", &i, &per) || per <= 0 || i > per ||
	    te < 1 || e > te)
		return;
	double idx = e >= 1 ? e - 1 : 0;
	f->shape |= SHAPE_PLAIN;
	f->epoch = idx;
	f->total_epochs = te;
	f->steps_per_epoch = per;
	f->step = idx * per + i;
	f->total_steps = te * per;
	f->percent = f->remaining_s = NAN;
	double l = tr_num_after(s, n, "loss:");
	if (!isnan(l))
		f->loss = l;
}

void tr_six(const char *s, size_t n, struct line_facts *f)
{
	if (eval_bar(s, n, f))
		return;
	if (tr_find(s, n, "train_loss_step=") || tr_find(s, n, "train_loss_epoch="))
		lightning_postfix(s, n, f);
	if (tr_find(s, n, "Iteration[") || tr_find(s, n, "Results - ") || tr_find(s, n, "Engine run starting"))
		ignite(s, n, f);
	if (tr_find(s, n, "Epoch:["))
		minimind(s, n, f);
	if (tr_find(s, n, "Namespace(")) {
		namespace_dump(s, n, f);
		return;
	}
	mlx(s, n, f);
	if (tr_find(s, n, "reduced_train_loss") || tr_find(s, n, "Validation: iteration"))
		nemo(s, n, f);
	kohya(s, n, f);
	if (tr_find(s, n, ", Step "))
		epoch_comma_step(s, n, f);
	if (tr_find(s, n, ", loss = ") || tr_find(s, n, "max_iter:") || tr_find(s, n, "net output #") ||
	    tr_find(s, n, "Optimization Done"))
		caffe(s, n, f);
	/* Unsloth: "Num Epochs = 2 | Total steps = 2,500" (the Trainer's own banner says "Total optimization
	 * steps") */
	double v = tr_num_after(s, n, "Total steps =");
	if (v > 0) {
		f->total_steps = v;
		f->step = f->percent = NAN;
	}
}

/* trainers_extra.c - log lines of the trainers added in issue 17's fourth round: pytorch/examples'
 * ImageNet ProgressMeter, OpenNMT-py, Marian, ESPnet2, SpeechBrain, PaddleNLP, fastai's epoch table,
 * the PyTorch tutorials' prints, the Flax examples' epoch summary, nnU-Net, Lightning's RichProgressBar,
 * and the "Loss is nan" stop of DeiT/MAE. Called from trainer_line (trainers.c); each recognizer is keyed on words only that
 * trainer prints, and each line says only what it holds.
 * Learned from: pytorch/examples imagenet/main.py (ProgressMeter), OpenNMT-py onmt/utils/statistics.py,
 * marian-dev src/training/scheduler.h, espnet2/train/trainer.py and reporter.py, speechbrain
 * utils/train_logger.py, PaddleNLP trainer/trainer.py, fastai callback/progress.py, yunjey/pytorch-tutorial,
 * the PyTorch CIFAR-10 tutorial, nnUNet nnUNetTrainer.py, Lightning RichProgressBar, DeiT engine.py. */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* "Epoch: [3][  20/5005]\tTime  0.350 ( 0.531)\t...\tLoss 2.9876e+00 (3.0512e+00)" (epochs from 0;
 * each meter prints its value then its average in parentheses). */
static void progressmeter(const char *s, size_t n, struct line_facts *f)
{
	const char *ep = tr_find(s, n, "Epoch: [");
	if (!ep)
		return;
	const char *e = s + n, *p = ep + 8;
	char *end;
	double epoch = strtod(p, &end);
	if (end == p || end + 1 >= e || end[0] != ']' || end[1] != '[')
		return;
	double i, per;
	if (!tr_pair_after(end + 1, (size_t)(e - end - 1), "[", &i, &per) || per <= 0)
		return;
	f->shape |= SHAPE_TIMM;
	f->epoch = epoch;
	f->steps_per_epoch = per;
	f->step = epoch * per + i;
	f->total_steps = NAN;
	f->step_time_s = tr_num_after(s, n, "Time ");
	if (!(f->step_time_s > 0)) /* SAM 2's trainer: "| Batch Time: 1.22 (2.01) |" */
		f->step_time_s = tr_num_after(s, n, "Batch Time: ");
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->loss = tr_num_after(s, n, "Loss ");
	if (isnan(f->loss)) { /* SAM 2: "| Losses/train_all_loss: 2.81e+00 (2.88e+00)" (the total, then its parts) */
		const char *l = tr_find(s, n, "Losses/");
		if (l)
			f->loss = tr_num_after(l, (size_t)(s + n - l), ": ");
	}
	f->val_loss = f->remaining_s = f->percent = f->it_per_s = f->samples_per_s = NAN;
}

/* OpenNMT-py: "Step 100/200000; acc: 9.8; ppl: 2510.3; xent: 7.83; lr: ...; 15430/16120 tok/s; 100 sec;"
 * (xent is the cross-entropy that is trained; ppl = exp(xent)). */
static void opennmt(const char *s, size_t n, struct line_facts *f)
{
	double a, b;
	if (!tr_find(s, n, "; xent:") || !tr_pair_after(s, n, "Step ", &a, &b))
		return;
	f->shape |= SHAPE_PLAIN;
	f->step = a;
	f->total_steps = b;
	f->loss = tr_num_after(s, n, "; xent:");
	f->epoch = f->percent = f->tokens_per_s = f->it_per_s = NAN;
}

/* Marian: "Ep. 1 : Up. 1000 : Sen. 256,000 : Cost 5.43 : Time 295.00s : 12000.00 words/s" (epochs from 1;
 * Up. counts updates). */
static void marian(const char *s, size_t n, struct line_facts *f)
{
	const char *up = tr_find(s, n, " : Up. ");
	const char *ep = tr_find(s, n, "Ep. ");
	if (!up || !ep || ep > up)
		return;
	f->shape |= SHAPE_PLAIN;
	double e = strtod(ep + 4, NULL);
	f->epoch = e >= 1 ? e - 1 : NAN;
	f->step = strtod(up + 7, NULL);
	f->loss = tr_num_after(s, n, " : Cost ");
	f->total_steps = f->percent = f->it_per_s = f->samples_per_s = NAN;
	/* the number before " words/s" */
	const char *w = tr_find(s, n, " words/s");
	if (w) {
		const char *b = w;
		while (b > s && (isdigit((unsigned char)b[-1]) || b[-1] == '.'))
			b--;
		f->tokens_per_s = b < w ? strtod(b, NULL) : NAN;
	}
}

/* ESPnet2: "1/35epoch started" and "1epoch:train:101-200batch: iter_time=..., loss_ctc=..., loss=92.1, ..."
 * (epochs from 1; the batch range counts within the epoch). */
static void espnet(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "The training was finished at")) {
		f->finished = true;
		f->shape |= SHAPE_PLAIN;
		return;
	}
	/* "35epoch results: [train] ..., loss=12.95, ... [valid] ..., loss=11.8, ...": the epoch's
	 * averages; the training loss is the [train] part's, the [valid] part's is validation */
	const char *res = tr_find(s, n, "epoch results: [train]");
	if (res) {
		const char *va = tr_find(s, n, "[valid]");
		size_t tn = va ? (size_t)(va - s) : n;
		f->shape |= SHAPE_PLAIN;
		f->loss = tr_num_after(s, tn, ", loss=");
		if (va)
			f->val_loss = tr_num_after(va, (size_t)(s + n - va), ", loss=");
		f->step = f->total_steps = f->percent = NAN;
		return;
	}
	const char *st = tr_find(s, n, "epoch started");
	if (st) {
		const char *b = st;
		while (b > s && (isdigit((unsigned char)b[-1]) || b[-1] == '/'))
			b--;
		char *end;
		double e = strtod(b, &end);
		if (end > b && *end == '/') {
			double t = strtod(end + 1, NULL);
			f->epoch = e - 1;
			f->total_epochs = t;
			f->shape |= SHAPE_PLAIN;
		}
		return;
	}
	const char *tr = tr_find(s, n, "epoch:train:");
	if (!tr)
		return;
	const char *b = tr;
	while (b > s && isdigit((unsigned char)b[-1]))
		b--;
	const char *r = tr + 12, *e = s + n;
	while (r < e && *r != '-')
		r++;
	if (b == tr || r >= e)
		return;
	f->shape |= SHAPE_PLAIN;
	f->epoch = strtod(b, NULL) - 1;
	/* the batches of an epoch are never printed: the range is the run's step in its first epoch only (a
	 * resumed run's "21epoch:train:101-200batch" is not step 200) */
	f->step = f->epoch == 0 ? strtod(r + 1, NULL) : NAN;
	f->loss = tr_num_after(s, n, ", loss=");
	f->total_steps = f->percent = NAN;
}

/* SpeechBrain's train_log.txt: "epoch: 2, lr: 8.00e-06, steps: 4400 - train loss: 0.98 - valid loss: 0.95,
 * valid WER: 4.88" (its EpochCounter counts from 1; the line is written when the epoch ends). */
static void speechbrain(const char *s, size_t n, struct line_facts *f)
{
	if (n < 8 || memcmp(s, "epoch: ", 7) || !tr_find(s, n, " - train loss:"))
		return;
	f->shape |= SHAPE_PLAIN;
	double e = strtod(s + 7, NULL);
	f->epoch = e >= 1 ? e - 1 : NAN;
	f->loss = tr_num_after(s, n, " - train loss:");
	f->val_loss = tr_num_after(s, n, " - valid loss:");
	double st = tr_num_after(s, n, ", steps:");
	f->step = st > 0 ? st : NAN;
}

/* PaddleNLP: "loss: 1.84, learning_rate: 3e-05, global_step: 10, ... interval_runtime: 5.2,
 * interval_samples_per_second: 30.77, interval_steps_per_second: 1.923, progress_or_epoch: 0.0123". */
static void paddlenlp(const char *s, size_t n, struct line_facts *f)
{
	double g = tr_num_after(s, n, "global_step: ");
	if (isnan(g) || !tr_find(s, n, "interval_steps_per_second:"))
		return;
	f->shape |= SHAPE_HF;
	f->step = g;
	f->loss = tr_num_after(s, n, "loss: ");
	f->steps_per_s = tr_num_after(s, n, "interval_steps_per_second:");
	f->samples_per_s = tr_num_after(s, n, "interval_samples_per_second:");
	f->epoch = f->it_per_s = NAN; /* progress_or_epoch is a fraction of the run */
}

/* PaddleOCR / PaddleDetection rates: loss, ips (samples/s), batch_cost (s/step), eta */
static void paddle_rates(const char *s, size_t n, struct line_facts *f)
{
	f->loss = tr_num_after(s, n, " loss: ");
	f->samples_per_s = tr_num_after(s, n, "ips: ");
	double bc = tr_num_after(s, n, "batch_cost: ");
	f->step_time_s = bc > 0 ? bc : NAN;
	f->steps_per_s = bc > 0 ? 1 / bc : NAN;
	f->remaining_s = tr_eta_after(s, n, "eta:");
	f->percent = f->it_per_s = NAN;
}

/* PaddlePaddle's model suites. PaddleOCR: "epoch: [2/5], global_step: 60, lr: .., loss: 1.0, ...
 * avg_batch_cost: 0.4 s, avg_samples: 16.0, ips: 40.0 samples/s, eta: 0:00:56" (2.x: "iter: 50" and a bare
 * "ips: 128.0"; epochs count from 1, the eta is the run's), and "train dataloader has 40 iters" (steps an
 * epoch). PaddleDetection: "Epoch: [8] [200/756] learning_rate: .. loss: 1.6 loss_cls: .. eta: 4 days,
 * 3:55:40 batch_cost: 1.6 data_cost: .. ips: 10.0 images/s" (epochs from 0, the eta is the run's). */
static void paddle(const char *s, size_t n, struct line_facts *f)
{
	double v = tr_num_after(s, n, "dataloader has ");
	if (v > 0 && tr_find(s, n, "train dataloader has") && tr_find(s, n, " iters")) {
		f->steps_per_epoch = v;
		return;
	}
	double e, te, i, per;
	const char *ep = tr_find(s, n, "epoch: [");
	if (ep && tr_pair_after(ep, (size_t)(s + n - ep), "epoch: [", &e, &te) && e >= 1) {
		double g = tr_num_after(s, n, "global_step: ");
		if (isnan(g))
			g = tr_num_after(s, n, ", iter: ");
		if (isnan(g))
			return;
		f->shape |= SHAPE_TIMM;
		f->epoch = e - 1;
		f->total_epochs = te;
		f->step = g;
		f->total_steps = NAN;
		paddle_rates(s, n, f);
		return;
	}
	ep = tr_find(s, n, "Epoch: [");
	if (!ep || !tr_find(s, n, "batch_cost:"))
		return;
	const char *q = memchr(ep + 8, '[', (size_t)(s + n - ep - 8));
	if (!q || !tr_pair_after(q, (size_t)(s + n - q), "[", &i, &per) || per <= 0)
		return;
	e = strtod(ep + 8, NULL);
	f->shape |= SHAPE_TIMM;
	f->epoch = e;
	f->steps_per_epoch = per;
	f->step = e * per + i;
	f->total_steps = NAN;
	paddle_rates(s, n, f);
}

/* torch_xla's examples: "| Training Device=xla:0/0 Epoch=1 Step=280 Loss=0.01022 Rate=1760.91
 * GlobalRate=257.10 Time=07:29:39" (epochs from 1, steps within the epoch, Rate in samples a second on
 * that device, Time a clock time). DeepSpeed's first ThroughputTimer: "0/2650, SamplesPerSec=13.19"
 * (epoch/step). */
static void xla_and_early_ds(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "| Training Device=")) {
		double e = tr_num_after(s, n, " Epoch="), st = tr_num_after(s, n, " Step=");
		if (isnan(e) || isnan(st))
			return;
		f->shape |= SHAPE_PLAIN;
		f->epoch = e >= 1 ? e - 1 : NAN;
		f->step = st;
		f->loss = tr_num_after(s, n, " Loss=");
		f->samples_per_s = tr_num_after(s, n, " Rate=");
		f->total_steps = f->percent = f->elapsed_s = f->remaining_s = f->it_per_s = NAN;
		return;
	}
	const char *sp = tr_find(s, n, ", SamplesPerSec=");
	if (!sp || tr_find(s, n, "global_step="))
		return;
	const char *q = sp;
	while (q > s && isdigit((unsigned char)q[-1]))
		q--;
	if (q == sp || q == s || q[-1] != '/')
		return;
	const char *a = q - 1;
	while (a > s && isdigit((unsigned char)a[-1]))
		a--;
	if (a == q - 1)
		return;
	f->shape |= SHAPE_DEEPSPEED;
	f->weak_epoch = true;
	f->epoch = strtod(a, NULL);
	f->step = strtod(q, NULL);
	f->samples_per_s = strtod(sp + 16, NULL);
	f->total_steps = f->percent = NAN;
}

/* fastai: the rows of its table "epoch train_loss valid_loss <metrics> time": "2  0.543210  0.598765
 * 0.160000  01:04" (epochs from 0; a row is written when the epoch ends). */
static bool fastai_row(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s, *e = s + n;
	while (e > p && (e[-1] == ' ' || e[-1] == '\r' || e[-1] == '\t'))
		e--;
	while (p < e && *p == ' ')
		p++;
	if (e - p < 12 || !isdigit((unsigned char)*p) || e[-3] != ':' || !isdigit((unsigned char)e[-1]))
		return false;
	double v[16];
	int k = 0;
	const char *q = p;
	while (q < e && k < 16) {
		char *end;
		double x = strtod(q, &end);
		if (end == q)
			break;
		v[k++] = x;
		q = end;
		while (q < e && (*q == ' ' || *q == '\t'))
			q++;
		if (q < e && e - q <= 5 && memchr(q, ':', (size_t)(e - q)))
			break; /* the time column */
	}
	if (k < 3 || (e - q) > 5 || v[0] != floor(v[0]))
		return false;
	f->shape |= SHAPE_PLAIN;
	f->epoch = v[0];
	f->loss = v[1];
	f->val_loss = v[2];
	f->step = f->total_steps = f->percent = f->elapsed_s = f->remaining_s = NAN;
	return true;
}

/* "Epoch [2/5], Step [100/600], Loss: 0.2011" (yunjey/pytorch-tutorial and the many scripts that copy it:
 * epochs from 1, steps within the epoch). */
static void epoch_step(const char *s, size_t n, struct line_facts *f)
{
	double e, te, i, per;
	if (!tr_pair_after(s, n, "Epoch [", &e, &te) || !tr_pair_after(s, n, "], Step [", &i, &per) || e < 1 || per <= 0)
		return;
	f->shape |= SHAPE_PLAIN;
	tr_epoch_step(f, e, te, i, per);
	f->loss = tr_num_after(s, n, "Loss:");
	f->percent = f->remaining_s = NAN;
}

/* The CIFAR-10 tutorial: "[2,  2000] loss: 1.502" (epoch from 1, mini-batch), then "Finished Training";
 * also behind Python logging's default "LEVEL:name:" prefix (I-JEPA: "INFO:root:[2,    20] loss: 0.447
 * masks: ..."). */
static void tutorial(const char *s, size_t n, struct line_facts *f)
{
	if (n >= 17 && !memcmp(s, "Finished Training", 17)) {
		f->finished = true;
		return;
	}
	static const char *const levels[] = {"INFO:", "DEBUG:", "WARNING:", NULL};
	for (int l = 0; levels[l]; l++) {
		size_t ll = strlen(levels[l]);
		if (n <= ll || memcmp(s, levels[l], ll))
			continue;
		const char *c = memchr(s + ll, ':', n - ll);
		const char *sp = memchr(s + ll, ' ', n - ll);
		if (c && (!sp || sp > c) && c + 1 < s + n && c[1] == '[') {
			n -= (size_t)(c + 1 - s);
			s = c + 1;
		}
		break;
	}
	if (n < 8 || s[0] != '[' || !isdigit((unsigned char)s[1]) || !tr_find(s, n, "] loss:"))
		return;
	char *end;
	double e = strtod(s + 1, &end);
	if (*end != ',')
		return;
	f->shape |= SHAPE_PLAIN;
	f->epoch = e - 1;
	f->loss = tr_num_after(s, n, "] loss:");
	f->step = f->total_steps = NAN; /* the mini-batch counts within the epoch, its total unknown */
}

/* Lightning's RichProgressBar: "Epoch 3/9  ━━━━━━ 150/300 0:00:45 • 0:00:45 3.33it/s v_num: 0 train_loss: 0.345"
 * (epochs from 0 out of max_epochs - 1; the bar counts the epoch's batches; the second time is the
 * epoch's remaining time). */
static void rich_bar(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s, *e = s + n;
	while (p < e && *p == ' ')
		p++;
	double a, b, i, per;
	if (e - p < 10 || memcmp(p, "Epoch ", 6) || !tr_pair_after(p, (size_t)(e - p), "Epoch", &a, &b))
		return;
	const char *bar = tr_find(s, n, "\xe2\x94\x81");
	if (!bar)
		return;
	while (bar < e && (*bar == ' ' || (unsigned char)*bar >= 0x80))
		bar++;
	if (!tr_pair_after(bar, (size_t)(e - bar), "", &i, &per) || per <= 0)
		return;
	f->keras_epoch_line = f->keras_bar = false;
	f->shape |= SHAPE_LIGHTNING;
	f->epoch = a;
	f->total_epochs = b + 1;
	f->steps_per_epoch = per;
	f->step = a * per + i;
	f->total_steps = (b + 1) * per;
	f->it_per_s = tr_num_after(s, n, "\xe2\x80\xa2 ");
	const char *its = tr_find(s, n, "it/s");
	if (its) {
		const char *q = its;
		while (q > s && (isdigit((unsigned char)q[-1]) || q[-1] == '.'))
			q--;
		f->it_per_s = q < its ? strtod(q, NULL) : NAN;
	}
	f->loss = tr_num_after(s, n, "train_loss:");
	if (isnan(f->loss))
		f->loss = tr_num_after(s, n, " loss:");
	f->remaining_s = f->elapsed_s = f->percent = NAN;
}

/* The Flax examples' epoch summary: "epoch:  2, train_loss: 0.0588, train_accuracy: 98.21, test_loss: 0.0432,
 * test_accuracy: 98.58" (for epoch in range(1, num_epochs + 1): epochs from 1). */
static void flax_epoch(const char *s, size_t n, struct line_facts *f)
{
	const char *ep = tr_find(s, n, "epoch:");
	if (!ep || !tr_find(s, n, ", train_loss:"))
		return;
	double e = tr_num_after(s, n, "epoch:");
	if (!(e >= 1))
		return;
	f->shape |= SHAPE_PLAIN;
	f->epoch = e - 1;
	f->loss = tr_num_after(s, n, ", train_loss:");
	f->val_loss = tr_num_after(s, n, ", test_loss:");
	f->step = f->total_steps = f->percent = NAN;
}

void tr_extra(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, ", test_loss:"))
		flax_epoch(s, n, f);
	if (tr_find(s, n, "Epoch: ["))
		progressmeter(s, n, f);
	if (tr_find(s, n, "; xent:"))
		opennmt(s, n, f);
	if (tr_find(s, n, " : Up. "))
		marian(s, n, f);
	if (tr_find(s, n, "epoch started") || tr_find(s, n, "epoch:train:") || tr_find(s, n, "epoch results: [train]") ||
	    tr_find(s, n, "The training was finished at"))
		espnet(s, n, f);
	if (tr_find(s, n, " - train loss:"))
		speechbrain(s, n, f);
	if (tr_find(s, n, "interval_steps_per_second:"))
		paddlenlp(s, n, f);
	if (tr_find(s, n, "], Step ["))
		epoch_step(s, n, f);
	if (tr_find(s, n, "| Training Device=") || tr_find(s, n, ", SamplesPerSec="))
		xla_and_early_ds(s, n, f);
	if (tr_find(s, n, "dataloader has") || (tr_find(s, n, "ips:") && (tr_find(s, n, "batch_cost:"))))
		paddle(s, n, f);
	if (tr_find(s, n, "] loss:") || tr_find(s, n, "Finished Training"))
		tutorial(s, n, f);
	if (tr_find(s, n, "\xe2\x94\x81"))
		rich_bar(s, n, f);
	/* nnU-Net prints its losses on lines of their own: "<time>: val_loss -0.6302" */
	const char *vl = tr_find(s, n, ": val_loss ");
	if (vl && isnan(f->val_loss)) {
		f->val_loss = strtod(vl + 11, NULL);
		f->loss = NAN;
	}
	/* DeiT/MAE: "Loss is nan, stopping training" */
	if (tr_find(s, n, "Loss is nan") || tr_find(s, n, "Loss is inf"))
		f->nan_loss = true;
}

/* A fastai table row has no word to find: the caller asks for it on lines that end in a time "mm:ss". */
bool tr_fastai_row(const char *s, size_t n, struct line_facts *f)
{
	return fastai_row(s, n, f);
}

/* trainers.c - the log lines of particular trainers (see trainer_line in shapes.h). Each recognizer
 * is keyed on words only that trainer prints, and corrects what the generic scanner read from the
 * same line (a "loss scale" is not a loss, a validation loss is never the training loss).
 * Learned from: Megatron-LM training_log (megatron/training/training.py), fairseq progress_bar
 * (simple/json), timm train.py train_one_epoch/validate, Swin-Transformer main.py, nanoGPT train.py,
 * DeepSpeed-Chat step1 main.py, transformers Trainer._inner_training_loop. The third round's
 * trainers (nanotron, torchtitan, YOLOX, MetricLogger, LitGPT, ms-swift, Keras, OLMo, verl,
 * TensorFlow, MaxText) are in trainers_more.c. */
#include "shapes.h"
#include "needle_find.h"
#include "trainers_util.h"

#include "../util/byteset.h"
#include "../util/needleset.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* find() is needle_find (needle_find.h): the cached, byte-filtered search every recognizer uses. */
#define find needle_find

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
			f->loss = num_after(s, n, "lm_loss:"); /* GPT-NeoX */
		if (isnan(f->loss))
			f->loss = num_after(s, n, " loss:");
		if (isnan(f->samples_per_s))
			f->samples_per_s = num_after(s, n, "samples/sec:"); /* GPT-NeoX prints it */
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

/* A number under a quoted key, quoted or not: fairseq's --log-format json prints its stats as
 * {"loss": "7.653", "num_updates": "300"} (fairseq/logging/progress_bar.py JsonProgressBar). */
static double json_num(const char *s, size_t n, const char *key)
{
	char needle[40];
	size_t k = strlen(key);
	if (k + 3 > sizeof(needle))
		return NAN;
	needle[0] = '"';
	memcpy(needle + 1, key, k);
	needle[k + 1] = '"';
	needle[k + 2] = '\0';
	const char *p = find(s, n, needle);
	if (!p)
		return NAN;
	const char *e = s + n;
	p += k + 2;
	while (p < e && (*p == ' ' || *p == ':' || *p == '"'))
		p++;
	char buf[48];
	size_t m = 0;
	while (p < e && m + 1 < sizeof(buf) && *p != '"' && *p != ',' && *p != '}')
		buf[m++] = *p++;
	buf[m] = '\0';
	char *end;
	double v = strtod(buf, &end);
	return end == buf ? NAN : v;
}

/* fairseq's JSON stats lines: "| train_inner | {...}" and "| valid | {...}" */
static bool fairseq_json(const char *s, size_t n, struct line_facts *f)
{
	const char *b = find(s, n, "| {");
	if (!b)
		return false;
	size_t m = (size_t)(s + n - b);
	f->shape |= SHAPE_FAIRSEQ;
	f->total_steps = f->percent = NAN;
	double ep = json_num(b, m, "epoch");
	if (find(s, (size_t)(b - s), "| valid")) {
		f->val_loss = json_num(b, m, "valid_loss");
		f->step = json_num(b, m, "valid_num_updates");
		f->loss = f->epoch = f->tokens_per_s = f->steps_per_s = f->elapsed_s = NAN;
		return true;
	}
	f->step = json_num(b, m, "num_updates");
	f->epoch = ep >= 1 ? ep - 1 : NAN;
	f->loss = json_num(b, m, "loss");
	f->tokens_per_s = json_num(b, m, "wps");
	f->steps_per_s = json_num(b, m, "ups");
	f->elapsed_s = json_num(b, m, "wall");
	return true;
}

static void fairseq(const char *s, size_t n, struct line_facts *f)
{
	if ((find(s, n, "| train_inner |") || find(s, n, "| train |") || find(s, n, "| valid |")) &&
	    fairseq_json(s, n, f))
		return;
	if (find(s, n, "| train_inner |") || find(s, n, "| train |")) {
		f->shape |= SHAPE_FAIRSEQ;
		double u = num_after(s, n, "num_updates");
		if (!isnan(u))
			f->step = u;
		f->total_steps = NAN;
		double ep = num_after(s, n, "| epoch");
		if (isnan(ep))
			ep = num_after(s, n, "epoch");
		/* "epoch 012": fairseq counts epochs from 1 (epoch_itr.epoch); reported from 0 */
		f->epoch = ep >= 1 ? ep - 1 : NAN;
		f->loss = num_after(s, n, " loss");
		f->tokens_per_s = num_after(s, n, "wps");
		f->steps_per_s = num_after(s, n, "ups");
		f->elapsed_s = num_after(s, n, "wall");
		f->percent = NAN;
		return;
	}
	if (tr_fairseq_legacy(s, n, f)) /* fairseq up to 0.9's "| epoch 001: ..." lines (trainers_fifteen.c) */
		return;
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

/* "eta: 1 day, 0:53:21" / "eta: 23:52:40" / "eta 0:05:41" after needle -> seconds; NaN when none. */
static double eta_after(const char *s, size_t n, const char *needle)
{
	const char *p = find(s, n, needle);
	if (!p)
		return NAN;
	const char *e = s + n;
	p += strlen(needle);
	while (p < e && (*p == ' ' || *p == ':'))
		p++;
	double days = 0;
	char *end;
	double v = strtod(p, &end);
	if (end == p)
		return NAN;
	if (end < e && *end == ' ' && e - end > 4 && !memcmp(end + 1, "day", 3)) {
		days = v;
		p = end + 4;
		while (p < e && *p != ' ')
			p++;
		while (p < e && *p == ' ')
			p++;
		v = strtod(p, &end);
		if (end == p)
			return NAN;
	}
	double parts[3] = {v, 0, 0};
	int k = 1;
	while (k < 3 && end < e && *end == ':') {
		p = end + 1;
		parts[k++] = strtod(p, &end);
	}
	double sec = k == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : k == 2 ? parts[0] * 60 + parts[1] : NAN;
	return isnan(sec) ? NAN : days * 86400 + sec;
}

/* MMEngine LogProcessor: "Epoch(train)  [1][ 50/7330]  lr: ... eta: 1 day, 0:53:21  time: 1.0197 ...
 * loss: 1.9042 loss_cls: ..." and "Iter(train) [ 50/90000]"; mmcv 1.x TextLoggerHook: "Epoch [1][2400/7517]
 * lr: 0.00125, eta: 4:33:09, time: 0.595, ..., loss: 0.4890". Epochs count from 1. */
static void mmengine(const char *s, size_t n, struct line_facts *f)
{
	const char *ep = find(s, n, "Epoch(train)");
	size_t skip = 12;
	if (!ep) {
		ep = find(s, n, "Epoch [");
		skip = 6;
	}
	const char *it = find(s, n, "Iter(train)");
	const char *e = s + n;
	double a, b, i, per;
	if (ep) {
		const char *p = ep + skip;
		while (p < e && *p == ' ')
			p++;
		if (p >= e || *p != '[')
			return;
		char *end;
		a = strtod(p + 1, &end);
		if (end == p + 1 || end >= e || *end != ']')
			return;
		if (!pair_after(end + 1, (size_t)(e - end - 1), "[", &i, &per))
			return;
		f->epoch = a - 1;
		f->steps_per_epoch = per;
		f->step = (a - 1) * per + i;
		f->total_steps = NAN;
	} else if (it) {
		if (!pair_after(it + 11, (size_t)(e - it - 11), "[", &a, &b))
			return;
		f->step = a;
		f->total_steps = b;
		f->epoch = NAN;
	} else {
		/* the totals printed at start: "max: 12 epochs" (mmcv), max_epochs=12 / max_iters=90000 in
		 * the config dump (MMEngine) */
		double me = num_after(s, n, "max_epochs=");
		if (isnan(me) && find(s, n, "workflow:") && find(s, n, "epochs"))
			me = num_after(s, n, "max:");
		if (me > 0)
			f->total_epochs = me;
		double mi = num_after(s, n, "max_iters=");
		if (mi > 0)
			f->total_steps = mi;
		return;
	}
	f->shape |= SHAPE_MMENGINE;
	f->total_epochs = NAN;
	f->loss = num_after(s, n, " loss:");
	f->remaining_s = eta_after(s, n, "eta:");
	f->step_time_s = num_after(s, n, " time:");
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->percent = NAN;
}

/* detectron2 CommonMetricPrinter: "[11/01 11:27:04 d2.utils.events]:  eta: 8:05:12  iter: 1259
 * total_loss: 1.012 ... time: 0.3322  last_time: ...  data_time: 0.0334 ... lr: 0.01  max_mem: 3961M".
 * Its timestamp has no year: one is assumed (the span between two lines is what counts). */
static void detectron2_ts(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s, *e = s + n;
	while (p < e && *p == ' ')
		p++;
	/* "[MM/DD HH:MM:SS name]:", flashy's "[MM-DD HH:MM:SS][name]" */
	if (e - p > 16 && *p == '[' && (p[3] == '/' || p[3] == '-') && p[6] == ' ' && p[9] == ':' && p[12] == ':' && isnan(f->ts)) {
		char buf[32];
		snprintf(buf, sizeof(buf), "2001-%.2s-%.2s %.8s", p + 1, p + 4, p + 7);
		f->ts = log_parse_ts(buf, buf + strlen(buf));
		f->ts_kind = isnan(f->ts) ? TS_NONE : TS_BRACKET;
	}
}

static void detectron2(const char *s, size_t n, struct line_facts *f)
{
	detectron2_ts(s, n, f);
	if (!find(s, n, "iter:") || !find(s, n, "total_loss:"))
		return;
	f->shape |= SHAPE_DETECTRON2;
	f->step = num_after(s, n, "iter:");
	f->loss = num_after(s, n, "total_loss:");
	f->remaining_s = eta_after(s, n, "eta:");
	f->step_time_s = num_after(s, n, " time:");
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->epoch = f->total_steps = NAN;
}

/* Composer's console logger: "[epoch=1][batch=12/500]:" then one metric a line, tab-indented:
 * "Train loss/train/total: 1.84", "Train throughput/samples_per_sec: 328.0",
 * "Train time/remaining_estimate: 1.04" (hours, the default unit), "Eval metrics/eval/...". */
static void composer(const char *s, size_t n, struct line_facts *f)
{
	double a, b;
	const char *bt = find(s, n, "[batch=");
	if (bt && pair_after(bt, (size_t)(s + n - bt), "[batch=", &a, &b)) {
		f->shape |= SHAPE_COMPOSER;
		f->step = a;
		f->total_steps = b;
		double ep = num_after(s, n, "[epoch=");
		f->epoch = isnan(ep) ? NAN : ep - 1;
		f->loss = f->samples_per_s = NAN;
		return;
	}
	const char *p = s, *e = s + n;
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	size_t m = (size_t)(e - p);
	/* "Train a/b: v": a metric name with a '/' before the colon, nothing else on the line */
	const char *colon = memchr(p, ':', m);
	const char *slash = colon ? memchr(p, '/', (size_t)(colon - p)) : NULL;
	if (!slash || memchr(p, ' ', (size_t)(colon - p)) != p + (p[0] == 'T' ? 5 : 4))
		return;
	if (m > 6 && !memcmp(p, "Train ", 6)) {
		f->shape |= SHAPE_COMPOSER;
		f->step = f->total_steps = f->epoch = f->loss = NAN;
		f->samples_per_s = f->tokens_per_s = f->steps_per_s = f->it_per_s = NAN;
		double v;
		if (!isnan(v = num_after(p, m, "Train loss/train/total:")))
			f->loss = v;
		else if (!isnan(v = num_after(p, m, "Train throughput/samples_per_sec:")))
			f->samples_per_s = v;
		else if (!isnan(v = num_after(p, m, "Train throughput/tokens_per_sec:")))
			f->tokens_per_s = v;
		else if (!isnan(v = num_after(p, m, "Train throughput/batches_per_sec:")))
			f->steps_per_s = v;
		else if (!isnan(v = num_after(p, m, "Train time/remaining_estimate:")))
			f->remaining_s = v * 3600;
		return;
	}
	if (m > 5 && !memcmp(p, "Eval ", 5)) {
		f->shape |= SHAPE_COMPOSER;
		f->step = f->total_steps = f->epoch = f->loss = NAN;
		double v = num_after(p, m, "LanguageCrossEntropy:");
		if (isnan(v))
			v = num_after(p, m, "loss/eval/total:");
		f->val_loss = v;
	}
}

/* open_clip train_one_epoch: "2024-05-14,10:07:36 | INFO | Train Epoch: 0 [ 411648/2916352 (14%)] Data (t):
 * 0.039 Batch (t): 1.409, 1455.45/s, 181.931/s/gpu LR: ... Loss: 6.6402 (7.3815)". The pair counts
 * samples; samples per second times seconds per batch is the global batch, which turns them into
 * steps. Its timestamp has a comma between date and time; "epochs: 32" is in the Params dump. */
static void openclip(const char *s, size_t n, struct line_facts *f)
{
	const char *e = s + n;
	if (isnan(f->ts) && n > 19 && s[10] == ',') {
		char buf[24];
		memcpy(buf, s, 19);
		buf[10] = ' ';
		buf[19] = '\0';
		f->ts = log_parse_ts(buf, buf + 19);
		f->ts_kind = isnan(f->ts) ? TS_NONE : TS_ISO;
	}
	const char *tr = find(s, n, "Train Epoch:");
	if (!tr) {
		const char *ep = find(s, n, "| INFO |   epochs:");
		if (ep)
			f->total_epochs = num_after(ep, (size_t)(e - ep), "epochs:");
		return;
	}
	double ep = num_after(tr, (size_t)(e - tr), "Train Epoch:");
	double done, all;
	const char *br = memchr(tr, '[', (size_t)(e - tr));
	if (isnan(ep) || !br || !pair_after(br, (size_t)(e - br), "[", &done, &all))
		return;
	f->shape |= SHAPE_OPENCLIP;
	double bt = num_after(tr, (size_t)(e - tr), "Batch (t):");
	const char *rate = bt > 0 ? find(tr, (size_t)(e - tr), "Batch (t):") : NULL;
	double sps = NAN;
	if (rate) { /* "Batch (t): 1.409, 1455.45/s" */
		const char *c = memchr(rate, ',', (size_t)(e - rate) < 40 ? (size_t)(e - rate) : 40);
		if (c)
			sps = strtod(c + 1, NULL);
	}
	f->epoch = ep;
	f->percent = NAN;
	f->loss = num_after(tr, (size_t)(e - tr), " Loss:");
	if (bt > 0) {
		f->step_time_s = bt;
		f->steps_per_s = 1 / bt;
	}
	if (sps > 0 && bt > 0) {
		double batch = sps * bt;
		f->samples_per_s = sps;
		f->steps_per_epoch = round(all / batch);
		f->step = ep * f->steps_per_epoch + round(done / batch);
	} else {
		f->step = NAN;
	}
	f->total_steps = NAN;
}

/* Ultralytics YOLO: one tqdm bar per epoch whose description starts with "epoch/epochs GPU_mem":
 * "        2/100      6.21G      1.398 ... 640:  20%|██  | 370/1849 [02:00<08:01,  3.07it/s]". The bar
 * counts the epoch's batches (its time left is the epoch's); validation bars ("Class Images ...
 * mAP50-95") count evaluation batches; "N epochs completed in H hours." ends the run. */
static void ultralytics(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s, *e = s + n;
	const char *done = find(s, n, " epochs completed in ");
	if (done) {
		f->finished = true;
		f->shape |= SHAPE_ULTRALYTICS;
		char *end;
		const char *h = done + strlen(" epochs completed in ");
		double hours = h < s + n ? strtod(h, &end) : NAN;
		if (h < s + n && end > h && end + 6 <= s + n && !memcmp(end, " hours", 6) && hours >= 0)
			f->runtime_s = hours * 3600; /* the whole training's time */
		return;
	}
	/* the column header of the YOLO bars that count epochs from 0: YOLOv5's (GPU_mem ... obj_loss),
	 * YOLOv7's (gpu_mem box obj cls total), YOLOv6's (Epoch lr iou_loss dfl_loss cls_loss); Ultralytics
	 * 8+ (box_loss cls_loss dfl_loss; RT-DETR's giou_loss cls_loss l1_loss) counts from 1 */
	if (find(s, n, "Epoch") && !find(s, n, "%|") &&
	    (find(s, n, "obj_loss") || find(s, n, " obj ") || find(s, n, " iou_loss"))) {
		f->epochs_from_0 = true;
		return;
	}
	if (find(s, n, "mAP50") && find(s, n, "%|")) { /* a validation bar: its speed is evaluation's */
		f->step = f->total_steps = f->percent = f->remaining_s = f->elapsed_s = f->it_per_s = NAN;
		return;
	}
	while (p < e && *p == ' ')
		p++;
	char *end;
	double a = strtod(p, &end);
	if (end == p || end >= e || *end != '/')
		return;
	double b = strtod(end + 1, &end);
	if (!(b > 0) || end >= e || *end != ' ')
		return;
	p = end;
	while (p < e && *p == ' ')
		p++;
	strtod(p, &end); /* GPU memory: "6.21G" */
	if (end == p || end >= e || isnan(f->step) || !(f->total_steps > 0))
		return;
	if (*end != 'G') {
		/* YOLOv6 prints no memory: "  2/49  0.004910  0.98120  0  1.408:  50%|..." (numbers only
		 * up to the bar's ':') */
		int nums = 0;
		for (p = end;;) {
			while (p < e && *p == ' ')
				p++;
			if (p < e && *p == ':')
				break;
			strtod(p, &end);
			if (end == p || end >= e || (*end != ' ' && *end != ':'))
				return;
			nums++;
			p = end;
		}
		if (nums < 1 || !find(s, n, "%|"))
			return;
	}
	f->shape |= SHAPE_ULTRALYTICS;
	if (a == 0) /* "0/499": only the YOLOv5-style bars count from 0 (YOLOv9's under Ultralytics' header) */
		f->epochs_from_0 = true;
	double per = f->total_steps, i = f->step;
	f->steps_per_epoch = per;
	f->epoch = a - 1;
	f->total_epochs = b;
	f->step = (a - 1) * per + i;
	f->total_steps = b * per;
	f->remaining_s = f->elapsed_s = f->percent = NAN;
	f->loss = NAN; /* box, cls and dfl losses: no single training loss */
}

/* LLaMA-Factory's trainer_log.jsonl (LogCallback): {"current_steps": 30, "total_steps": 186, "loss": ..,
 * "epoch": .., "elapsed_time": "0:01:33", "remaining_time": "0:08:04"}; an eval record has eval_loss. */
static void llamafactory(const char *s, size_t n, struct line_facts *f)
{
	double a = num_after(s, n, "\"current_steps\"");
	if (isnan(a))
		return;
	f->shape |= SHAPE_HF;
	f->step = a;
	f->total_steps = num_after(s, n, "\"total_steps\"");
	f->percent = num_after(s, n, "\"percentage\"");
	const char *e = s + n;
	static const char *const keys[] = {"\"elapsed_time\"", "\"remaining_time\""};
	for (int k = 0; k < 2; k++) {
		const char *p = find(s, n, keys[k]);
		if (!p)
			continue;
		p += strlen(keys[k]);
		while (p < e && (*p == ' ' || *p == ':' || *p == '"'))
			p++;
		double v = eta_after(p, (size_t)(e - p), "");
		if (k == 0)
			f->elapsed_s = v;
		else
			f->remaining_s = v;
	}
	if (!isnan(num_after(s, n, "\"eval_loss\"")))
		f->loss = NAN;
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
	/* the run's length: configurator.py echoes the config file it executes ("max_iters = 5000") and
	 * each command-line override after it ("Overriding: max_iters = 2000"); the last one holds */
	if (m > 13 && !memcmp(p, "Overriding: ", 12)) {
		p += 12;
		m -= 12;
	}
	if (m > 10 && !memcmp(p, "max_iters", 9) && (p[9] == ' ' || p[9] == '=')) {
		double mi = num_after(p, m, "max_iters");
		if (mi > 0)
			f->total_steps = mi;
	}
}

/* The readers' helpers for trainers_more.c (trainers_util.h). */
double tr_num_after(const char *s, size_t n, const char *needle)
{
	return num_after(s, n, needle);
}

bool tr_pair_after(const char *s, size_t n, const char *needle, double *a, double *b)
{
	return pair_after(s, n, needle, a, b);
}

double tr_eta_after(const char *s, size_t n, const char *needle)
{
	return eta_after(s, n, needle);
}

void tr_epoch_step(struct line_facts *f, double e, double te, double i, double per)
{
	f->epoch = e - 1;
	f->total_epochs = te;
	f->steps_per_epoch = per;
	f->step = (e - 1) * per + i;
	f->total_steps = te * per;
}

static void banners(const char *s, size_t n, struct line_facts *f)
{
	/* Hugging Face Trainer header */
	double v = num_after(s, n, "Total optimization steps =");
	if (v > 0) {
		f->total_steps = v;
		f->step = f->percent = NAN; /* the run's total, not a step reached */
	}
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
		if (!(mb > 0)) /* step 3 (PPO): "Total Generation Batches 954" */
			mb = num_after(s, n, "Total Generation Batches");
		if (mb > 0) {
			f->total_steps = mb * t;
			f->steps_per_epoch = mb;
		}
		f->shape |= SHAPE_DEEPSPEED;
	}
	/* the DeepSpeed engine's configuration banner (runtime/config.py print): the scheduler's length,
	 * "scheduler_params ...... {'warmup_num_steps': 100, 'total_num_steps': 1000}" (WarmupDecayLR,
	 * WarmupCosineLR), or the same key in the JSON config echoed by the launch script */
	v = num_after(s, n, "'total_num_steps'");
	if (isnan(v))
		v = num_after(s, n, "\"total_num_steps\"");
	if (v > 0) {
		f->total_steps = v;
		f->step = f->percent = NAN;
	}
	/* the DeepSpeed engine's own 0-based epoch counter */
	if (find(s, n, "/micro_step=") && !isnan(f->epoch))
		f->weak_epoch = true;
	/* generic validation wording: "eval loss=2.2", "val_loss: 1.9", "validation loss 3.1" */
	if (isnan(f->val_loss) && !isnan(f->loss) && !(f->shape & (SHAPE_MEGATRON | SHAPE_FAIRSEQ | SHAPE_TIMM))) {
		static const char *const marks[] = {"eval loss", "eval_loss", "val loss", "val_loss", "valid loss",
						    "valid_loss", "validation loss", "validation_loss", "test loss",
						    "Test loss", "test_loss", "eval/loss", "val/loss", NULL};
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
	/* the no_trainer examples' "epoch 1: perplexity: 21.12 eval_loss: 3.0502" (no training loss there) */
	if (isnan(f->val_loss) && find(s, n, "perplexity:")) {
		double x = num_after(s, n, "eval_loss:");
		if (!isnan(x)) {
			f->val_loss = x;
			f->loss = NAN;
		}
	}
	/* lines that say a run ended */
	if (find(s, n, "exits successfully") || find(s, n, "Training completed") ||
	    find(s, n, "`Trainer.fit` stopped") || find(s, n, "saving the final model"))
		f->finished = true;
}

static void trainer_line_known(const char *s, size_t len, struct line_facts *f);

/* The recognizers on a NUL-terminated copy of s[0, len) (len <= 8192): their number readers (strtod)
 * read on to a terminator, which a line inside a log does not have. */
static void trainer_line_copied(const char *s, size_t len, struct line_facts *f)
{
	char copy[8193];
	memcpy(copy, s, len);
	copy[len] = '\0';
	needle_line_set(copy, len);
	trainer_line_known(copy, len, f);
	needle_line_clear();
}

static struct needleset entry;
static bool entry_ready;

/* The byte pairs of common_words, one bit per pair [a | b << 8] (set up by trainer_line_init before the
 * needle set is built: the set asks a pair's weight ~1,700 times). */
static uint64_t common_pairs[65536 / 64];

static unsigned entry_pair_weight(unsigned char a, unsigned char b)
{
	unsigned w = needleset_byte_weight(a) * needleset_byte_weight(b);
	unsigned k = (unsigned)a | (unsigned)b << 8;
	return common_pairs[k / 64] >> (k % 64) & 1 ? w + 1000 : w;
}

/* Whether a line holding a tqdm bar ("%|"), and none of the entry needles, may be one of ultralytics's
 * epoch bars: only that recognizer keys on "%|", and it claims a line only when strtod reads a number at
 * its start (after spaces) and stops at a '/' ("  2/100  6.21G ..."). A plain tqdm bar ("45%|...",
 * "Epoch 1:  45%|...", "[rank0]: 45%|...") cannot: strtod stops at the '%' of "45%|", and reads nothing
 * from a start other than a digit, '.', a sign, white space or inf/nan. The answer errs towards yes:
 * tqdm's lines are most of a progress log, and skipping the recognizers for them halves `maple logs`. */
static bool bar_may_be_ultralytics(const char *s, size_t len)
{
	const char *p = s, *e = s + len;
	while (p < e && *p == ' ')
		p++;
	if (p == e)
		return false;
	unsigned char c = (unsigned char)*p;
	if (!isdigit(c) && !strchr(".+-iInN\t\n\v\f\r", c))
		return false; /* strtod converts nothing (a NUL byte answers yes: strchr finds the terminator) */
	while (p < e && isdigit((unsigned char)*p))
		p++;
	return !(p < e && *p == '%'); /* digits and a '%': strtod stops there */
}

/* Whether s[0, len) holds "%|" (memchr for the rarer '%': glibc's memmem costs ~500 instructions a line). */
static bool has_bar(const char *s, size_t len)
{
	const char *p = s, *e = s + len;
	while ((p = memchr(p, '%', (size_t)(e - p))) && p + 1 < e) {
		if (p[1] == '|')
			return true;
		p++;
	}
	return false;
}

void trainer_line_init(void)
{
	if (!entry_ready) {
		for (size_t i = 0; i < tr_common_words_n; i++)
			for (const char *c = tr_common_words[i]; c[0] && c[1]; c++) {
				unsigned k = (unsigned)(unsigned char)c[0] | (unsigned)(unsigned char)c[1] << 8;
				common_pairs[k / 64] |= (uint64_t)1 << (k % 64);
			}
		needleset_init_pairs(&entry, tr_entry_needles, tr_entry_needles_n,
				     entry_pair_weight);
		entry_ready = true;
	}
}

void trainer_line(const char *s, size_t len, struct line_facts *f)
{
	if (len > 8192)
		return;
	trainer_line_init();
	/* a line with none of them (most lines of a long log): only detectron2's timestamp can apply */
	const char *p = s;
	while (p < s + len && *p == ' ')
		p++;
	/* nanoGPT's "iter N:" and kohya-ss' "epoch N/M" lines: let through by their first word */
	bool first_word = s + len - p > 5 &&
			  (!memcmp(p, "iter ", 5) || !memcmp(p, "epoch ", 6) || (p == s && !memcmp(p, "DLL ", 4)) ||
			   (p == s && s + len - p > 8 && !memcmp(p, "epochs: ", 8)) || !memcmp(p, "ppl: ", 5) ||
			   !memcmp(p, "epoch: ", 6));
	bool rank_tag = len && s[0] == '['; /* "[rank0]: 2025-..." / "[default0]:[titan] ...": a timestamp after it */
	/* a fastai table row: numbers and a closing "mm:ss" */
	const char *t = s + len;
	while (t > p && (t[-1] == ' ' || t[-1] == '\r'))
		t--;
	bool time_end = t - p > 5 && t[-3] == ':' && isdigit((unsigned char)*p);
	/* a table row indented before its first number (spaCy's "  5    1000   66.02 ...") */
	bool indented_row = p > s && t - p > 12 && isdigit((unsigned char)*p) && isdigit((unsigned char)t[-1]);
	if (!first_word && !time_end && !indented_row && !needleset_any(&entry, s, len) &&
	    !(has_bar(s, len) && bar_may_be_ultralytics(s, len))) {
		/* a rank tag's timestamp is the one thing a tagged line without a needle may add (the
		 * recognizers after it all want a needle, and fastai's rows begin with a digit) */
		if (rank_tag)
			tr_rank_tag_ts(s, len, f);
		detectron2_ts(s, len, f);
		tr_end_stamp_ts(s, len, f);
		tr_level_clock_elapsed(s, len, f); /* SwAV's "INFO - mm/dd/yy HH:MM:SS - elapsed - " on any line */
		return;
	}
	trainer_line_copied(s, len, f);
}

void trainer_line_unfiltered(const char *s, size_t len, struct line_facts *f)
{
	if (len > 8192)
		return;
	trainer_line_copied(s, len, f);
}

static void trainer_line_known(const char *s, size_t len, struct line_facts *f)
{
	tr_rank_tag_ts(s, len, f);
	tr_end_stamp_ts(s, len, f);
	tr_level_clock_elapsed(s, len, f);
	if (tr_fastai_row(s, len, f))
		return;
	megatron(s, len, f);
	if (f->shape & SHAPE_MEGATRON)
		return;
	if (tr_seventeen(s, len, f) || tr_sixteen(s, len, f))
		return;
	if (tr_json_stats(s, len, f)) {
		detectron2_ts(s, len, f); /* PySlowFast's "[06/14 09:00:41][INFO]" stamp */
		return;
	}
	if (tr_pixart(s, len, f) || tr_pipe_epoch_step(s, len, f) || tr_dschat_loss(s, len, f) || tr_epochs_setting(s, len, f))
		return;
	unsigned before = f->shape;
	tr_extra(s, len, f);
	if (f->shape != before)
		return;
	tr_six(s, len, f);
	if (f->shape != before)
		return;
	tr_seven(s, len, f);
	if (f->shape != before)
		return;
	tr_eight(s, len, f);
	if (f->shape != before)
		return;
	if (tr_ten(s, len, f) || tr_eleven(s, len, f) || tr_twelve(s, len, f) || tr_thirteen(s, len, f) ||
	    tr_fourteen(s, len, f) || tr_fifteen(s, len, f))
		return;
	if (find(s, len, "elapsed_time_per_iteration_ms"))
		tr_nanotron(s, len, f);
	if (find(s, len, "total steps") || find(s, len, "tps:"))
		tr_torchtitan(s, len, f);
	if (f->shape & SHAPE_MEGATRON)
		return;
	if (find(s, len, "iter_time:"))
		tr_yolox(s, len, f);
	if (find(s, len, "Epoch: [") || find(s, len, "Start training for"))
		tr_metriclogger(s, len, f);
	if (find(s, len, "Epoch ") || find(s, len, " - loss:"))
		tr_keras(s, len, f);
	if (f->shape & SHAPE_TIMM)
		return;
	if (find(s, len, "| loss train:"))
		tr_litgpt(s, len, f);
	if (f->shape & SHAPE_NANOGPT)
		return;
	if (find(s, len, "'global_step/max_steps'") || find(s, len, "\"global_step/max_steps\""))
		tr_swift(s, len, f);
	if (find(s, len, "train/CrossEntropyLoss="))
		tr_olmo(s, len, f);
	if (find(s, len, "completed step:"))
		tr_maxtext(s, len, f);
	if (find(s, len, "Total training steps:") || find(s, len, "timing_s/step:"))
		tr_verl(s, len, f);
	if (find(s, len, "tensorflow:") || find(s, len, "Num steps ="))
		tr_tensorflow(s, len, f);
	if (find(s, len, "| INFO |") || find(s, len, "| train") || find(s, len, "| valid") || find(s, len, "| epoch ") ||
	    find(s, len, "| saved checkpoint") || find(s, len, "| done training in"))
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
	if (find(s, len, "Epoch(train)") || find(s, len, "Iter(train)") || find(s, len, "Epoch [") ||
	    find(s, len, "max_epochs=") || find(s, len, "max_iters=") || find(s, len, "workflow:"))
		mmengine(s, len, f);
	if (f->shape & SHAPE_MMENGINE)
		return;
	detectron2(s, len, f);
	if (f->shape & SHAPE_DETECTRON2)
		return;
	if (find(s, len, "| INFO |"))
		openclip(s, len, f);
	if (f->shape & SHAPE_OPENCLIP)
		return;
	if (find(s, len, "G ") || find(s, len, "epochs completed") || find(s, len, "mAP50") || find(s, len, "obj_loss") ||
	    find(s, len, "iou_loss") || find(s, len, " obj ") || find(s, len, "%|"))
		ultralytics(s, len, f);
	if (f->shape & SHAPE_ULTRALYTICS)
		return;
	if (find(s, len, "[batch=") || find(s, len, "Train ") || find(s, len, "Eval "))
		composer(s, len, f);
	if (f->shape & SHAPE_COMPOSER)
		return;
	if (len > 20 && s[0] == '{' && find(s, len, "\"current_steps\""))
		llamafactory(s, len, f);
	nanogpt(s, len, f);
	if (f->shape & SHAPE_NANOGPT)
		return;
	banners(s, len, f);
}

/* trainers.c - the log lines of particular trainers (see trainer_line in shapes.h). Each recognizer
 * is keyed on words only that trainer prints, and corrects what the generic scanner read from the
 * same line (a "loss scale" is not a loss, a validation loss is never the training loss).
 * Learned from: Megatron-LM training_log (megatron/training/training.py), fairseq progress_bar
 * (simple/json), timm train.py train_one_epoch/validate, Swin-Transformer main.py, nanoGPT train.py,
 * DeepSpeed-Chat step1 main.py, transformers Trainer._inner_training_loop; second round: nanotron
 * (trainer log lines), torchtitan (train.py), YOLOX (core/trainer.py), the DeiT/MAE/torchvision
 * MetricLogger, LitGPT (pretrain.py/finetune), ms-swift (logging dicts), Keras Model.fit bars, OLMo
 * (log_metrics_to_console), verl (ray_trainer console metrics), TensorFlow Estimator/Slim hooks. */
#include "shapes.h"

#include "../util/byteset.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The bytes of the line trainer_line() is reading: a needle with a byte the line does not have is not
 * in it, which settles most of the ~25 searches a line gets without reading it. */
static struct {
	bool valid;
	const char *s;
	size_t n;
	struct byteset bytes;
} line_bytes;

static void line_bytes_set(const char *s, size_t n)
{
	byteset_of(s, n, &line_bytes.bytes);
	line_bytes.s = s;
	line_bytes.n = n;
	line_bytes.valid = true;
}

static const char *find(const char *s, size_t n, const char *needle)
{
	size_t m = strlen(needle);
	if (!m)
		return s;
	if (line_bytes.valid && s >= line_bytes.s && s + n <= line_bytes.s + line_bytes.n &&
	    !byteset_has_all(&line_bytes.bytes, needle, m))
		return NULL;
	/* glibc's memmem (vectorised first-byte search, then a two-way match): the readers ask ~25 times a
	 * line, and a byte loop here was most of `maple logs` on a big log */
	return memmem(s, n, needle, m);
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
static void detectron2(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s, *e = s + n;
	while (p < e && *p == ' ')
		p++;
	/* "[MM/DD HH:MM:SS name]:" */
	if (e - p > 16 && *p == '[' && p[3] == '/' && p[6] == ' ' && p[9] == ':' && p[12] == ':' && isnan(f->ts)) {
		char buf[32];
		snprintf(buf, sizeof(buf), "2001-%.2s-%.2s %.8s", p + 1, p + 4, p + 7);
		f->ts = log_parse_ts(buf, buf + strlen(buf));
		f->ts_kind = isnan(f->ts) ? TS_NONE : TS_BRACKET;
	}
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
	if (find(s, n, " epochs completed in ")) {
		f->finished = true;
		f->shape |= SHAPE_ULTRALYTICS;
		return;
	}
	if (find(s, n, "mAP50") && find(s, n, "%|")) { /* a validation bar */
		f->step = f->total_steps = f->percent = f->remaining_s = f->elapsed_s = NAN;
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
	if (end == p || end >= e || *end != 'G' || isnan(f->step) || !(f->total_steps > 0))
		return;
	f->shape |= SHAPE_ULTRALYTICS;
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
}

/* The number after needle with a K/M/G/T suffix applied (nanotron's human_format: "4.1K", "85.8G");
 * NaN when none. */
static double human_after(const char *s, size_t n, const char *needle)
{
	const char *p = find(s, n, needle);
	if (!p)
		return NAN;
	const char *e = s + n;
	p += strlen(needle);
	while (p < e && (*p == ' ' || *p == ':' || *p == '='))
		p++;
	char buf[48];
	size_t k = 0;
	while (p < e && k + 1 < sizeof(buf) && (isdigit((unsigned char)*p) || *p == '.' || *p == ','))
		if (*p++ != ',')
			buf[k++] = p[-1];
	buf[k] = '\0';
	char *end;
	double v = strtod(buf, &end);
	if (end == buf)
		return NAN;
	if (p < e && (*p == 'K' || *p == 'k'))
		v *= 1e3;
	else if (p < e && *p == 'M')
		v *= 1e6;
	else if (p < e && *p == 'G')
		v *= 1e9;
	else if (p < e && *p == 'T')
		v *= 1e12;
	return v;
}

/* "1h 2m 3s", "3m 18s", "34s", "1d 2h" (ms-swift's format_time) at p -> seconds; NaN when none. */
static double dhms_at(const char *p, const char *e)
{
	double total = 0;
	bool any = false;
	while (p < e) {
		while (p < e && *p == ' ')
			p++;
		char *end;
		double v = strtod(p, &end);
		if (end == p || end >= e)
			break;
		double unit = *end == 'd' ? 86400 : *end == 'h' ? 3600 : *end == 'm' ? 60 : *end == 's' ? 1 : -1;
		if (unit < 0)
			break;
		total += v * unit;
		any = true;
		p = end + 1;
	}
	return any ? total : NAN;
}

/* torchrun's per-rank tag "[rank0]:" / "[default0]:" before the trainer's own line: the timestamp
 * after it ("[rank0]:[titan] 2025-02-10 08:00:06,000 - root - INFO", nanotron's
 * "[default0]:03/14/2025 09:00:40 [INFO|DP=0...]"). */
static void rank_tag_ts(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s, *e = s + n;
	if (!isnan(f->ts) || n < 30 || *p != '[')
		return;
	const char *close = memchr(p, ']', (size_t)(e - p) < 16 ? (size_t)(e - p) : 16);
	if (!close || close + 1 >= e || close[1] != ':')
		return;
	p = close + 2;
	if (p < e && *p == '[') { /* a second tag: "[titan] " */
		const char *c2 = memchr(p, ']', (size_t)(e - p) < 24 ? (size_t)(e - p) : 24);
		if (!c2 || c2 + 1 >= e || c2[1] != ' ')
			return;
		p = c2 + 2;
	}
	double t = log_parse_ts(p, e);
	if (isnan(t) && e - p >= 19 && p[2] == '/' && p[5] == '/' && p[10] == ' ' && p[13] == ':') {
		char buf[32];
		snprintf(buf, sizeof(buf), "%.4s-%.2s-%.2s %.8s", p + 6, p, p + 3, p + 11);
		t = log_parse_ts(buf, buf + strlen(buf));
	}
	if (!isnan(t)) {
		f->ts = t;
		f->ts_kind = TS_AFTER_TAG;
	}
}

/* nanotron: "iteration: 20 / 20000 | consumed_tokens: 10.5M | elapsed_time_per_iteration_ms: 4K |
 * tokens_per_sec: 131K | ... | lm_loss: 7.85 | lr: ..." (humanised numbers). */
static void nanotron(const char *s, size_t n, struct line_facts *f)
{
	double it, tot;
	if (!find(s, n, "elapsed_time_per_iteration_ms") || !pair_after(s, n, "iteration:", &it, &tot))
		return;
	f->shape |= SHAPE_MEGATRON;
	f->step = it;
	f->total_steps = tot;
	f->step_time_s = human_after(s, n, "elapsed_time_per_iteration_ms") / 1000;
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->tokens_per_s = human_after(s, n, "tokens_per_sec:");
	f->loss = num_after(s, n, "lm_loss:");
	f->samples_per_s = f->it_per_s = f->epoch = f->percent = NAN;
}

/* torchtitan: "Training starts at step 1, ..., total steps 3000 (warmup 200)" / "Trainer is initialized
 * with ... total steps 3000", then "step: 20  loss:  8.1021  memory: 52.30GiB(66.10%)  tps: 7,380  tflops:
 * 340.50  mfu: 34.43%". */
static void torchtitan(const char *s, size_t n, struct line_facts *f)
{
	if (find(s, n, "total steps") && (find(s, n, "Training starts at step") || find(s, n, "Trainer is initialized"))) {
		double t = num_after(s, n, "total steps");
		if (t > 0)
			f->total_steps = t;
		f->step = NAN;
		return;
	}
	if (!find(s, n, "step:") || !find(s, n, "tps:") || !find(s, n, "loss:"))
		return;
	f->shape |= SHAPE_MEGATRON;
	f->step = num_after(s, n, "step:");
	f->loss = num_after(s, n, "loss:");
	f->tokens_per_s = num_after(s, n, "tps:");
	f->samples_per_s = f->it_per_s = f->epoch = f->percent = NAN;
}

/* YOLOX (loguru): "epoch: 1/300, iter: 20/925, mem: 7751Mb, iter_time: 0.680s, data_time: 0.040s,
 * total_loss: 10.9, ..., lr: 1.532e-05, size: 576, ETA: 2 days, 4:27:20" (epochs count from 1; the
 * ETA is the run's). */
static void yolox(const char *s, size_t n, struct line_facts *f)
{
	double ep, tep, i, per;
	if (!find(s, n, "iter_time:") || !pair_after(s, n, "epoch:", &ep, &tep) || !pair_after(s, n, "iter:", &i, &per))
		return;
	f->shape |= SHAPE_TIMM;
	f->epoch = ep - 1;
	f->total_epochs = tep;
	f->steps_per_epoch = per;
	f->step = (ep - 1) * per + i;
	f->total_steps = tep * per;
	f->step_time_s = num_after(s, n, "iter_time:");
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->loss = num_after(s, n, "total_loss:");
	f->remaining_s = eta_after(s, n, "ETA:");
	f->it_per_s = f->percent = f->samples_per_s = NAN;
}

/* The MetricLogger of DeiT, MAE, DINO and torchvision's references: "Epoch: [0]  [  20/1251]  eta:
 * 0:14:38  lr: 0.000001  loss: 6.9205 (6.9260)  time: 0.7000  data: 0.0003  max mem: 15120" (epochs
 * from 0; the eta is the epoch's; time is seconds a step); "Start training for 300 epochs". */
static void metriclogger(const char *s, size_t n, struct line_facts *f)
{
	double v = num_after(s, n, "Start training for");
	if (v > 0 && find(s, n, "epochs")) {
		f->total_epochs = v;
		return;
	}
	const char *ep = find(s, n, "Epoch: [");
	double i, per;
	if (!ep || !find(s, n, "eta:"))
		return;
	const char *e = s + n, *q = memchr(ep + 8, '[', (size_t)(e - ep - 8) < 16 ? (size_t)(e - ep - 8) : 16);
	if (!q || !pair_after(q, (size_t)(e - q), "[", &i, &per))
		return;
	double epoch = strtod(ep + 8, NULL);
	f->shape |= SHAPE_TIMM;
	f->epoch = epoch;
	f->steps_per_epoch = per;
	f->step = epoch * per + i;
	f->total_steps = NAN;
	f->step_time_s = num_after(s, n, "  time:");
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->loss = num_after(s, n, "  loss:");
	f->remaining_s = f->percent = f->it_per_s = f->samples_per_s = NAN;
}

/* LitGPT: "Epoch 1 | iter 200 step 50 | loss train: 3.104, val: n/a | iter time: 150.10 ms (step)
 * remaining time: 5:10:05" (steps are optimizer steps; iters count micro-batches). */
static void litgpt(const char *s, size_t n, struct line_facts *f)
{
	if (!find(s, n, "| loss train:") || !find(s, n, "iter time:"))
		return;
	f->shape |= SHAPE_NANOGPT;
	f->step = num_after(s, n, " step ");
	f->loss = num_after(s, n, "loss train:");
	f->val_loss = num_after(s, n, ", val:");
	f->remaining_s = eta_after(s, n, "remaining time:");
	f->epoch = f->total_steps = f->percent = f->it_per_s = NAN;
}

/* ms-swift: {'loss': 1.31, ..., 'global_step/max_steps': '5/94', 'percentage': '5.32%', 'elapsed_time':
 * '11s', 'remaining_time': '3m 18s', 'memory(GiB)': 5.1, 'train_speed(iter/s)': 0.44} */
static void swift(const char *s, size_t n, struct line_facts *f)
{
	double a, b;
	static const char key[] = "'global_step/max_steps': '";
	const char *g = find(s, n, key);
	if (!g || !pair_after(g + sizeof(key) - 1, (size_t)(s + n - g) - (sizeof(key) - 1), "", &a, &b))
		return;
	f->shape |= SHAPE_HF;
	f->step = a;
	f->total_steps = b;
	f->epoch = NAN; /* a fraction of the epochs, not a count */
	static const char el[] = "'elapsed_time': '", re[] = "'remaining_time': '";
	const char *e = s + n, *t = find(s, n, el);
	if (t)
		f->elapsed_s = dhms_at(t + sizeof(el) - 1, e);
	t = find(s, n, re);
	if (t)
		f->remaining_s = dhms_at(t + sizeof(re) - 1, e);
	f->it_per_s = num_after(s, n, "'train_speed(iter/s)'");
}

/* Keras Model.fit: "Epoch 3/10" on its own line, then the epoch's bar " 812/1875 [====>....] - ETA: 3s -
 * loss: 0.1050" (the ETA is the epoch's). The epoch line is remembered for the bars after it. */
static struct {
	double epoch, total_epochs;
} keras_state = {NAN, NAN};

static void keras(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s, *e = s + n;
	while (p < e && *p == ' ')
		p++;
	double a, b;
	if (e - p >= 8 && !memcmp(p, "Epoch ", 6) && pair_after(p, (size_t)(e - p), "Epoch", &a, &b)) {
		char *end;
		strtod(p + 6, &end);
		while (end < e && (*end == ' ' || *end == '/' || isdigit((unsigned char)*end)))
			end++;
		if (end < e && *end != '\r')
			return; /* more than "Epoch N/M" on the line */
		keras_state.epoch = a - 1;
		keras_state.total_epochs = b;
		f->epoch = a - 1;
		f->total_epochs = b;
		return;
	}
	/* "812/1875 [=====>......] - ETA: 3s" (Keras 2) or "812/1875 ━━━━ 3s 2ms/step" (Keras 3, its
	 * numbers inside ANSI styles: ESC[1m 640/1500 ESC[0m) */
	while (e - p > 2 && p[0] == '\x1b' && p[1] == '[') {
		const char *m = memchr(p, 'm', (size_t)(e - p) < 8 ? (size_t)(e - p) : 8);
		if (!m)
			break;
		p = m + 1;
	}
	if (isnan(keras_state.epoch) || !pair_after(p, (size_t)(e - p), "", &a, &b) || !find(s, n, " - loss:"))
		return;
	f->shape |= SHAPE_TIMM;
	f->steps_per_epoch = b;
	f->epoch = keras_state.epoch;
	f->total_epochs = keras_state.total_epochs;
	f->step = keras_state.epoch * b + a;
	f->total_steps = keras_state.total_epochs * b;
	f->loss = num_after(s, n, " - loss:");
	f->val_loss = num_after(s, n, " - val_loss:");
	f->remaining_s = f->percent = f->it_per_s = NAN;
}

/* verl: "Total training steps: 351", then "(TaskRunner pid=1) step:2 - actor/pg_loss:0.002 - ... -
 * timing_s/step:60.000 - ..." (an RL step: no single training loss). */
static void verl(const char *s, size_t n, struct line_facts *f)
{
	double t = num_after(s, n, "Total training steps:");
	if (t > 0) {
		f->total_steps = t;
		return;
	}
	if (!find(s, n, "timing_s/step:") || !find(s, n, "step:"))
		return;
	f->shape |= SHAPE_MEGATRON;
	f->step = num_after(s, n, "step:");
	f->step_time_s = num_after(s, n, "timing_s/step:");
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->loss = f->epoch = f->percent = f->it_per_s = f->samples_per_s = f->tokens_per_s = NAN;
}

/* TensorFlow: Estimator's "loss = 7.88, step = 100 (24.390 sec)" and "global_step/sec: 4.2", BERT's
 * "  Num steps = 100000"; TF-Slim's "global step 5: loss = 62.53 (20.205 sec/step)". */
static void tensorflow(const char *s, size_t n, struct line_facts *f)
{
	double v = num_after(s, n, "Num steps =");
	if (v > 0) {
		f->total_steps = v;
		return;
	}
	v = num_after(s, n, "global_step/sec:");
	if (!isnan(v)) {
		f->steps_per_s = v;
		return;
	}
	const char *p = find(s, n, "loss = ");
	if (!p)
		return;
	double st = num_after(s, n, ", step =");
	if (isnan(st))
		st = num_after(s, n, "global step");
	if (isnan(st))
		return;
	f->shape |= SHAPE_PLAIN;
	f->step = st;
	f->loss = num_after(s, n, "loss =");
	double sps = num_after(s, n, "(");
	if (find(s, n, "sec/step)") && sps > 0)
		f->step_time_s = sps;
	f->epoch = f->percent = f->total_steps = NAN;
}

/* OLMo: "[step=20/739328,epoch=0]" then the metrics one a line, indented: "    train/CrossEntropyLoss=9.45". */
static void olmo(const char *s, size_t n, struct line_facts *f)
{
	double v = num_after(s, n, "train/CrossEntropyLoss=");
	if (!isnan(v) && n > 4 && s[0] == ' ')
		f->loss = v;
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

static void trainer_line_known(const char *s, size_t len, struct line_facts *f);

void trainer_line(const char *s, size_t len, struct line_facts *f)
{
	if (len > 8192)
		return;
	line_bytes_set(s, len);
	trainer_line_known(s, len, f);
	line_bytes.valid = false;
}

static void trainer_line_known(const char *s, size_t len, struct line_facts *f)
{
	rank_tag_ts(s, len, f);
	megatron(s, len, f);
	if (f->shape & SHAPE_MEGATRON)
		return;
	if (find(s, len, "elapsed_time_per_iteration_ms"))
		nanotron(s, len, f);
	if (find(s, len, "total steps") || find(s, len, "tps:"))
		torchtitan(s, len, f);
	if (f->shape & SHAPE_MEGATRON)
		return;
	if (find(s, len, "iter_time:"))
		yolox(s, len, f);
	if (find(s, len, "Epoch: [") || find(s, len, "Start training for"))
		metriclogger(s, len, f);
	if (find(s, len, "Epoch ") || find(s, len, " - loss:"))
		keras(s, len, f);
	if (f->shape & SHAPE_TIMM)
		return;
	if (find(s, len, "| loss train:"))
		litgpt(s, len, f);
	if (f->shape & SHAPE_NANOGPT)
		return;
	if (find(s, len, "'global_step/max_steps'"))
		swift(s, len, f);
	if (find(s, len, "train/CrossEntropyLoss="))
		olmo(s, len, f);
	if (find(s, len, "Total training steps:") || find(s, len, "timing_s/step:"))
		verl(s, len, f);
	if (find(s, len, "tensorflow:") || find(s, len, "Num steps ="))
		tensorflow(s, len, f);
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
	if (find(s, len, "G ") || find(s, len, "epochs completed") || find(s, len, "mAP50"))
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

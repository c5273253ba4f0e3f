/* trainers_more.c - log lines of the trainers added in issue 17's third round: nanotron, torchtitan,
 * YOLOX, the DeiT/MAE/torchvision MetricLogger, LitGPT, ms-swift, Keras, OLMo, verl, TensorFlow
 * Estimator/Slim, MaxText, and timestamps after torchrun's [rankN]: tags. Called from trainer_line
 * (trainers.c) in its order; each recognizer is keyed on words only that trainer prints.
 * Learned from: nanotron (issue #390, PR #23), torchtitan train.py, YOLOX core/trainer.py and issues
 * #32/#679/#1803, DeiT engine.py, keras.utils.Progbar, ms-swift docs, LitGPT pretrain.py, OLMo
 * train.py, verl ray_trainer.py (issues #1458, #2060), google-research/bert, tensorflow/models #2980,
 * MaxText docs/guides/understand_logs_and_metrics.md. */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The number after needle with a K/M/G/T suffix applied (nanotron's human_format: "4.1K", "85.8G");
 * NaN when none. */
double tr_human_after(const char *s, size_t n, const char *needle)
{
	const char *p = tr_find(s, n, needle);
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
	else if (p < e && (*p == 'G' || *p == 'B')) /* picotron's to_readable_format writes billions as B */
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
void tr_rank_tag_ts(const char *s, size_t n, struct line_facts *f)
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
void tr_nanotron(const char *s, size_t n, struct line_facts *f)
{
	double it, tot;
	if (!tr_find(s, n, "elapsed_time_per_iteration_ms") || !tr_pair_after(s, n, "iteration:", &it, &tot))
		return;
	f->shape |= SHAPE_MEGATRON;
	f->step = it;
	f->total_steps = tot;
	f->step_time_s = tr_human_after(s, n, "elapsed_time_per_iteration_ms") / 1000;
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->tokens_per_s = tr_human_after(s, n, "tokens_per_sec:");
	f->loss = tr_num_after(s, n, "lm_loss:");
	f->samples_per_s = f->it_per_s = f->epoch = f->percent = NAN;
}

/* torchtitan: "Training starts at step 1, ..., total steps 3000 (warmup 200)" / "Trainer is initialized
 * with ... total steps 3000", then "step: 20  loss:  8.1021  memory: 52.30GiB(66.10%)  tps: 7,380  tflops:
 * 340.50  mfu: 34.43%". */
void tr_torchtitan(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "total steps") && (tr_find(s, n, "Training starts at step") || tr_find(s, n, "Trainer is initialized"))) {
		double t = tr_num_after(s, n, "total steps");
		if (t > 0)
			f->total_steps = t;
		f->step = NAN;
		return;
	}
	if (!tr_find(s, n, "step:") || !tr_find(s, n, "tps:") || !tr_find(s, n, "loss:"))
		return;
	f->shape |= SHAPE_MEGATRON;
	f->step = tr_num_after(s, n, "step:");
	f->loss = tr_num_after(s, n, "loss:");
	f->tokens_per_s = tr_num_after(s, n, "tps:");
	f->samples_per_s = f->it_per_s = f->epoch = f->percent = NAN;
}

/* YOLOX (loguru): "epoch: 1/300, iter: 20/925, mem: 7751Mb, iter_time: 0.680s, data_time: 0.040s,
 * total_loss: 10.9, ..., lr: 1.532e-05, size: 576, ETA: 2 days, 4:27:20" (epochs count from 1; the
 * ETA is the run's). */
void tr_yolox(const char *s, size_t n, struct line_facts *f)
{
	double ep, tep, i, per;
	if (!tr_find(s, n, "iter_time:") || !tr_pair_after(s, n, "epoch:", &ep, &tep) || !tr_pair_after(s, n, "iter:", &i, &per))
		return;
	f->shape |= SHAPE_TIMM;
	tr_epoch_step(f, ep, tep, i, per);
	f->step_time_s = tr_num_after(s, n, "iter_time:");
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->loss = tr_num_after(s, n, "total_loss:");
	f->remaining_s = tr_eta_after(s, n, "ETA:");
	f->it_per_s = f->percent = f->samples_per_s = NAN;
}

/* The MetricLogger of DeiT, MAE, DINO and torchvision's references: "Epoch: [0]  [  20/1251]  eta:
 * 0:14:38  lr: 0.000001  loss: 6.9205 (6.9260)  time: 0.7000  data: 0.0003  max mem: 15120" (epochs
 * from 0; the eta is the epoch's; time is seconds a step); "Start training for 300 epochs". */
void tr_metriclogger(const char *s, size_t n, struct line_facts *f)
{
	double v = tr_num_after(s, n, "Start training for");
	if (v > 0 && tr_find(s, n, "epochs")) {
		f->total_epochs = v;
		return;
	}
	const char *ep = tr_find(s, n, "Epoch: [");
	double i, per;
	if (!ep || !tr_find(s, n, "eta:"))
		return;
	const char *e = s + n, *q = memchr(ep + 8, '[', (size_t)(e - ep - 8) < 16 ? (size_t)(e - ep - 8) : 16);
	if (!q || !tr_pair_after(q, (size_t)(e - q), "[", &i, &per))
		return;
	double epoch = strtod(ep + 8, NULL);
	f->shape |= SHAPE_TIMM;
	f->epoch = epoch;
	f->steps_per_epoch = per;
	f->step = epoch * per + i;
	f->total_steps = NAN;
	f->step_time_s = tr_num_after(s, n, "  time:");
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->loss = tr_num_after(s, n, "  loss:");
	f->remaining_s = f->percent = f->it_per_s = f->samples_per_s = NAN;
}

/* LitGPT: "Epoch 1 | iter 200 step 50 | loss train: 3.104, val: n/a | iter time: 150.10 ms (step)
 * remaining time: 5:10:05" (steps are optimizer steps; iters count micro-batches). */
void tr_litgpt(const char *s, size_t n, struct line_facts *f)
{
	if (!tr_find(s, n, "| loss train:") || !tr_find(s, n, "iter time:"))
		return;
	f->shape |= SHAPE_NANOGPT;
	f->step = tr_num_after(s, n, " step ");
	f->loss = tr_num_after(s, n, "loss train:");
	f->val_loss = tr_num_after(s, n, ", val:");
	f->remaining_s = tr_eta_after(s, n, "remaining time:");
	f->epoch = f->total_steps = f->percent = f->it_per_s = NAN;
}

/* ms-swift: {'loss': 1.31, ..., 'global_step/max_steps': '5/94', 'percentage': '5.32%', 'elapsed_time':
 * '11s', 'remaining_time': '3m 18s', 'memory(GiB)': 5.1, 'train_speed(iter/s)': 0.44} */
void tr_swift(const char *s, size_t n, struct line_facts *f)
{
	double a, b;
	/* the console's dicts ('...') or logging.jsonl's JSON ("...") */
	bool dq = !tr_find(s, n, "'global_step/max_steps': '");
	const char *key = dq ? "\"global_step/max_steps\": \"" : "'global_step/max_steps': '";
	size_t kl = strlen(key);
	const char *g = tr_find(s, n, key);
	if (!g || !tr_pair_after(g + kl, (size_t)(s + n - g) - kl, "", &a, &b))
		return;
	f->shape |= SHAPE_HF;
	f->step = a;
	f->total_steps = b;
	f->epoch = NAN; /* a fraction of the epochs, not a count */
	const char *el = dq ? "\"elapsed_time\": \"" : "'elapsed_time': '", *re = dq ? "\"remaining_time\": \"" : "'remaining_time': '";
	const char *e = s + n, *t = tr_find(s, n, el);
	if (t)
		f->elapsed_s = dhms_at(t + strlen(el), e);
	t = tr_find(s, n, re);
	if (t)
		f->remaining_s = dhms_at(t + strlen(re), e);
	f->it_per_s = tr_num_after(s, n, dq ? "\"train_speed(iter/s)\"" : "'train_speed(iter/s)'");
	/* an evaluation record: its loss is the held-out one */
	if (tr_find(s, n, dq ? "\"eval_loss\"" : "'eval_loss'"))
		f->loss = NAN;
}

/* Keras Model.fit: "Epoch 3/10" on its own line, then the epoch's bar " 812/1875 [====>....] - ETA: 3s -
 * loss: 0.1050" (the ETA is the epoch's). Each line says only what it holds; the report joins a bar to
 * the epoch line before it (logread.c). */
void tr_keras(const char *s, size_t n, struct line_facts *f)
{
	const char *p = s, *e = s + n;
	while (p < e && *p == ' ')
		p++;
	double a, b;
	if (e - p >= 8 && !memcmp(p, "Epoch ", 6) && tr_pair_after(p, (size_t)(e - p), "Epoch", &a, &b)) {
		char *end;
		strtod(p + 6, &end);
		while (end < e && (*end == ' ' || *end == '/' || isdigit((unsigned char)*end)))
			end++;
		if (end < e && *end != '\r')
			return; /* more than "Epoch N/M" on the line */
		f->keras_epoch_line = true;
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
	if (!tr_pair_after(p, (size_t)(e - p), "", &a, &b) || !tr_find(s, n, " - loss:"))
		return;
	f->keras_bar = true;
	f->bar_pos = a;
	f->bar_len = b;
	f->bar_loss = tr_num_after(s, n, " - loss:");
	f->bar_val_loss = tr_num_after(s, n, " - val_loss:");
}

/* verl: "Total training steps: 351", then "(TaskRunner pid=1) step:2 - actor/pg_loss:0.002 - ... -
 * timing_s/step:60.000 - ..." (an RL step: no single training loss). */
void tr_verl(const char *s, size_t n, struct line_facts *f)
{
	double t = tr_num_after(s, n, "Total training steps:");
	if (t > 0) {
		f->total_steps = t;
		return;
	}
	if (!tr_find(s, n, "timing_s/step:") || !tr_find(s, n, "step:"))
		return;
	f->shape |= SHAPE_MEGATRON;
	f->step = tr_num_after(s, n, "step:");
	f->step_time_s = tr_num_after(s, n, "timing_s/step:");
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->loss = f->epoch = f->percent = f->it_per_s = f->samples_per_s = f->tokens_per_s = NAN;
}

/* TensorFlow: Estimator's "loss = 7.88, step = 100 (24.390 sec)" and "global_step/sec: 4.2", BERT's
 * "  Num steps = 100000"; TF-Slim's "global step 5: loss = 62.53 (20.205 sec/step)". */
void tr_tensorflow(const char *s, size_t n, struct line_facts *f)
{
	double v = tr_num_after(s, n, "Num steps =");
	if (v > 0) {
		f->total_steps = v;
		return;
	}
	v = tr_num_after(s, n, "global_step/sec:");
	if (!isnan(v)) {
		f->steps_per_s = v;
		return;
	}
	const char *p = tr_find(s, n, "loss = ");
	if (!p)
		return;
	double st = tr_num_after(s, n, ", step =");
	if (isnan(st))
		st = tr_num_after(s, n, "global step");
	if (isnan(st))
		return;
	f->shape |= SHAPE_PLAIN;
	f->step = st;
	f->loss = tr_num_after(s, n, "loss =");
	double sps = tr_num_after(s, n, "(");
	if (tr_find(s, n, "sec/step)") && sps > 0)
		f->step_time_s = sps;
	f->epoch = f->percent = f->total_steps = NAN;
}

/* MaxText: "completed step: 9, seconds: 5.667, TFLOP/s/device: 134.924, Tokens/s/device: 8672.758, ...,
 * loss: 10.374" (the token rate is one device's: not the job's). */
void tr_maxtext(const char *s, size_t n, struct line_facts *f)
{
	if (!tr_find(s, n, "completed step:") || !tr_find(s, n, "seconds:"))
		return;
	f->shape |= SHAPE_PLAIN;
	f->step = tr_num_after(s, n, "completed step:");
	f->step_time_s = tr_num_after(s, n, "seconds:");
	f->steps_per_s = f->step_time_s > 0 ? 1 / f->step_time_s : NAN;
	f->tokens_per_s = f->samples_per_s = f->it_per_s = NAN;
}

/* OLMo: "[step=20/739328,epoch=0]" then the metrics one a line, indented: "    train/CrossEntropyLoss=9.45". */
void tr_olmo(const char *s, size_t n, struct line_facts *f)
{
	double v = tr_num_after(s, n, "train/CrossEntropyLoss=");
	if (!isnan(v) && n > 4 && s[0] == ' ')
		f->loss = v;
}


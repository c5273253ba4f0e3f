/* trainers_seven.c - log lines of the trainers added in issue 17's seventh log round: k2-fsa icefall
 * ("Epoch 1, batch 150, loss[loss=..], tot_loss[..]", "Epoch 1, validation: loss=.."), InternEvo
 * ("tflops=..,step=N,loss=..,tgs (tokens/gpu/second)=.."), TensorFlow Model Garden's Orbit controller
 * ("train | step: N | steps/sec: x | output:" with a pretty-printed dict over the next lines), NVIDIA
 * DeepLearningExamples' dllogger ("DLL <time> - Epoch: e Iteration: i  train.loss : x  train.total_ips :
 * y images/s", "DLL <time> - PARAMETER ... epochs : 90 ...") and CLU's LoggingWriter under absl ("[step]
 * k=v, k=v", as the Flax examples write it). Called from trainer_line (trainers.c); each recognizer is keyed
 * on words only that trainer prints, and every key is one of trainer_line's entry needles.
 * Learned from: k2-fsa/icefall egs/librispeech/ASR/zipformer/train.py, InternLM/InternEvo train.py
 * record_current_batch_training_metrics, tensorflow/models orbit/controller.py, NVIDIA/DeepLearningExamples
 * PyTorch/Classification/ConvNets (dllogger StdOutBackend), google/CommonLoopUtils metric_writers. */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* icefall: batches are counted within an epoch and their number per epoch is never printed (dynamic
 * bucketing), so the run's step is known in its first epoch only; epochs are printed from 1. */
static void icefall(const char *s, size_t n, struct line_facts *f)
{
	double e = tr_num_after(s, n, "Epoch ");
	double te = tr_num_after(s, n, "'num_epochs':");
	if (te > 0 && tr_find(s, n, "'start_epoch':")) {
		f->total_epochs = te;
		return;
	}
	if (!(e >= 1))
		return;
	double vl = tr_num_after(s, n, ", validation: loss=");
	if (!isnan(vl)) {
		f->shape |= SHAPE_PLAIN;
		f->epoch = e - 1;
		f->val_loss = vl;
		f->loss = f->step = NAN;
		return;
	}
	double i = tr_num_after(s, n, ", batch ");
	double l = tr_num_after(s, n, ", loss[loss=");
	if (isnan(i) || isnan(l) || !tr_find(s, n, "tot_loss["))
		return;
	f->shape |= SHAPE_PLAIN;
	f->epoch = e - 1;
	f->step = e == 1 ? i : NAN;
	f->loss = l;
	f->total_steps = f->percent = f->val_loss = NAN;
	f->samples_per_s = f->tokens_per_s = f->it_per_s = NAN;
}

/* InternEvo: "tflops=186.35,step=3,loss=11.18,tgs (tokens/gpu/second)=4096.0,lr=..." (newer versions
 * separate the pairs by spaces); tgs is tokens per GPU, reported as torchtitan's tps is. */
static void internevo(const char *s, size_t n, struct line_facts *f)
{
	double tgs = tr_num_after(s, n, "tgs (tokens/gpu/second)=");
	double st = tr_num_after(s, n, "step=");
	if (isnan(tgs) || isnan(st) || !tr_find(s, n, "tflops="))
		return;
	f->shape |= SHAPE_PLAIN;
	f->step = st;
	f->loss = tr_num_after(s, n, "loss=");
	f->tokens_per_s = tgs;
	f->samples_per_s = f->it_per_s = NAN;
}

/* Orbit: "train | step:      0 | training until step 112590...", "train | step:   1000 | steps/sec:    5.0 |
 * output: {...}", "eval | step: 1000 | eval time: 19.9 sec | output: {...}"; the dict's entries may stand on
 * lines of their own ("     'training_loss': 5.91}"). */
static void orbit(const char *s, size_t n, struct line_facts *f)
{
	double v = tr_num_after(s, n, "'training_loss':");
	if (!isnan(v)) {
		f->loss = v;
		f->val_loss = NAN;
	}
	v = tr_num_after(s, n, "'validation_loss':");
	if (!isnan(v)) {
		f->val_loss = v;
		f->loss = NAN;
	}
	if (tr_find(s, n, "eval | step:")) {
		f->step = f->steps_per_s = NAN;
		return;
	}
	double st = tr_num_after(s, n, "train | step:");
	if (isnan(st))
		return;
	f->shape |= SHAPE_PLAIN;
	double total = tr_num_after(s, n, "training until step");
	if (total > 0) {
		f->total_steps = total;
		f->step = NAN;
		return;
	}
	f->step = st;
	double r = tr_num_after(s, n, "| steps/sec:");
	if (r > 0)
		f->steps_per_s = r;
}

/* dllogger's standard-output backend: "DLL 2024-06-01 09:00:30.000000 - Epoch: 0 Iteration: 100
 * train.loss : 6.84  train.total_ips : 2498.71 images/s ..." (epochs from 0, iterations within the epoch,
 * whose number is not printed) and the parameter dump "DLL <time> - PARAMETER ... epochs : 90 ...". */
static void dllogger(const char *s, size_t n, struct line_facts *f)
{
	if (n < 30 || memcmp(s, "DLL ", 4))
		return;
	double ts = log_parse_ts(s + 4, s + n);
	if (!isnan(ts)) {
		f->ts = ts;
		f->ts_kind = TS_ISO;
	}
	if (tr_find(s, n, " - PARAMETER ")) {
		double te = tr_num_after(s, n, "  epochs :");
		if (te > 0)
			f->total_epochs = te;
		f->step = f->epoch = f->loss = NAN;
		return;
	}
	double e = tr_num_after(s, n, "Epoch:"), i = tr_num_after(s, n, "Iteration:");
	double l = tr_num_after(s, n, "train.loss :");
	if (isnan(e) || isnan(l))
		return;
	f->shape |= SHAPE_PLAIN;
	f->epoch = e;
	f->step = (e == 0 && !isnan(i)) ? i : NAN;
	f->loss = l;
	f->total_steps = f->percent = NAN;
	double ips = tr_num_after(s, n, "train.total_ips :");
	f->samples_per_s = ips > 0 ? ips : NAN;
	f->it_per_s = f->tokens_per_s = NAN;
}

/* CLU's LoggingWriter: "... logging_writer.py:48] [300] steps_per_second=5, train_loss=6.65" and
 * "[300] eval_accuracy=0.007, eval_loss=6.59"; its ReportProgress notes "0.0 steps/s, 0.0% (1/62550)". */
static void clu(const char *s, size_t n, struct line_facts *f)
{
	double a, b;
	if (tr_find(s, n, "Setting work unit notes:") && tr_pair_after(s, n, "% (", &a, &b) && b > 0) {
		f->total_steps = b;
		f->step = f->percent = NAN;
		return;
	}
	const char *p = tr_find(s, n, "] [");
	if (!p)
		return;
	p += 3;
	const char *e = s + n;
	if (p >= e || !isdigit((unsigned char)*p))
		return;
	char *end;
	double st = strtod(p, &end);
	if (end + 2 >= e || end[0] != ']' || end[1] != ' ')
		return;
	const char *kv = end + 2;
	size_t m = (size_t)(e - kv);
	const char *eq = memchr(kv, '=', m);
	if (!eq || memchr(kv, ' ', (size_t)(eq - kv)))
		return; /* "[300] k=v": the first word is a key */
	double tl = tr_num_after(kv, m, "train_loss="), vl = tr_num_after(kv, m, "eval_loss=");
	if (isnan(tl) && isnan(vl))
		return;
	f->shape |= SHAPE_PLAIN;
	f->step = st;
	f->loss = tl;
	f->val_loss = vl;
	double r = tr_num_after(kv, m, "steps_per_second=");
	f->steps_per_s = r > 0 ? r : NAN;
	f->percent = f->samples_per_s = f->it_per_s = NAN;
}

void tr_seven(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "tot_loss[") || tr_find(s, n, ", validation: loss=") || tr_find(s, n, "'num_epochs':"))
		icefall(s, n, f);
	if (tr_find(s, n, "tgs (tokens/gpu/second)="))
		internevo(s, n, f);
	if (tr_find(s, n, " | step:") || tr_find(s, n, "'training_loss':") || tr_find(s, n, "'validation_loss':"))
		orbit(s, n, f);
	if (n > 4 && !memcmp(s, "DLL ", 4))
		dllogger(s, n, f);
	if (tr_find(s, n, "train_loss=") || tr_find(s, n, "eval_loss=") || tr_find(s, n, "Setting work unit notes:"))
		clu(s, n, f);
}

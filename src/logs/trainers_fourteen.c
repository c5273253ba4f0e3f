/* trainers_fourteen.c - session 26's report lines:
 *   modded-nanogpt: "step:125/1750 val_loss:4.2887 train_time:12345ms step_avg:98.76ms" (the validation
 *             line; the per-step line has no val_loss; step_avg is nan before the timed steps) and the
 *             "train_loss:" of its later versions
 *   picotron: "[rank 0] Step: 430, Loss: 5.7580, Global batch size (with seq_len): 1.049M, Tokens/s: 120.530K,
 *             Tokens/s/GPU: 15.066K, Tokens: 450.888M/10.486B, ..." (tokens of a step, the run's rate in tokens,
 *             the token budget that makes the step total)
 *   build-nanogpt: "step   612 | loss: 2.342009 | lr ... | norm: ... | dt: 1391.52ms | tok/sec: 376773.60"
 *   OCP (fairchem v0.x): "(INFO): ... loss: 4.65e+00, lr: 5.00e-04, epoch: 1.65e-01, step: 1.03e+04" and the
 *             validation's "(INFO): ... loss: 4.9917, epoch: 0.1600" (no step, no lr) after "Evaluating on val."
 *             (its bars count validation batches)
 *   config dumps (NeMo's "Hydra config:", OCP's YAML): an indented "max_epochs: N" line
 * Called from trainer_line (trainers.c); their words are in trainers_needles.c.
 * Learned from: KellerJordan/modded-nanogpt (train_gpt.py), huggingface/picotron (train.py), karpathy/build-nanogpt
 * (train_gpt2.py), FAIR-Chem/fairchem (ocpmodels/trainers/base_trainer.py, ocp_trainer.py), NVIDIA/NeMo
 * (examples/asr: the config printed with OmegaConf.to_yaml). */
#include "shapes.h"
#include "trainers_util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* the number after needle when it starts with a digit (not "nan") */
static double digits_after(const char *s, size_t n, const char *needle)
{
	const char *p = tr_find(s, n, needle);
	if (!p || p + strlen(needle) >= s + n || !isdigit((unsigned char)p[strlen(needle)]))
		return NAN;
	return tr_num_after(s, n, needle);
}

static bool modded(const char *s, size_t n, struct line_facts *f)
{
	if (!tr_starts_with(s, n, "step:", NULL) || !tr_find(s, n, " train_time:"))
		return false;
	double ms = digits_after(s, n, " step_avg:");
	if (!isnan(ms) && ms > 0)
		f->step_time_s = ms / 1000;
	double v = digits_after(s, n, " val_loss:");
	if (!isnan(v))
		f->val_loss = v;
	double l = digits_after(s, n, " train_loss:");
	if (!isnan(l))
		f->loss = l;
	return false; /* the step and its total are the plain reader's */
}

static bool picotron(const char *s, size_t n, struct line_facts *f)
{
	if (!tr_find(s, n, "] Step: ") || !tr_find(s, n, ", Tokens/s: "))
		return false;
	f->tokens_per_s = tr_human_after(s, n, ", Tokens/s: ");
	double per = tr_human_after(s, n, "Global batch size (with seq_len): ");
	if (per > 0) {
		f->tokens_per_step = per;
		if (f->tokens_per_s > 0)
			f->steps_per_s = f->tokens_per_s / per;
		/* "Tokens: done/budget": the budget in steps */
		const char *t = tr_find(s, n, ", Tokens: ");
		const char *sl = t ? memchr(t, '/', (size_t)(s + n - t)) : NULL;
		double budget = sl ? tr_human_after(sl, (size_t)(s + n - sl), "/") : NAN;
		if (budget > 0)
			f->total_steps = round(budget / per);
	}
	return false;
}

static bool dt_ms(const char *s, size_t n, struct line_facts *f)
{
	if (!tr_starts_with(s, n, "step ", NULL) || !tr_find(s, n, "| dt: "))
		return false;
	double ms = digits_after(s, n, "| dt: ");
	if (!isnan(ms) && ms > 0)
		f->step_time_s = ms / 1000;
	return false;
}

/* OCP: the validation's metrics line has a loss and an epoch but no step and no learning rate */
static bool ocp_val(const char *s, size_t n, struct line_facts *f)
{
	if (!tr_find(s, n, " (INFO): ") || !tr_find(s, n, "_mae: ") || !tr_find(s, n, " loss: ") ||
	    !tr_find(s, n, " epoch: ") || tr_find(s, n, " step: ") || tr_find(s, n, " lr: "))
		return false;
	f->val_loss = tr_num_after(s, n, " loss: ");
	f->loss = f->step = f->epoch = NAN;
	return true;
}

bool tr_fourteen(const char *s, size_t n, struct line_facts *f)
{
	if (tr_find(s, n, "Evaluating on ") && tr_find(s, n, " (INFO): ")) {
		f->hf_eval_banner = true; /* OCP's validation: the bars after it count its batches */
		return true;
	}
	if (ocp_val(s, n, f))
		return true;
	/* a YAML dump's "  max_epochs: 80" (indented: a section's key, not a setting echoed at the start) */
	if (n > 13 && (s[0] == ' ' || s[0] == '\t') && tr_starts_with(s, n, "max_epochs: ", NULL)) {
		double v = tr_num_after(s, n, "max_epochs: ");
		if (v >= 1 && v == floor(v))
			f->total_epochs = v;
		return true;
	}
	return modded(s, n, f) || picotron(s, n, f) || dt_ms(s, n, f);
}

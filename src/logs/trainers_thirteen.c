/* trainers_thirteen.c - session 25's report lines: the end of a Keras fit and the banners of an evaluation run:
 *   Keras:    "Epoch 7: early stopping" (EarlyStopping ended the fit: the run is over; the older
 *             "Epoch 00007: early stopping" too) and the other callbacks' "Epoch 5: ReduceLROnPlateau ..."
 *             (epochs from 1, no progress of their own); the bars after the fit (model.evaluate) are told
 *             apart in logread.c, where the epoch's bar is known to be complete
 *   lm-evaluation-harness (alone or under torchtune's eleuther_eval recipe): "Building contexts for T on rank
 *             0...", "Running loglikelihood requests", "Running generate_until requests", torchtune's
 *             "Running EleutherEvalRecipe" and "Running evaluation on the following tasks": an evaluation, whose
 *             bars count contexts and requests, never training steps (as after Hugging Face's evaluation banner)
 * Called from trainer_line (trainers.c); their words are in trainers_needles.c.
 * Learned from: keras-team/keras (callbacks/early_stopping.py), EleutherAI/lm-evaluation-harness
 * (lm_eval/evaluator.py, api/task.py), pytorch/torchtune (recipes/eleuther_eval.py). */
#include "shapes.h"
#include "trainers_util.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* the messages of Keras's callbacks after "Epoch N" (the first ends the fit) */
static const char *const keras_callbacks[] = {
	": early stopping", ": ReduceLROnPlateau reducing", ": saving model to", ": val_loss improved from",
	": val_loss did not improve", ": LearningRateScheduler setting", NULL,
};

static const char *const eval_banners[] = {
	"Running loglikelihood requests", "Running generate_until requests", "Running loglikelihood_rolling requests",
	"Running EleutherEvalRecipe", "Running evaluation on the following tasks", NULL,
};

bool tr_thirteen(const char *s, size_t n, struct line_facts *f)
{
	const char *p;
	if (tr_starts_with(s, n, "Epoch ", &p)) {
		/* Keras callbacks' messages "Epoch 5: ReduceLROnPlateau reducing ..." count epochs from 1 and
		 * say nothing of the progress (the bar's epoch line does) */
		size_t left = (size_t)(s + n - p);
		for (int i = 0; keras_callbacks[i]; i++)
			if (tr_find(p, left, keras_callbacks[i])) {
				f->epoch = f->total_epochs = f->step = f->loss = NAN;
				if (i == 0)
					f->finished = true;
				return true;
			}
	}
	if (tr_starts_with(s, n, "Restoring model weights from the end of the best epoch", &p)) {
		f->epoch = NAN; /* EarlyStopping(restore_best_weights=True): the best epoch, from 1, is no progress */
		return true;
	}
	for (int i = 0; eval_banners[i]; i++)
		if (tr_find(s, n, eval_banners[i])) {
			f->hf_eval_banner = true;
			return false; /* the line may hold the bar too: read on */
		}
	if (tr_find(s, n, "Building contexts for ") && tr_find(s, n, " on rank ")) {
		f->hf_eval_banner = true;
		return true;
	}
	return false;
}

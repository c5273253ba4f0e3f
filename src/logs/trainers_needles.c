/* trainers_needles.c - the word tables of trainer_line's first pass (trainers.c): the entry needles, one
 * of which a line must hold for any recognizer to read it, and the words on nearly every line that the
 * needle set avoids as anchors. Adding a recognizer means adding its guarding words here. */
#include "trainers_util.h"

#include <stddef.h>

/* The needles without one of which no recognizer of trainers*.c changes anything but detectron2's timestamp:
 * every find() on the whole line that guards a recognizer or a change (a needle found inside another's
 * match implies that one). Keep it in step with the recognizers: tests/unit/test_logread.c compares
 * trainer_line with trainer_line_unfiltered on every line of the fixture logs. */
const char *const tr_entry_needles[] = {
	/* megatron */
	"elapsed time per iteration (ms)", "validation loss at iteration", "validation loss at the end",
	/* fairseq, openclip */
	"| INFO |", "| train", "| valid", "'max_update'", "| saved checkpoint", "| done training in",
	/* timm */
	"Train: ", "Test: [", "Test (EMA): [", "Scheduled epochs:",
	/* mmengine */
	"Epoch(train)", "Iter(train)", "Epoch [", "max_epochs=", "max_iters=", "workflow:",
	/* detectron2 (beyond its timestamp) */
	"total_loss:",
	/* ultralytics */
	"G ", "epochs completed", "mAP50", "obj_loss", "iou_loss", " obj ", /* and "%|": bar_may_be_ultralytics */
	/* composer */
	"[batch=", "Train ", "Eval ",
	/* llamafactory */
	"\"current_steps\"",
	/* nanogpt (its "iter N: loss" lines are let through by their first word; its "train loss" lines need "val
	 * loss" too, and so do the banners' "train loss"; its config echo and overrides by "max_iters") */
	"tokens per iteration will be:", "max_iters", "total_num_steps",
	/* nanotron, torchtitan, YOLOX, MetricLogger (DeiT/MAE/torchvision), Keras, LitGPT, ms-swift, OLMo,
	 * MaxText, verl, TensorFlow (trainers_more.c) */
	"elapsed_time_per_iteration_ms", "total steps", "tps:", "iter_time:", "Epoch: [", "Start training for",
	"Epoch ", " - loss:", "| loss train:", "'global_step/max_steps'", "train/CrossEntropyLoss=", "completed step:",
	"Total training steps:", "timing_s/step:", "tensorflow:", "Num steps =",
	/* ProgressMeter, OpenNMT-py, Marian, ESPnet2, SpeechBrain, PaddleNLP, PaddleOCR/PaddleDetection, tutorials, Rich bar, nnU-Net,
	 * DeiT's NaN stop (trainers_extra.c) */
	"; xent:", " : Up. ", "epoch started", "epoch:train:", "epoch results: [train]", "The training was finished at",
	" - train loss:", "interval_steps_per_second:",
	"], Step [", "dataloader has", "batch_cost:", "| Training Device=", ", SamplesPerSec=", "] loss:", ", test_loss:", "Finished Training", "\xe2\x94\x81", ": val_loss ", "Loss is nan", "Loss is inf",
	/* GPT-NeoX's lm_loss, samples/sec; the no_trainer examples' perplexity line */
	"perplexity:",
	"lm_loss", "samples/sec:",
	/* mlx-lm, NeMo, kohya-ss, MindYOLO, Caffe, Namespace dumps, Unsloth (trainers_six.c; kohya's "epoch N/M"
	 * lines are let through by their first word) */
	"Starting training..., iters:", "Saved final weights", "Calculating loss", ": Train loss", ": Val loss",
	"reduced_train_loss", "Validation: iteration", "avr_loss=", ", Step ", ", loss = ", "max_iter:", "net output #",
	"Optimization Done", "Namespace(", "Total steps =",
	/* icefall, InternEvo, Orbit, dllogger, CLU (trainers_seven.c; dllogger's lines are let through by their
	 * first word) */
	"tot_loss[", ", validation: loss=", "'num_epochs':", "tgs (tokens/gpu/second)=", " | step:", "'training_loss':",
	"'validation_loss':", "train_loss=", "eval_loss=", "Setting work unit notes:",
	/* PySlowFast and pycls, PixArt, LoRA's NLG lines (trainers_nine.c) */
	"json_stats: {", "Step/Epoch [", "| epoch ",
	/* UER, MMF, flashy, ParlAI, Stable-Baselines3, AllenNLP (trainers_ten.c) */
	" steps|", "progress: ", " | Epoch ", " total_exs:", " | valid:", " ppl ", "|     num_epochs: ", "('n_timesteps', ", "total_timesteps",
	"time_elapsed", "|    loss ", "gradient_descent_trainer - Epoch ", "console_logger - loss ", " ||: ",
	/* Time-Series-Library, HiFi-GAN, Depth-Anything, rsl_rl (trainers_eleven.c) */
	"iters: ", "s/iter; left time: ", " | Train Loss: ", "Train Epochs:", "Steps : ", "===========> Epoch: ", ", LR: ",
	" Learning iteration ", "Iteration time: ", "Total time: ", "ETA: ",
	/* nanoT5, llm-baselines, efficientvit, "Validation loss:", Hugging Face's evaluation, nerf-pytorch (trainers_twelve.c;
	 * SwAV's prefix rides on its "Epoch: [" lines) */
	"[train] Step ", "[eval] Step ", " [train] loss=", "'iterations': ", "Train Epoch #", "Validate Epoch #",
	"Validation loss: ", "***** Running Evaluation *****", "Reloading from ",
	/* MLPerf's compliance log, Ray Train's reports and result boxes (trainers_eight.c) */
	":::MLLOG ", "Training finished iteration ", "Training completed after ", "\xe2\x94\x82 ",
	"Total running time: ", "Trial status: ", "(running for ", "Total run time: ", "Number of trials: ",
	/* validation bars, Lightning's on_step/on_epoch postfix, Ignite, minimind (trainers_six.c) */
	"Validating", "Validation", "Sanity Checking", "Testing", "Test DataLoader", "Evaluating", "Inferencing",
	"train_loss_step=",
	"train_loss_epoch=", "Iteration[", "Results - ", "Engine run starting", "Epoch:[",
	/* banners */
	"Total optimization steps =", "Num Epochs =", "'eval_loss'", "\"eval_loss\"", "Beginning of Epoch", "/micro_step=",
	"eval loss", "eval_loss", "val loss", "val_loss", "valid loss", "valid_loss", "validation loss", "validation_loss",
	"test loss", "test_loss", "eval/loss", "val/loss", "exits successfully", "Training completed",
	"`Trainer.fit` stopped", "saving the final model",
	/* Keras's early stop, lm-evaluation-harness (trainers_thirteen.c) */
	": early stopping", "Running loglikelihood", "Running generate_until", "Running EleutherEvalRecipe",
	"Running evaluation on the following tasks", "Building contexts for ", "Test loss",
	"Restoring model weights from the end of the best epoch",
	/* modded-nanogpt, picotron, build-nanogpt, OCP, YAML dumps' max_epochs (trainers_fourteen.c) */
	" train_time:", ", Tokens/s: ", "| dt: ", " (INFO): ", "max_epochs: ",
	/* Flax's "train in step:", big_vision's "[N] name = value" and "Running for N steps" (trainers_fifteen.c) */
	" in step: ", "] [", "] \033[35m[", "] Running for ",
	/* LeRobot, flair, MindSpore, lingua, MNIST, spaCy, detectron2's metrics.json, nanochat, ms-swift's logging.jsonl
	 * (trainers_sixteen.c) */
	"cfg.steps=", " smpl:", " - iter ", "DEV : loss ", "DEV  : loss ", "max_epochs: \"", " done: loss ", ", loss is ", "epoch time: ",
	" - step: ", "Test set: Average loss", "Train Epoch: ", "\"iteration\": ", "| tok/sec: ",
	"Saved pipeline to output directory", "\"global_step/max_steps\"",
	/* CleanRL, Coqui TTS, Hugging Face's Flax examples, llama-cookbook, minGPT, nerfstudio, WeNet (trainers_seventeen.c) */
	"SPS: ", "> EPOCH: ", " -- GLOBAL_STEP: ", "| > avg_loss: ", "| > loss: ", "Step... (", "Epoch... (", "Training...:", "Epoch ... ",
	" eval_epoch_loss=tensor(", "iter_dt ", " CV info cv_loss ", "%)", "Training Finished",
};
const size_t tr_entry_needles_n = sizeof(tr_entry_needles) / sizeof(tr_entry_needles[0]);

/* Words on nearly every line of a training log: a needle anchored on one of their byte pairs ("lo" of
 * "loss") would be checked in full on every line, so the set anchors its needles elsewhere when it can. */
const char *const tr_common_words[] = {" loss", "learning_rate", " lr", "step", "steps", "epoch", "iter", "time",
					   "training", "train", "logging.py", "log_dist", "grad_norm", "samples", "tokens",
					   " INFO", "Rank", "it/s", "skipped", "mom", "rate", "per", "sec", "ms", "| ", "total",
					   "complete", "loss ", "step=", ", "};
const size_t tr_common_words_n = sizeof(tr_common_words) / sizeof(tr_common_words[0]);

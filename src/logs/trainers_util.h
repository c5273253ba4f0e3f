/* trainers_util.h - shared between the trainer recognizers (trainers.c, trainers_more.c): the
 * byte-filtered search and number readers of trainers.c, and the recognizers of trainers_more.c. */
#ifndef MAPLE_LOGS_TRAINERS_UTIL_H
#define MAPLE_LOGS_TRAINERS_UTIL_H

#include "needle_find.h"
#include "shapes.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* needle in s[0, n) (NULL when absent); the number after needle (NaN when none); "N/M" after needle;
 * an eta ("1 day, 0:53:21", "23:52:40") after needle in seconds (NaN when none) */
static inline const char *tr_find(const char *s, size_t n, const char *needle)
{
	return needle_find(s, n, needle);
}
double tr_num_after(const char *s, size_t n, const char *needle);
/* p past blanks and tabs, not past e */
static inline const char *tr_skip_blank(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}
/* Whether s[0, n) starts, after blanks, with word; *rest (may be NULL) after it */
static inline bool tr_starts_with(const char *s, size_t n, const char *word, const char **rest)
{
	const char *e = s + n, *p = tr_skip_blank(s, e);
	size_t k = strlen(word);
	if ((size_t)(e - p) < k || memcmp(p, word, k))
		return false;
	if (rest)
		*rest = p + k;
	return true;
}
bool tr_pair_after(const char *s, size_t n, const char *needle, double *a, double *b);
/* the number after needle with a K/M/G/T suffix applied ("4.1K", "10.486B" as 1e9); NaN when none */
double tr_human_after(const char *s, size_t n, const char *needle);
double tr_eta_after(const char *s, size_t n, const char *needle);
/* Sets the run's position from "epoch e of te (counted from 1), step i of per within it". */
void tr_epoch_step(struct line_facts *f, double e, double te, double i, double per);

void tr_rank_tag_ts(const char *s, size_t n, struct line_facts *f);
void tr_nanotron(const char *s, size_t n, struct line_facts *f);
void tr_torchtitan(const char *s, size_t n, struct line_facts *f);
void tr_yolox(const char *s, size_t n, struct line_facts *f);
void tr_metriclogger(const char *s, size_t n, struct line_facts *f);
void tr_litgpt(const char *s, size_t n, struct line_facts *f);
void tr_swift(const char *s, size_t n, struct line_facts *f);
void tr_keras(const char *s, size_t n, struct line_facts *f);
void tr_verl(const char *s, size_t n, struct line_facts *f);
void tr_tensorflow(const char *s, size_t n, struct line_facts *f);
void tr_maxtext(const char *s, size_t n, struct line_facts *f);
void tr_olmo(const char *s, size_t n, struct line_facts *f);
/* trainers_extra.c: ProgressMeter, OpenNMT-py, Marian, ESPnet2, SpeechBrain, PaddleNLP, tutorial prints,
 * Lightning's Rich bar, nnU-Net's val_loss lines, "Loss is nan"; and fastai's table rows */
void tr_extra(const char *s, size_t n, struct line_facts *f);
bool tr_fastai_row(const char *s, size_t n, struct line_facts *f);
/* trainers_six.c: mlx-lm, NeMo, kohya-ss sd-scripts, MindYOLO-style "Epoch e/E, Step i/N", Caffe, argparse
 * Namespace dumps, Unsloth's banner */
void tr_six(const char *s, size_t n, struct line_facts *f);
/* trainers_seven.c: icefall, InternEvo, TensorFlow Model Garden's Orbit, dllogger, CLU's LoggingWriter */
void tr_seven(const char *s, size_t n, struct line_facts *f);
/* trainers_eight.c: MLPerf's :::MLLOG lines, Ray Train's report lines and result boxes */
void tr_eight(const char *s, size_t n, struct line_facts *f);
/* trainers_nine.c: PySlowFast's and pycls's json_stats records (true when the line is one) */
bool tr_json_stats(const char *s, size_t n, struct line_facts *f);
/* trainers_nine.c: PixArt's "Step/Epoch [g/e][i/N]:total_eta:" lines (true when the line is one) */
bool tr_pixart(const char *s, size_t n, struct line_facts *f);
/* trainers_nine.c: "| epoch 1 step 200 | ... | loss 3.02 | avg loss" lines (microsoft/LoRA's NLG examples) */
bool tr_pipe_epoch_step(const char *s, size_t n, struct line_facts *f);
/* DeepSpeed-Chat's --print_loss and ppl lines; a dumped config's top-level epochs: N (trainers_nine.c) */
bool tr_dschat_loss(const char *s, size_t n, struct line_facts *f);
bool tr_epochs_setting(const char *s, size_t n, struct line_facts *f);
/* trainers_ten.c: UER-py, MMF, flashy (audiocraft), ParlAI, Stable-Baselines3, AllenNLP (true when the line is one) */
bool tr_ten(const char *s, size_t n, struct line_facts *f);

/* trainers_eleven.c: Time-Series-Library, HiFi-GAN, Depth-Anything, rsl_rl (true when the line is one) */
bool tr_eleven(const char *s, size_t n, struct line_facts *f);
/* trainers_eleven.c: a "[DD/MM HH:MM:SS]" stamp at the line's end (gaussian-splatting), when it has none yet */
void tr_end_stamp_ts(const char *s, size_t n, struct line_facts *f);
/* trainers_twelve.c: nanoT5, llm-baselines, efficientvit's bars, "Validation loss:", Hugging Face's metrics table
 * and evaluation banner, nerf-pytorch's resume (true when the line is one) */
bool tr_twelve(const char *s, size_t n, struct line_facts *f);
/* trainers_thirteen.c: Keras's early stop, lm-evaluation-harness's evaluation banners */
bool tr_thirteen(const char *s, size_t n, struct line_facts *f);
/* trainers_fourteen.c: modded-nanogpt, picotron, build-nanogpt's dt, OCP's metrics, YAML dumps' max_epochs */
bool tr_fourteen(const char *s, size_t n, struct line_facts *f);
/* trainers_fifteen.c: Flax's "train in step:"/"eval in step:" lines, big_vision's "[N] name = value" */
bool tr_fifteen(const char *s, size_t n, struct line_facts *f);
/* trainers_sixteen.c: LeRobot, flair, MindSpore's monitors, lingua, pytorch/examples MNIST, spaCy's table rows,
 * detectron2's metrics.json, nanochat's tok/sec and total time (true when the line is one) */
bool tr_sixteen(const char *s, size_t n, struct line_facts *f);
/* trainers_seventeen.c: CleanRL's SPS, Coqui TTS's console, Hugging Face's Flax examples, llama-cookbook's
 * eval line, minGPT's iter_dt, nerfstudio's table and end panel, WeNet's CV loss (true when the line is one) */
bool tr_seventeen(const char *s, size_t n, struct line_facts *f);
/* trainers_fifteen.c: fairseq 0.6-0.9's "| epoch 001: ..." lines (true when the line is one) */
bool tr_fairseq_legacy(const char *s, size_t n, struct line_facts *f);
/* trainers_twelve.c: SwAV's "LEVEL - mm/dd/yy HH:MM:SS - elapsed - " prefix (the clock, elapsed time, batch time) */
void tr_level_clock_elapsed(const char *s, size_t n, struct line_facts *f);
/* trainers_needles.c: the entry needles of trainer_line's first pass and the common words it avoids as anchors */
extern const char *const tr_entry_needles[];
extern const size_t tr_entry_needles_n;
extern const char *const tr_common_words[];
extern const size_t tr_common_words_n;

#endif

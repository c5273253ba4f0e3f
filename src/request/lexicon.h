/* lexicon.h - the words the request reader knows: numbers, units, durations, model families,
 * stop words, and cluster-name matching with typo tolerance. */
#ifndef MAPLE_LEXICON_H
#define MAPLE_LEXICON_H

#include <stdbool.h>
#include <stddef.h>

#include "../util/textdist.h"

/* "two" -> 2, "sixteen" -> 16, "dozen" -> 12; 0 when not a number word. */
int number_word(const char *w);
bool is_node_unit(const char *w);
/* GPU unit words: gpus, cards, devices, accelerators, a100s, tiles, gcds ... (not bare "gpu"
 * when it is an adjective: callers test "gpu" separately). */
bool is_gpu_unit(const char *w);
/* Minutes per unit for duration words (h, hours, min, days ...); 0 when not a duration unit. */
int duration_unit(const char *w);
/* Whether w names (or starts with) a known model family: vit, resnet50, llama-2-7b, gpt2 ... */
bool model_family(const char *w);

extern const char *const english_stopwords[];
/* Verbs whose imperative opens the request's own clause after a comma ("it took 3 hours, give it double
 * that", "Instead of the 4 nodes I had on Delta, give me twice that on DeltaAI"). */
extern const char *const request_imperatives[];

/* Whether w is in the NULL-terminated list (binary search over a sorted copy made on first use;
 * the copy lives until the process exits). */
bool word_in(const char *w, const char *const *list);

#endif

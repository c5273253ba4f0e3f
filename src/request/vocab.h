/* vocab.h - the reader's vocabulary that is knowledge, loaded from data/lexicon/ YAML files (every data
 * directory, later ones adding words): unit words, GPU models, form keys, cue words, systems maple has
 * no profile for. Loaded once per process; validated on load. */
#ifndef MAPLE_VOCAB_H
#define MAPLE_VOCAB_H

#include "../util/error.h"
#include "../util/strvec.h"

#include <stdbool.h>
#include <stddef.h>

/* Fields that form keys name ("nodes:", "ppn=", "\"entry\":"). */
enum vkey {
	VK_NONE = 0,
	VK_CLUSTER,
	VK_NODES,
	VK_GPUS_PER_NODE,
	VK_TOTAL_GPUS,
	VK_WALLTIME,
	VK_ACCOUNT,
	VK_QUEUE,
	VK_SCRIPT,
	VK_SCRIPT_ARGS,
	VK_COMMAND,
	VK_FRAMEWORK,
	VK_STRATEGY,
	VK_ZERO_STAGE,
	VK_CONDA,
	VK_VENV,
	VK_MODULES,
	VK_MODEL,
	VK_JOB_NAME,
	VK_PORT,
	VK_COUNT
};

/* Word lists of the vocabulary. */
enum vlist { VL_CORRECTION, VL_SOURCE, VL_TARGET, VL_ARGS, VL_OWN_CUE, VL_OWN_OWNER, VL_NEGATION, VL_GPU_MEMORY, VL_ALLOC_PROGRAM,
	     /* data/lexicon/program.yaml: the words around the training program */
	     VL_COMMAND_LEAD, VL_COMMAND_WORD, VL_RETRACTION, VL_ARG_STOP, VL_ARG_ITEM, VL_WRITER_WORD, VL_ARGS_HANDOVER,
	     VL_ARGS_GLUE, VL_ARGS_VERB, VL_ARGS_OBJECT, VL_ARGS_FILLER, VL_RUN_VERB, VL_PROGRAM_NOUN, VL_ARG_CHANGE,
	     VL_ARG_ADD, VL_ARG_REMOVE,
	     VL_OUTPUT_TOOL, VL_QUEUE_WORD, VL_STAGE_WORD, VL_ACCOUNT_WORD, VL_PER_WORD, VL_EACH_WORD, VL_ONE_WORD, VL_NO_WORD,
	     VL_NUMBER_JOINER, VL_NAME_ENDING, VL_HALF_WORD, VL_SECOND_UNIT, VL_EACH_PREPOSITION, VL_CLOCK_BEFORE,
	     VL_CLOCK_AFTER, VL_PICK_CUE, VL_BEFORE_LABEL, VL_AFTER_LABEL, VL_NODE_DEVICE_TOOL, VL_SOURCE_SPEC_KEY, VL_CLOUD_SERVICE, VL_PROGRAM_KEY, VL_RUN_OUTPUT_KEY, VL_TECH_WORD, VL_SCHEDULER_NAME, VL_ITEM_NOUN, VL_MACHINE_COUNT_STOP, VL_RUN_RECORD_CUE, VL_BUDGET_CUE, VL_COUNT_ADJECTIVE, VL_PICK_EXCLUSION, VL_CALL_OFF, VL_QUOTED_SPEECH, VL_REPEAT_VERB, VL_ELSEWHERE, VL_COUNT };

/* The largest number data/lexicon's number_words may name. */
#define MAX_NUMBER_WORD 100

struct other_system {
	const char *name; /* lower case, may hold a space ("piz daint") */
	const char *centre, *url;
};

/* Loads the vocabulary from <dir>/lexicon/ YAML files of every directory (idempotent: the first successful
 * load is kept for the process). Returns -1 with err naming file:line for invalid data or when no
 * directory has a lexicon. */
int vocab_load(const struct strvec *dirs, struct maple_error *err);
bool vocab_loaded(void);
/* Loads and validates every lexicon file, the lazily loaded ones too (for checks and tests). */
int vocab_check_all(struct maple_error *err);

/* The field a form key names, VK_NONE when none; key is normalised here (case, ' ', '-', '/'). */
enum vkey vocab_key(const char *key);
const char *vocab_key_name(enum vkey k);
/* The normalised GPU model id a word names ("A100s" -> "a100"), or NULL. */
/* A memory size or form factor written after a GPU model ("80gb", "sxm4", "pcie"). */
bool vocab_gpu_qualifier(const char *w);
const char *vocab_gpu_model(const char *word);
/* Whether the lower-case word (or phrase of words separated by single spaces) is in the list. */
bool vocab_in(enum vlist l, const char *w);
/* The phrases of a list, for callers that match several words. */
size_t vocab_list(enum vlist l, const char *const **out);
/* The number (2 to MAX_NUMBER_WORD) a word of another language names ("dos", "zwei", "quattro",
 * "dieciséis"; number_words), or 0. */
int vocab_number_word(const char *w);
/* The number a word names that is another word too ("due", Danish "to", Hungarian "hat";
 * unit_number_words): a count only directly before a unit, which the caller checks. 0 when none. */
int vocab_unit_number_word(const char *w);
/* The GPUs one cloud instance or vendor box of the name holds ("p4d.24xlarge" 8, "dgx h100" 8; data/lexicon's
 * gpu_machines), or 0 when the name is none of them. */
int vocab_machine_gpus(const char *w);
/* The whole number before the half of a word that says "N and a half" ("anderthalb", "másfél", "dedh"
 * give 1; "dhai" gives 2; half_numbers), or 0. */
int vocab_half_number(const char *w);
/* A system maple has no profile for, by its lower-case name ("summit", "piz daint"), or NULL. */
const struct other_system *vocab_other_system(const char *name);
/* Whether word names a centre of the systems list ("CSCS", "RIKEN"), any case. */
bool vocab_centre(const char *word);

#endif

/* inspect.h - `maple inspect` as a library: walk a job's directory, read each file once (or take
 * its facts from the cache when it has not changed), and merge the facts into one result with a
 * source for every field. Nothing in the directory is run, imported or written. */
#ifndef MAPLE_INSPECT_INSPECT_H
#define MAPLE_INSPECT_INSPECT_H

#include "../util/error.h"
#include "../util/strvec.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Bumped whenever a scanner changes what it reads: cached facts of another version are re-read. */
#define INSPECT_SCANNER_VERSION 27
#define INSPECT_MAX_PY_BYTES (4u << 20)
#define INSPECT_MAX_CONFIG_BYTES (1u << 20)

struct inspect_opts {
	const char *cmd;	/* the launch command (NULL = none) */
	bool no_cache;		/* read everything, store nothing */
	const char *cache_path; /* NULL = icache_default_path() */
};

struct inspect_stats {
	size_t files;	     /* files inspected */
	size_t read;	     /* files whose content was read */
	size_t scanned;	     /* files scanned (not taken from the cache) */
	size_t removed;	     /* cached files that are gone */
	bool unchanged;	     /* the whole result came from the cache */
	bool cache_used;
	char cache_path[1024];
};

/* Inspects dir. Returns the result object (caller decrefs) or NULL with err when dir cannot be
 * walked. A cache that cannot be used is not an error: a line goes to warnings and the run goes on
 * without it. */
json_t *inspect_run(const char *dir, const struct inspect_opts *o, struct inspect_stats *st, struct strvec *warnings,
		    struct maple_error *err);
/* The inspections of dir recorded in the cache, oldest first, each with "diff": what changed in
 * the result since the one before ("field: old -> new" strings) next to "changes" (the files). */
int inspect_history(const char *dir, const char *cache_path, json_t **out, struct maple_error *err);
/* Fills the shape keys that a library config-class call of the job (model_config.config_class,
 * `LlamaConfig(hidden_size=5120, ...)`) leaves out with the class's documented defaults from
 * the YAML files in <dir>/config_classes of dirs, each sourced to the class and its URL, with a note. Returns 0
 * (also when no class or no entry applies), or -1 with err when a data file is invalid (r unchanged). */
int inspect_class_defaults(json_t *r, const struct strvec *dirs, struct maple_error *err);
/* The vocabulary a Hugging Face tokenizer class stands for (Pai-Megatron-Patch's --patch-tokenizer-type
 * Qwen2Tokenizer): the vocab_size default of the config class of its family (Qwen2Config) in
 * <dir>/config_classes; *vocab 0 when none. *source (the caller frees it) says where. -1 with err when a
 * data file is invalid. */
int inspect_tokenizer_vocab(const char *tokenizer, const struct strvec *dirs, long long *vocab, char **source,
			    struct maple_error *err);
/* "field: old -> new" lines between two results. */
json_t *inspect_diff(json_t *older, json_t *newer);

#endif

/* configs.h - readers for the configuration files a job uses (YAML, JSON and a subset of TOML),
 * flattened to dotted keys with the line each value is on, so that hyperparameters, DeepSpeed
 * configs (zero_optimization.stage, batch sizes), Accelerate configs (distributed_type) and model
 * configs (hidden_size, num_hidden_layers ...) can be read and cited as file:line.
 *
 * TOML support is a subset: [table] and [[array-of-tables]] headers, dotted keys, key = value with
 * basic and literal strings, numbers, booleans and arrays (also over several lines); inline tables,
 * multi-line strings and dates are kept as their source text. Gin: one-line bindings only. */
#ifndef MAPLE_INSPECT_CONFIGS_H
#define MAPLE_INSPECT_CONFIGS_H

#include <jansson.h>
#include <stddef.h>

enum config_format { CF_YAML, CF_JSON, CF_TOML, CF_GIN, CF_INI };

/* The format a file name implies (.yaml/.yml, .json, .toml, .gin, .ini); -1 otherwise. INI: [DEFAULT(S)] keys top-level. Gin files (t5x): `NAME =
 * value` bindings and `scope.Class:` blocks as keys, `include 'x.gin'` as a _BASE_ list, %MACRO as ${MACRO}. */
int config_format_of(const char *name);
/* Returns {"format": "...", "keys": {"a.b": [value, line], ...}} with at most 4,000 keys, plus
 * "error": "line N: ..." when the file is not valid (the keys read before the error are kept).
 * Lists of scalars are one value (a JSON array); lists of mappings get index keys (a.0.b). */
json_t *config_scan(enum config_format f, const char *data, size_t len);
/* One gin value between a and b: %MACRO as ${MACRO}, a quoted string without its quotes, other scalars
 * typed; NULL for a value that goes on over more lines. The caller owns the result. */
json_t *config_gin_value(const char *a, const char *b);

#endif

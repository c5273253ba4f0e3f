/* merge.h - turns the per-file facts (pyscan, configs, deps) and the launch command into the
 * inspection result: entry script, framework, strategy, model, hyperparameters, datasets, outputs,
 * configs, dependency pins and precision, each with the file:line it came from. Pure: no I/O. */
#ifndef MAPLE_INSPECT_MERGE_H
#define MAPLE_INSPECT_MERGE_H

#include "walk.h"

#include <jansson.h>

struct inspect_file {
	const char *rel;
	enum file_kind kind;
	json_t *facts; /* {"py": ...} | {"config": ...} | {"deps": [...]} | {"skip": "reason"} */
};

/* files sorted by rel. cmd may be NULL. Returns a new object (see doc/maple.1, `maple inspect`). */
json_t *inspect_merge(const struct inspect_file *files, size_t n, const char *cmd);

#endif

/* deps.h - dependency pins from requirements*.txt, environment*.yml (conda and its pip section)
 * and pyproject.toml ([project] dependencies, [tool.poetry.dependencies]). */
#ifndef MAPLE_INSPECT_DEPS_H
#define MAPLE_INSPECT_DEPS_H

#include "walk.h"

#include <jansson.h>
#include <stddef.h>

/* Returns [[name, spec, line], ...] (spec "" when unpinned; names lower case, '_' as '-'). */
json_t *deps_scan(enum file_kind kind, const char *data, size_t len);

#endif

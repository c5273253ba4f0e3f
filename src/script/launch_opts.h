/* launch_opts.h - the launchers' option tables and the reader of a stage's options (launch_opts.c);
 * internal to src/script (launch.c follows the chain of programs with them). */
#ifndef MAPLE_SCRIPT_LAUNCH_OPTS_H
#define MAPLE_SCRIPT_LAUNCH_OPTS_H

#include "jobscript.h"

#include <stdbool.h>
#include <stddef.h>

struct lspec; /* one option of a launcher: its spellings, its name, how many values it takes */

/* The option table of a launcher kind (mpiexec and mpirun share one, torchrun and
 * torch.distributed.launch too); NULL for a kind without options (a shell, a wrapper, a program). */
const struct lspec *launch_spec(enum stage_kind k);
/* Reads options into s from word i by spec; returns the index of the first word that is not an
 * option. short_attached: -N2 style values for single-dash one-letter options. */
size_t launch_read_opts(struct stage *s, const struct shwords *ws, size_t i, const struct lspec *spec,
			bool short_attached);
/* Options of python and of container runtimes (apptainer, singularity, shifter, podman-hpc) that take
 * the next word as their value. */
bool python_value_opt(const char *w);
bool container_value_opt(const char *w);
/* Options of `uv run`, `pixi run`, `poetry run` that take the next word as their value (--with PKG). */
bool envrun_value_opt(const char *w);

#endif

/* lookup.h - questions the checks ask about the script's variables: where a name is set and
 * exported, which variables the scheduler or launcher sets, which come from the environment. */
#ifndef MAPLE_VERIFY_LOOKUP_H
#define MAPLE_VERIFY_LOOKUP_H

#include "../script/jobscript.h"

#include <stdbool.h>
#include <stddef.h>

/* The first variable a value refers to ($NAME, ${NAME}), copied into buf; false when none. */
bool var_ref(const char *v, char *buf, size_t cap);
/* Whether the scheduler or the parallel launcher sets the variable for the job (SLURM_*, PBS_*,
 * PMI_*, PALS_*, OMPI_*, HOME, TMPDIR ...). */
bool scheduler_sets(const char *name);
/* scheduler_sets, or something else a job's environment has without the script setting it: the
 * launchers' and MPI libraries' variables, module systems, conda, the shell. Not a centre's own login
 * variables ($PSCRATCH): ask script_hints_site_var (data/scripts/siteenv.yaml) for those. */
bool env_provides(const char *name);
/* The last depth-0 assignment of name with a value anywhere in the script (also after its use). */
const struct assign *any_assign(const struct jobscript *js, const char *name);
/* Whether name is assigned anywhere in the script, at any depth, or bound by for/read/getopts/local. */
bool set_anywhere(const struct jobscript *js, const char *name);
/* Whether name is exported at depth 0 before command cmd (export, declare -x, set -a). */
/* Whether $name in per-task command cmd (inside bash -c STRING) is expanded by the batch shell before the
 * tasks start: it stands outside the single quotes of STRING ('...'$name'...', or a double-quoted STRING),
 * so the task gets its value without an export; or in the body of an unquoted heredoc that writes the
 * file the tasks run (cat > run.sh <<EOF ... $name ... EOF), which the batch shell expands as it writes. */
bool batch_expands(const struct jobscript *js, int cmd, const char *name);
bool exported_before(const struct jobscript *js, const char *name, int cmd);

/* Whether the job runs NVIDIA MPS (several ranks share a GPU on purpose). */
bool uses_mps(const struct jobscript *js);
/* Whether a stage's words take options from "$@", "$*" or an array expansion: its options are then
 * not all visible in the script. */
bool stage_forwards_args(const struct jobscript *js, const struct stage *s);
/* Whether the node-count directive (--nodes, select=, -nnodes) is there but its value cannot be read
 * (directive-value says why): the job's node count is then unknown, not 1. */
bool nodes_unreadable(const struct jobscript *js);
/* nodes_unreadable, or a header with no node count of its own that leaves it to the submit command
 * (js_submit_nodes: a comment showing `sbatch -N 4`, a launch reading $SLURM_NNODES): unknown, not 1. */
bool nodes_unknown(const struct jobscript *js);
/* Whether the submit command a comment of the script shows gives option opt (js_submit_gives); a launch
 * that reads the allocation's node count gives "nodes" (and "nnodes", "select") the same way. */
bool submit_gives(const struct jobscript *js, const char *opt);
/* The directive setting opt whose value cannot be read (its problem set), or NULL. */
const struct directive *directive_unreadable(const struct jobscript *js, const char *opt);

#endif

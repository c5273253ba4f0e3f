/* patchop.h - the patch operations of data/kb/SCHEMA.md (set_env, set_launcher_option, ...): their
 * names and fields, and the checks every operation passes before maple will apply it. Shared by the
 * knowledge-base loader and the LLM answer reader, so both accept exactly the same operations. */
#ifndef MAPLE_PATCHOP_H
#define MAPLE_PATCHOP_H

#include "../util/arena.h"
#include "../util/error.h"
#include "../util/strbuf.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

enum patch_kind {
	PK_SET_ENV,
	PK_UNSET_ENV,
	PK_SET_LAUNCHER_OPTION,
	PK_REMOVE_LAUNCHER_OPTION,
	PK_ADD_MODULE,
	PK_SWAP_MODULE,
	PK_REMOVE_MODULE,
	PK_SET_DIRECTIVE,
	PK_SET_PROGRAM_ARG,
	PK_REMOVE_PROGRAM_ARG,
	PK_SET_BACKEND,
	PK_SET_MASTER_PORT,
	PK_SET_MASTER_ADDR,
	PK_SET_NODE_RANK,
	PK_CHANGE_DIR,
	PK_MAKE_DIR,
	PK_EXPAND_DIRECTIVE_VARS,
	PK_COUNT
};

enum patch_field { PF_NAME, PF_LAUNCHER, PF_OPTION, PF_VALUE, PF_FROM, PF_TO, PF_PATH, PF_COUNT };

/* One operation. Field strings are not owned (a KB arena, an LLM answer's arena, or the caller). */
struct patch_op {
	enum patch_kind kind;
	const char *f[PF_COUNT]; /* NULL = absent */
	int line;		 /* line of the operation in its KB file (0 = not from a file) */
};

const char *patch_kind_name(enum patch_kind k);
/* -1 when name is not an operation. */
int patch_kind_from_name(const char *name);
const char *patch_field_name(enum patch_field f);
int patch_field_from_name(const char *name);
/* Whether the operation takes the field, and whether it must have it. */
bool patch_field_allowed(enum patch_kind k, enum patch_field f);
bool patch_field_required(enum patch_kind k, enum patch_field f);

/* The launchers an operation may name (srun mpiexec mpirun ibrun torchrun deepspeed accelerate
 * python), NULL-terminated. */
extern const char *const patch_launchers[];
/* The process-group backends set_backend accepts, NULL-terminated. */
extern const char *const patch_backends[];

/* Checks one operation: required fields present, no field it does not take, and each value well
 * formed (variable and module names, launcher names, option spellings, backends, ports, known
 * placeholders, no newline). Returns 0, or -1 with err naming the field and what would be valid. */
int patch_op_check(const struct patch_op *op, struct maple_error *err);

/* Checks the placeholders in a value: {gpus_per_node} {nodes} {world_size} {cluster}
 * {profile_env:NAME|DEFAULT}. Returns 0 or -1 with err. */
int patch_check_placeholders(const char *value, struct maple_error *err);

/* Reads one operation from a JSON object ({"op": "set_env", "name": ..., "value": ...}), strings
 * copied into a; then checks it. Returns 0 or -1 with err. */
int patch_op_from_json(const json_t *obj, struct arena *a, struct patch_op *op, struct maple_error *err);
/* The operation as a JSON object (new reference). */
json_t *patch_op_to_json(const struct patch_op *op);

/* A description of every operation and its fields, one per line (for the LLM's system prompt). */
void patch_ops_describe(struct strbuf *out);

#endif

/* patch.h - applying patch operations (patchop.h) to a job script's text. Positions come from the
 * job-script reader (lines, launch stages, option words); every inserted value is shell-quoted for
 * the place it goes (the batch shell, or inside a launcher's bash -c '...'); placeholders are
 * resolved from the script and the cluster profile. A patch is applied whole or not at all. */
#ifndef MAPLE_PATCH_H
#define MAPLE_PATCH_H

#include "../repo/repo.h"
#include "../util/arena.h"
#include "../util/error.h"
#include "patchop.h"

#include <stdbool.h>
#include <stddef.h>

struct patch_result {
	bool applicable;
	char *reason;		/* why not (NULL when applicable) */
	char *text;		/* the patched script (NULL when not applicable) */
	size_t len;
	struct patch_op *ops;	/* the operations with placeholders resolved (strings in arena) */
	size_t nops;
	struct arena arena;
};

void patch_result_init(struct patch_result *r);
void patch_result_release(struct patch_result *r);

/* Applies ops in order to text[0..len) for cluster c (may be NULL: {profile_env:...} then takes its
 * default and {cluster} cannot be resolved). res is initialised here. Returns 0 with
 * res->applicable = false and a reason when an operation cannot be applied (placeholder unresolved,
 * launcher stage absent, option set through a variable, ...) or when the patch changes nothing;
 * returns -1 with err only when text cannot be read as a script. */
int patch_apply(const struct patch_op *ops, size_t n, const char *text, size_t len, const struct cluster *c,
		struct patch_result *res, struct maple_error *err);

/* Resolves the placeholders of value ({gpus_per_node} {nodes} {world_size} {cluster}
 * {profile_env:NAME|DEFAULT}) for a script and cluster; 0, or -1 with err naming the placeholder. */
struct jobscript;
int patch_resolve(const char *value, const struct jobscript *js, const struct cluster *c, struct strbuf *out,
		  struct maple_error *err);

/* ---- diff.c ---- */
/* A unified diff of a -> b by lines ("--- a/NAME", "+++ b/NAME", @@ hunks with `context` lines
 * around each change), appended to out; nothing when the texts are equal. */
void unified_diff(const char *a, size_t alen, const char *b, size_t blen, const char *name, int context,
		  struct strbuf *out);

#endif

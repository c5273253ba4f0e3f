/* store.h - the local store of verified fixes (SQLite, ~/.local/share/maple/fixes.db): which patch
 * made a failing script pass on which cluster, so the repair loop applies the fix that worked first
 * the next time the same failure shows up there; and the scripts that passed, for `templates add`. */
#ifndef MAPLE_STORE_H
#define MAPLE_STORE_H

#include "../util/error.h"
#include "../util/strbuf.h"

#include <stdbool.h>

struct fix_store;

/* Opens (creating) the store in maple's state directory (maple_state_dir, fsutil.h), or path when not
 * NULL. */
struct fix_store *store_open(const char *path, struct maple_error *err);
void store_close(struct fix_store *s);

/* The patch (a JSON array of operations) that last made this failure pass on this cluster, or NULL
 * (caller frees). cluster may be NULL ("any"). */
char *store_find_fix(struct fix_store *s, const char *cluster, const char *signature, const char *fingerprint);
/* Records a verified fix (one transaction; concurrent writers wait up to 5 s). */
int store_add_fix(struct fix_store *s, const char *cluster, const char *signature, const char *fingerprint,
		  const char *patch_json, struct maple_error *err);
/* Whether exactly this script text passed a verification run (on cluster, or any when NULL). */
bool store_is_verified(struct fix_store *s, const char *cluster, const char *text);
/* Records a script that passed its verification run. */
int store_add_verified_script(struct fix_store *s, const char *cluster, const char *text, struct maple_error *err);

#endif

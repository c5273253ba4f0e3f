/* shscan_int.h - what shscan.c and shloop.c share: the follower's state (variables and positional
 * parameters) and its expansion of a word list (private to the wrapper-script reader). */
#ifndef MAPLE_INSPECT_SHSCAN_INT_H
#define MAPLE_INSPECT_SHSCAN_INT_H

#include "../util/strbuf.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

struct shstate {
	json_t *vars; /* name -> string */
	json_t *pos;  /* positional parameters */
};

/* s with $NAME, ${NAME:-x}, $1, "$@", $((...)) ... substituted (shell-quoted where needed) */
void sh_expand(const char *s, const struct shstate *st, struct strbuf *out);
/* whether [s, end) is a shell variable name */
bool sh_is_name(const char *s, const char *end);
/* shloop.c: an option loop (while ...; case $1 in ... esac; shift; done) at line i, run over the
 * positional parameters; the index of its `done` line, 0 when the lines at i are not one */
size_t sh_case_loop(json_t *lines, size_t i, struct shstate *st);

#endif

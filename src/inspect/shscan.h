/* shscan.h - shell wrapper scripts (run_train.sh, distributed_train.sh, examples/pretrain_gpt.sh):
 * their logical lines (continuations and multi-line quotes joined), and a small interpreter that
 * follows a script to the line that launches Python, with the caller's arguments and environment
 * substituted ($1, "$@", ${@:2}, shift, NAME=value, ${NAME:-default}, $((a*b))). Nothing is run. */
#ifndef MAPLE_INSPECT_SHSCAN_H
#define MAPLE_INSPECT_SHSCAN_H

#include <jansson.h>
#include <stddef.h>

/* [[line, "logical line"(, [[offset, line], ...])], ...] without comments and blank lines (at most
 * 2,000 lines); the third element, when a line was continued, gives the physical line each
 * continuation starts at (its offset in the logical line); false for a here-document joined into
 * one assignment, whose lines are not kept apart. */
json_t *shscan(const char *data, size_t len);
/* The physical line of the byte at off of one [line, text, segs] element. */
long long sh_line_at(json_t *pair, size_t off);

/* Follows the logical lines of a script run with argv (strings) and env ({NAME: value}): returns
 * the launch command with everything substituted (caller frees) and its line in *line, or NULL
 * when no line runs python, torchrun, deepspeed, accelerate or a .py script. */
char *sh_follow(json_t *lines, json_t *argv, json_t *env, long long *line);

#endif

/* checks.h - what the check files share: the context of one verification and how to report. */
#ifndef MAPLE_VERIFY_CHECKS_H
#define MAPLE_VERIFY_CHECKS_H

#include "verify.h"

struct vctx {
	const struct jobscript *js;
	const struct launch_plan *p;
	const struct cluster *c; /* NULL = unknown */
	const struct repo *repo;
	struct verify_result *res;
	const struct queue *queue; /* the queue the header selects (or the default), NULL = unknown */
};

void report(struct vctx *x, const char *id, enum severity sev, int line, int col, int span, const char *fix,
	    const char *fmt, ...) __attribute__((format(printf, 8, 9)));
/* The line and column of word i of command cmd. */
void word_pos(const struct vctx *x, int cmd, int word, int *line, int *col, int *span);

void check_header(struct vctx *x);
void check_launch(struct vctx *x);
void check_env(struct vctx *x);
void check_shell(struct vctx *x, const struct verify_opts *o, const char *text, size_t len);

#endif

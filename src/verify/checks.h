/* checks.h - the check files' entry points, called in order by the driver (verify.c). Each check
 * file needs only findings.h (and lookup.h); see findings.h for how to add a check. */
#ifndef MAPLE_VERIFY_CHECKS_H
#define MAPLE_VERIFY_CHECKS_H

#include "findings.h"

void check_shell(struct vctx *x, const struct verify_opts *o, const char *text, size_t len);
void check_header(struct vctx *x);
void check_submit(struct vctx *x);
void check_launch(struct vctx *x);
void check_env(struct vctx *x);
void check_vars(struct vctx *x);
void check_rdzv(struct vctx *x);
void check_devices(struct vctx *x);
void check_program(struct vctx *x);
void check_container(struct vctx *x);
void check_modules(struct vctx *x);
void check_written(struct vctx *x);
void check_array(struct vctx *x);
void check_filesystems(struct vctx *x);

#endif

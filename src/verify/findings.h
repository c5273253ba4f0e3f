/* findings.h - what every check file builds on: the context of one verification, how a finding is
 * reported (one per id and line), where a word of the script stands, and how a fix is written in
 * the syntax of the cluster's own scheduler. It sits beneath the driver (verify.c) and the check
 * files (checks_*.c); it calls neither, so a check file is a leaf that needs only this header.
 *
 * Adding a check: copy a small checks_*.c, give it one `void check_NAME(struct vctx *x)`, declare it in
 * checks.h, call it from verify_script() in verify.c, add its ids to verify_check_ids[] and a mutation
 * case to tests/cli/mutations.sh at the line the finding names. */
#ifndef MAPLE_VERIFY_FINDINGS_H
#define MAPLE_VERIFY_FINDINGS_H

#include "verify.h"

struct strbuf;

struct vctx {
	const struct jobscript *js;
	const struct launch_plan *p;
	const struct cluster *c; /* NULL = unknown */
	const struct repo *repo;
	struct verify_result *res;
	const struct queue *queue; /* the queue the header selects (or the default), NULL = unknown */
};

/* Adds a finding (the message from fmt) and returns it; a second finding with the same id on the same
 * line is dropped (NULL). fix: what to do, in the cluster's own syntax (NULL = none). */
struct finding *report(struct vctx *x, const char *id, enum severity sev, int line, int col, int span,
		       const char *fix, const char *fmt, ...) __attribute__((format(printf, 8, 9)));

/* The line, 1-based column and width of word `word` of command cmd (the command's line when word is
 * out of range). */
void word_pos(const struct vctx *x, int cmd, int word, int *line, int *col, int *span);
/* The position of launcher option o of stage s (option and value underlined), or of the stage's first
 * word when o is NULL. */
void opt_pos(const struct vctx *x, const struct stage *s, const struct lopt *o, int *line, int *col, int *span);

/* The scheduler a fix must be written for: the script's when it has directives, else the cluster's
 * (JS_NONE when neither is known). */
enum sched_kind fix_sched(const struct vctx *x);
/* "#SBATCH", "#PBS", "#BSUB" (or "#" for none). */
const char *directive_word(enum sched_kind k);
/* Appends the directive that sets option opt (Slurm long name; "account", "queue", "job-name",
 * "walltime", "nodes" ...) to value on scheduler k, e.g. `#SBATCH --time=VALUE`, `#PBS -l walltime=VALUE`. */
void directive_text(enum sched_kind k, const char *opt, const char *value, struct strbuf *out);
/* The first header directive's line (1 when there is none). */
int first_directive_line(const struct jobscript *js);

/* The name a finding uses for a launcher stage ("srun", "torchrun", "torch.distributed.launch" ...). */
const char *launcher_name(const struct stage *s);

#endif

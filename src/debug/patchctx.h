/* patchctx.h - what the files of the patch engine share (private to src/debug/patch*.c): the script
 * being patched (its text, the job-script reader's view of it, the launch plan, the pending edits)
 * and the helpers each operation is built from. patchtext.c edits the text at the reader's
 * positions, patchenv.c and patchjob.c implement the operations of data/kb/SCHEMA.md, patch.c
 * resolves placeholders and applies a whole patch. */
#ifndef MAPLE_PATCHCTX_H
#define MAPLE_PATCHCTX_H

#include "patch.h"

#include "../script/jobscript.h"
#include "../script/plan.h"
#include "../util/strbuf.h"

#include <stdbool.h>
#include <stddef.h>

struct edit {
	size_t start, end; /* replace text[start, end) */
	char *text;
	size_t seq;
};

struct ctx {
	const char *text;
	size_t len;
	struct jobscript js;
	struct launch_plan plan;
	const struct cluster *c;
	size_t *line_off; /* offsets of the line starts; line_off[nlines] = len */
	size_t nlines;
	struct edit *edits;
	size_t nedits;
	struct strbuf why; /* set when an operation cannot be applied */
};

/* An option found among a command's words: the option word, the word holding its value (-1: none),
 * and whether the value is attached (--opt=value). */
struct optpos {
	int word, value_word;
	bool attached; /* --opt=value */
};

/* ---- patchtext.c: positions, the edit queue, shell quoting, statements ---- */

/* Records why the current operation cannot be applied (the first reason wins); returns false. */
bool pt_cannot(struct ctx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void pt_index_lines(struct ctx *x);
size_t pt_line_start(const struct ctx *x, int line);
size_t pt_line_next(const struct ctx *x, int line);
bool pt_word_span(const struct ctx *x, int ci, size_t wi, size_t *start, size_t *end);
void pt_add_edit(struct ctx *x, size_t start, size_t end, const char *text);
bool pt_apply_edits(struct ctx *x, struct strbuf *out);
void pt_reparse(struct ctx *x);
void pt_indent_of(const struct ctx *x, int line, struct strbuf *out);
void pt_quote_value(const char *v, struct strbuf *out);
char pt_shell_quote_of(const struct ctx *x, int ci);
const struct launch *pt_main_launch(const struct ctx *x);
int pt_statement_line(const struct ctx *x, int ci);
bool pt_insert_before_launch(struct ctx *x, const char *shell);
bool pt_remove_command(struct ctx *x, int ci);
bool pt_remove_word(struct ctx *x, int ci, size_t wi);
bool pt_replace_word(struct ctx *x, int ci, size_t wi, const char *shell);
bool pt_insert_at_word(struct ctx *x, int ci, size_t wi, const char *shell);

/* ---- patchenv.c: variables, launcher options, modules ---- */

bool pt_set_var(struct ctx *x, const char *name, const char *shell, const char *literal);
bool pt_op_set_env(struct ctx *x, const char *name, const char *value);
bool pt_op_unset_env(struct ctx *x, const char *name);
bool pt_find_in_words(const struct jcmd *c, size_t from, size_t to, const char *option, bool values,
		      struct optpos *o);
bool pt_set_option_words(struct ctx *x, int ci, const struct optpos *found, const char *option,
			 const char *value, bool use_equals, size_t at);
bool pt_add_stage_option(struct ctx *x, const struct stage *s, const char *shell);
bool pt_op_set_launcher_option(struct ctx *x, const char *launcher, const char *option, const char *value);
bool pt_remove_option(struct ctx *x, int ci, const struct optpos *o);
bool pt_op_remove_launcher_option(struct ctx *x, const char *launcher, const char *option);
bool pt_op_add_module(struct ctx *x, const char *name);
bool pt_op_swap_module(struct ctx *x, const char *from, const char *to);
bool pt_op_remove_module(struct ctx *x, const char *name);

/* ---- patchjob.c: directives, program arguments, rendezvous, directories ---- */

bool pt_op_set_directive(struct ctx *x, const char *option, const char *value);
bool pt_op_set_program_arg(struct ctx *x, const char *option, const char *value);
bool pt_op_remove_program_arg(struct ctx *x, const char *option);
bool pt_op_set_backend(struct ctx *x, const char *value);
bool pt_op_set_master_port(struct ctx *x, const char *value);
bool pt_op_set_master_addr(struct ctx *x);
bool pt_op_set_node_rank(struct ctx *x);
bool pt_op_dir(struct ctx *x, const char *path, bool cd);
bool pt_op_expand_directive_vars(struct ctx *x);

#endif

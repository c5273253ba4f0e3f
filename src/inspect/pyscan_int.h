/* pyscan_int.h - what pyscan.c and pyscan_assign.c share: the scanner's state and the
 * module-level assignment patterns (private to the Python scanner). */
#ifndef MAPLE_PYSCAN_INT_H
#define MAPLE_PYSCAN_INT_H

#include "pyscan.h"
#include "pytok.h"

#include <stdbool.h>
#include <stddef.h>

struct scan {
	const struct toks *ts;
	json_t *imports, *aliases, *calls, *fields, *assigns;
	size_t ncalls;
	json_t *outer; /* the module's assigns while a function's settings are gathered in assigns */
	bool env_only; /* a class body: only settings read from the environment are kept */
	/* the branch being read: `if ARGS.dest == 'v':` / `elif ...` (when_val) or the `else:` after them
	 * (when_not: the values of the branches before); when_dest[0] == 0 outside such a chain */
	char when_dest[64], when_val[128];
	json_t *when_not;
	int when_indent;
	bool when_partial; /* the chain began with a condition not read (an elif after `if X in [...]`): its
			    * else: is not tagged */
};

/* An ml_collections config-building function being read (def get_config / get_default_configs): the
 * ConfigDict's name, the locals that stand for a section of it (training = config.training), and the
 * functions whose ConfigDict it starts from (config = get_default_configs()) */
struct gc_state {
	char root[64];
	char alias[16][64], path[16][128];
	int nalias;
};
/* One statement at token i of such a function (pyscan_assign.c): ConfigDict roots and section
 * aliases remembered, settings kept in assigns under their path, base functions appended to *bases;
 * false when the statement is none of these (the other patterns of a function body may read it) */
bool pyscan_gc_line(struct scan *sc, size_t i, struct gc_state *g, json_t **bases);

/* one assign {name, value, line} */
void pyscan_add_assign(struct scan *sc, const char *name, json_t *v, int line);
/* the literal value of a module-level NAME assigned earlier (or a module constant seen from a
 * config-building function); NULL when none */
json_t *pyscan_earlier_literal(const struct scan *sc, const char *name);
/* dict(k=v, ...) or {'k': v} between tokens open and close: one assign per leaf, PREFIX.k.k2 */
void pyscan_flatten_dict(struct scan *sc, const char *prefix, size_t open, size_t close, int depth);
/* NAME = ... at module level (or in a config-building function) at token i */
void pyscan_assign(struct scan *sc, size_t i);
/* Inside a function: NAME(, NAME)* = environment reads with literal defaults (getenv("BS", 512)): kept
 * as settings with their variable; true when the statement was one (pyscan_assign.c) */
bool pyscan_env_assign(struct scan *sc, size_t i);
/* Inside a function: CFG.A.B = ARGS.dest (an option copied into a config object), or CFG.A.B =
 * LITERAL as the first statement under `if ARGS.dest:` / `if check('dest'):` (if_dest); appended to
 * *maps as {key, dest, [value], line}. True when the statement was one of these. */
bool pyscan_argmap(const struct toks *ts, size_t i, const char *if_dest, json_t **maps);
/* `if ARGS.dest:` or `if check('dest'):` at token i: dest copied into buf (false otherwise) */
bool pyscan_if_dest(const struct toks *ts, size_t i, char *buf, size_t size);
/* precision_words (how many names and strings speak of a precision) and backward (the file calls
 * X.backward()) into out (pyscan_words.c) */
void pyscan_words(const struct toks *ts, json_t *out);

/* A launch command the program builds and runs itself (pyscan_launch.c): out.built_cmd = {line, kind
 * list|string, template (a list's words joined by \x1f; {dotted} placeholders, {*NAME} a list spliced in),
 * known_args (the file calls parse_known_args), locals {NAME: dotted}}; nothing when none is run */
void pyscan_launch(const struct toks *ts, json_t *out);
/* docopt(__doc__): the module docstring's options and usage positionals appended to calls as add_argument
 * calls (pyscan_docopt.c) */
void pyscan_docopt(const struct toks *ts, json_t *calls);
/* settings computed from the parsed options inside functions (args.lr = args.blr * bs / 256): out.arg_arith
 * [{target, expr, line, guard}] and out.fn_locals {NAME: expr} (pyscan_argarith.c) */
void pyscan_arg_arith(const struct toks *ts, json_t *out);

/* The top-level arguments of the call or signature whose ')' is at end, one per call: the next
 * argument's tokens [*a, *b) (empty ones skipped), from *pos (the token after the '(' at first);
 * false after the last (pyscan.c). */
bool pyscan_next_arg(const struct toks *ts, size_t end, size_t *pos, size_t *a, size_t *b);
/* The parameters of a typer command whose signature's '(' is at open (pyscan_typer.c):
 * [{name, positional, flag, default, bool, line}] */
json_t *pyscan_typer_params(const struct toks *ts, size_t open);

/* The keyword defaults of the signature whose '(' is at index i: [{name, value, line}] (literal defaults only);
 * NULL when none (pyscan.c) */
json_t *pyscan_signature_defaults(const struct toks *ts, size_t i);
/* gin's configurables of a file: {NAME: [{name, value, line}]} of their keyword defaults; NULL when none
 * (pyscan_gin.c) */
json_t *pyscan_gin_sigs(const struct toks *ts);

/* The dotted name NAME(.NAME)* at token i into out; the index after it (pyscan.c). */
size_t pyscan_dotted(const struct toks *ts, size_t i, struct strbuf *out);
/* pyscan_recipes.c: a setup.py console-script string [name, "module:function", line] appended to out */
void pyscan_scan_entry_point(const struct tok *t, json_t *out);
/* NAME = builder(...) inside a function fn: the builder joined to fn through the local (*builders) */
void pyscan_join_builder(json_t **builders, const char *fn, const struct tok *var, const struct tok *builder);
/* a NeMo 2 recipe statement at token i (recipe = llm.x.pretrain_recipe(...), recipe.a.b = v) into *recipes */
bool pyscan_recipe_stmt(const struct toks *ts, size_t i, json_t **recipes);
/* fairseq's @register_model_architecture presets: the entry of function fn in *archs (created) */
json_t *pyscan_arch_of(json_t **archs, const char *fn);
/* args.x = safe_getattr(args, "x", v) and calls of other presets in preset fn at token i */
bool pyscan_arch_stmt(const struct toks *ts, size_t i, const char *fn, json_t **archs);

/* Sacred: `lr = 0.1` at token i, in the body of the @ex.config function ("" for it) or @ex.named_config fn, is
 * the setting lr: kept in (*sacred)[fn] as {name, value, line} (https://sacred.readthedocs.io) (pyscan_assign.c) */
void pyscan_sacred_assign(const struct toks *ts, size_t i, const char *fn, json_t **sacred);

#endif

/* recipes.h - Makefile and justfile targets turned into the shell script they run, line for line with
 * the file, so that the wrapper follower (shscan.h) reads them as it reads run scripts and every value
 * keeps the line that wrote it. Nothing is run. */
#ifndef MAPLE_INSPECT_RECIPES_H
#define MAPLE_INSPECT_RECIPES_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

enum recipe_kind { RK_MAKE, RK_JUST };

/* RK_MAKE for Makefile, makefile, GNUmakefile and NAME.mk; RK_JUST for justfile, Justfile and .justfile;
 * -1 otherwise. name is a file's base name. */
int recipe_kind_of(const char *name);

/* The shell text target runs (NULL target: the file's default one: make's first target, just's first
 * recipe), with as many lines as text so each keeps its number; lines that are neither an assignment
 * nor the target's recipe are blank. make: NAME = v, := and ::= as NAME="v", ?= as NAME="${NAME:-v}", += appends,
 * $(NAME) and ${NAME} as ${NAME}, $$ as $, $@ as the target; the recipe's lines without their tab and
 * their @ - + prefixes (a target with no recipe runs its first prerequisite's). just: NAME := "v" (also
 * env_var_or_default / env / env_var calls and other variables), {{NAME}} as ${NAME}; the recipe's
 * parameters bound on the header's line to the positional words ($1, $2 ... with their defaults), a
 * variadic *NAME / +NAME as ${@:N}. Variables in overrides (the command's NAME=value words; an object,
 * may be NULL) are not assigned by the file: the caller passes them as the environment. Returns a
 * malloc'd string, or NULL when the target is not in the file (*why, malloc'd, says so; may be NULL). */
char *recipe_script(enum recipe_kind kind, const char *text, size_t len, const char *target, json_t *overrides,
		    char **why);

#endif

/* walk.h - a bounded walk of a job's working directory: the files worth inspecting (Python,
 * configs, dependency lists), with a note for everything skipped (unreadable, too deep, too many,
 * symlink loops) instead of an error. Nothing is read here but directory entries and stat data. */
#ifndef MAPLE_INSPECT_WALK_H
#define MAPLE_INSPECT_WALK_H

#include "../util/error.h"
#include "../util/strvec.h"

#include <stddef.h>
#include <stdint.h>

/* FK_TEXT: files kept as their text, read by what the command runs (MLflow's MLproject, a .env file, absl
 * flag files, a Snakefile, argument files the command names) */
enum file_kind { FK_PYTHON, FK_CONFIG, FK_REQUIREMENTS, FK_ENVIRONMENT, FK_PYPROJECT, FK_SHELL, FK_SETUPCFG, FK_RECIPES,
		 FK_TEXT };

struct walk_file {
	char *rel; /* path relative to the root, '/'-separated */
	enum file_kind kind;
	int64_t size, mtime_ns;
	uint64_t ino;
};

struct walk_limits {
	size_t max_files; /* files kept; the rest are noted once (default 50,000) */
	int max_depth;	  /* directory levels below the root (default 32) */
};

struct walk_result {
	struct walk_file *files; /* sorted by rel */
	size_t n, alloc;
	struct strvec skipped; /* "PATH\tREASON" */
};

void walk_result_init(struct walk_result *w);
void walk_result_release(struct walk_result *w);
/* Walks root. Fails only when root itself cannot be opened as a directory. Directories of tools
 * and environments (.git and other hidden ones, __pycache__, node_modules, venv, .venv,
 * site-packages, wandb) are not entered. */
int walk_dir(const char *root, const struct walk_limits *lim, struct walk_result *out, struct maple_error *err);
/* Which kind of file a name is, or -1 when it is not inspected. */
int file_kind_of(const char *name);
/* Adds rel (under root) as an FK_TEXT file when it is a regular file the walk did not keep: a file the
 * command names (`@args.txt`, `--flagfile=x.cfg`) whatever its name. Keeps the files sorted; 0 when added. */
int walk_add_named(const char *root, const char *rel, struct walk_result *out);
void walk_skip(struct walk_result *w, const char *rel, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif

/* hints.h - what job scripts carry that says where and how they run, as data: the programs put in
 * front of the training program (data/scripts/wrappers.yaml), the fingerprints of a cluster
 * (data/scripts/fingerprints.yaml) and the variables a centre's login environment sets
 * (data/scripts/siteenv.yaml), each entry with its source URL, validated on load. */
#ifndef MAPLE_HINTS_H
#define MAPLE_HINTS_H

#include "launchvars.h"
#include "../repo/repo.h"
#include "../util/arena.h"
#include "../util/error.h"
#include "../util/strvec.h"

#include <stdbool.h>
#include <stddef.h>

/* WK_CONSOLE is no wrapper: a Python package's own command that is the program itself (litgpt pretrain,
 * axolotl train), named in the same file so that the launch line's first words are looked up once. */
enum wrapper_kind { WK_PROFILER, WK_AFFINITY, WK_CONTAINER, WK_ENVIRONMENT, WK_LAUNCHER, WK_CONSOLE };

/* A program that runs the next one (nsys, numactl, set_affinity_gpu_polaris.sh). */
struct wrapper_hint {
	const char *name;	      /* as the command's base name */
	enum wrapper_kind kind;
	const char *const *clusters;  /* the clusters it belongs to (empty = any) */
	size_t nclusters;
	const char *machine;	      /* or the machine maple has no profile of that it belongs to (NULL = none) */
	const char *why;	      /* what it does, for the port's warning */
	bool carried;		      /* a project-environment manager (uv run): a port keeps it in front of the program */
	const char *source;
};

enum fp_kind { FP_TEXT, FP_ACCOUNT, FP_QUEUE, FP_ENV, FP_MODULE };

/* One piece of evidence for a cluster. */
struct fingerprint_hint {
	const char *cluster; /* cluster id (checked against the repository on load), or "other" */
	const char *machine; /* for cluster "other": the machine maple has no profile of (retired or
				another centre's) whose evidence says the script is for none of maple's clusters */
	enum fp_kind kind;
	const char *pattern; /* text: substring; account: regex (PCRE2); queue: exact name; env: a
				variable name, or a prefix when it ends with '_'; module: a module name prefix */
	void *re;	     /* compiled account regex (pcre2_code) */
	double weight;
	const char *source;
	int line;	     /* line in the data file */
};

/* A variable a cluster's login environment sets ($PSCRATCH on Perlmutter), or a family of them: a name
 * ending in '_' is a prefix (TACC_: the TACC_<PACKAGE>_DIR/_LIB/_INC that TACC's modules define). */
struct siteenv_hint {
	const char *name;
	const char *cluster;	 /* cluster id (checked against the repository on load) */
	const char *what;	 /* what it points at */
	const char *source;
	const char *reliability; /* NULL: doc (the centre's own page); staff, secondary or inferred */
	bool prefix;		 /* name ends in '_': it matches every longer name that starts with it */
};

/* A program that runs once in the batch shell and starts the job's tasks itself (drivers.yaml). */
struct driver_option {
	const char *option;	  /* --comms */
	const char **values;	  /* the values that mark the driver (none: any) */
	size_t nvalues;
};
struct driver_hint {
	const char *name, *family, *what;
	const char *name_contains; /* in the program's file name, any case (NULL: none) */
	struct driver_option *opts;
	size_t nopts;
	const char *source, *port_source;
};

/* A module run with python -m that runs a program the script does not show (drivers.yaml runners). */
struct runner_hint {
	const char *module, *name, *what, *missing, *source;
};

struct script_hints {
	struct launch_facts lf; /* scripts/launchvars.yaml */
	struct driver_hint *drivers; /* scripts/drivers.yaml */
	size_t ndrivers;
	struct runner_hint *runners; /* scripts/drivers.yaml: runners */
	size_t nrunners;
	struct arena arena;
	struct wrapper_hint *wrappers;
	size_t nwrappers;
	struct fingerprint_hint *fps;
	size_t nfps;
	struct siteenv_hint *siteenv;
	size_t nsiteenv;
};

/* Loads scripts/wrappers.yaml, scripts/fingerprints.yaml and scripts/siteenv.yaml from every data directory (a later
 * directory adds entries). repo (may be NULL) checks cluster ids. A missing file is no error; an
 * invalid one fails with every problem as `file:line: message`. On failure h is released. */
int script_hints_load(struct script_hints *h, const struct strvec *dirs, const struct repo *repo,
		      struct maple_error *err);
void script_hints_release(struct script_hints *h);
/* drivers.c: adds the entries of one drivers.yaml (errors through yerr). */
struct ydoc;
void drivers_load(struct script_hints *h, struct ydoc *y);
/* The hints of repo's data directories, loaded once per process and shared (read-only): reading many
 * scripts (generate --batch checks each one) must not parse the YAML each time. Reloaded when the
 * directories change. NULL with err on invalid data. */
const struct script_hints *script_hints_shared(const struct repo *repo, struct maple_error *err);

/* The wrapper named like word's base name, or NULL. */
const struct wrapper_hint *script_hints_wrapper(const struct script_hints *h, const char *word);
/* Whether fingerprint fp's account regex matches value. */
bool fingerprint_account_matches(const struct fingerprint_hint *fp, const char *value);
const char *wrapper_kind_name(enum wrapper_kind k);
/* Whether name is a site variable of some cluster (siteenv.yaml: the name, or a prefix of it). */
bool script_hints_site_var(const struct script_hints *h, const char *name);
/* The entry saying that cluster sets name (the name itself, else a prefix of it), or NULL. */
const struct siteenv_hint *script_hints_site_var_on(const struct script_hints *h, const char *name,
						    const char *cluster);
/* Appends the ids of the clusters that set name, comma-separated, each once, to out (a struct strbuf *). */
struct strbuf;
void script_hints_site_var_clusters(const struct script_hints *h, const char *name, struct strbuf *out);

#endif

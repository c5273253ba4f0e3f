/* repo.h - the data repository: cluster profiles and launch templates loaded from data/ dirs.
 *
 * Everything returned by this module is owned by the repo and lives until repo_destroy().
 * Cluster profiles are loaded (and validated) when the repo is opened; the templates of a
 * cluster are loaded on first use, so a single `generate` parses only what it needs.
 */
#ifndef MAPLE_REPO_H
#define MAPLE_REPO_H

#include "../util/arena.h"
#include "../util/error.h"
#include "../util/strvec.h"

#include <stdbool.h>
#include <stddef.h>

enum scheduler { SCHED_SLURM, SCHED_PBS };
enum framework { FW_NONE = -1, FW_PYTORCH = 0, FW_DEEPSPEED, FW_ACCELERATE, FW_COUNT };
enum strategy { ST_NONE = -1, ST_DDP = 0, ST_FSDP, ST_ZERO1, ST_ZERO2, ST_ZERO3, ST_COUNT };

const char *framework_name(enum framework f);
const char *strategy_name(enum strategy s);
const char *scheduler_name(enum scheduler s);
enum framework framework_from_name(const char *s);
enum strategy strategy_from_name(const char *s);
/* Whether the framework can run the strategy (pytorch: ddp fsdp; deepspeed: zero1-3; accelerate: all). */
bool framework_allows(enum framework f, enum strategy s);

/* Where a fact came from: file and line, plus its documentation URL and reliability. */
struct fact_src {
	const char *file;
	int line;
	const char *url;
	const char *reliability; /* doc | staff | secondary | inferred */
};

struct sourced_line {
	const char *text;
	struct fact_src src;
};

struct env_var {
	const char *name;
	const char *value;
	struct fact_src src;
};

struct queue_bin {
	int min_nodes, max_nodes;
	int max_walltime_min;
};

struct queue {
	const char *name;
	int min_nodes, max_nodes;
	int max_walltime_min;
	int default_walltime_min; /* 0 = not documented */
	int max_gpus;		  /* GPUs one job may hold (shared queues), 0 = whole nodes, no cap */
	bool auto_select;
	struct queue_bin *bins;
	size_t nbins;
	const char *note;
	struct fact_src src;
};

struct hardware {
	const char *gpu_model;
	const char *gpu_vendor; /* nvidia | amd | intel */
	int gpu_memory_gb;
	int gpus_per_node;
	int cpu_cores_per_node;
	int logical_cpus_per_node; /* what Slurm counts as CPUs (hardware threads); 0 = cores */
	int memory_gb_per_node;
	bool bf16;
	struct fact_src src;
};

/* A directive the verifier requires or rejects on a cluster (verify.requires / verify.rejects). */
struct directive_rule {
	const char *option; /* Slurm long name without dashes; PBS account/queue/job-name or -l resource */
	const char *value;  /* requires: a substring the value must contain (NULL = any) */
	const char *severity; /* error | warning */
	const char *why;
	struct fact_src src;
};

struct fingerprint {
	const char *text; /* substring that points at this cluster in a script */
	struct fact_src src;
};

struct cluster {
	const char *id;
	const char *name;
	const char **aliases;
	size_t naliases;
	const char *center;
	enum scheduler scheduler;
	const char *launcher;
	const char *source;
	struct hardware hw;
	const char *default_queue;
	struct queue *queues;
	size_t nqueues;
	bool account_required;
	struct sourced_line *header, *setup, *quirks;
	size_t nheader, nsetup, nquirks;
	struct sourced_line *modules[FW_COUNT];
	size_t nmodules[FW_COUNT];
	struct env_var *env;
	size_t nenv;
	struct directive_rule *requires, *rejects;
	size_t nrequires, nrejects;
	struct fingerprint *fingerprints;
	size_t nfingerprints;
	const char *file;
};

enum tasks_per { TASKS_PER_NODE, TASKS_PER_GPU };

struct template {
	const char *id;
	const char *cluster;
	enum framework framework;
	unsigned strategies; /* bit (1u << strategy) */
	const char *launcher;
	enum tasks_per tasks_per;
	const char *description;
	const char **tags;
	size_t ntags;
	bool preferred;
	const char *reliability;
	const char *source;
	const char *deviations;
	const char *body;
	const char *file;
	int body_line; /* line of the first body line in file */
};

struct repo;

/* Opens the repository over the given directories (earliest first; later ones override by id).
 * Directories that do not exist are skipped. Returns NULL and fills err (every problem found, one
 * `file:line: message` per line) when a data file is invalid. */
struct repo *repo_open(const struct strvec *dirs, struct maple_error *err);
void repo_destroy(struct repo *r);

/* The default search path: built-in data, /etc/maple, $XDG_CONFIG_HOME/maple (~/.config/maple),
 * MAPLE_PATH entries, then extra (may be NULL). */
void repo_default_dirs(struct strvec *out, const char *extra);

/* The data directories the repository was opened over (earliest first). */
const struct strvec *repo_dirs(const struct repo *r);
size_t repo_cluster_count(const struct repo *r);
const struct cluster *repo_cluster_at(const struct repo *r, size_t i);
const struct cluster *repo_cluster(const struct repo *r, const char *id);
const struct queue *cluster_queue(const struct cluster *c, const char *name);
/* Every name of every cluster (id, display name, aliases), lower case without spaces, '-' or '_';
 * owners[i] is the cluster names[i] belongs to. Index 0 of each cluster is its id, 1 its display name. */
size_t repo_cluster_names(const struct repo *r, const char *const **names, const struct cluster *const **owners);

/* The templates of one cluster (loaded on first call). Returns -1 with err on invalid files. */
int repo_templates(struct repo *r, const char *cluster_id, const struct template ***out, size_t *n,
		   struct maple_error *err);
/* Loads and validates every template of every cluster. */
int repo_load_all_templates(struct repo *r, struct maple_error *err);
const struct template *repo_template(struct repo *r, const char *id);

/* Known placeholder names, NULL-terminated. */
extern const char *const placeholder_names[];
bool placeholder_known(const char *name, size_t len);

/* Parses "HH:MM:SS", "MM:SS" or "D-HH:MM:SS" into minutes (seconds round up); -1 if malformed. */
int parse_walltime(const char *s);

#endif

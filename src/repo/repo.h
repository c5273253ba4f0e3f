/* repo.h - the data repository: cluster profiles and launch templates loaded from data/ dirs.
 *
 * Everything returned by this module is owned by the repo and lives until repo_destroy().
 * Cluster profiles are loaded (and validated) when the repo is opened, except when the data
 * snapshot's cluster index says these very profiles validated before (issue 15): then each cluster
 * is built on first use. The templates of a cluster are loaded on first use, so a single `generate`
 * parses only what it needs.
 */
#ifndef MAPLE_REPO_H
#define MAPLE_REPO_H

#include "../util/arena.h"
#include "../util/error.h"
#include "../util/strbuf.h"
#include "../util/strvec.h"

#include <stdbool.h>
#include <stddef.h>

struct repo;

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

/* A limit on the jobs one user (or one project) may have submitted to a queue at once, queued and running
 * together (TACC's "Max Submit", ALCF's "max N jobs running/accruing/queued", OLCF's "100 jobs queued");
 * each task of a job array counts as one job. What the centre says happens past it decides how maple
 * verify reports an array with more tasks: an error only where the submission is rejected. */
enum submit_over {
	SUBMIT_UNSTATED = 0, /* the centre gives the number, not what happens past it: a warning */
	SUBMIT_REJECTED,     /* the centre says submissions past it are rejected: an error */
	SUBMIT_NEVER_RUNS,   /* the centre says jobs past it are accepted but never run (ALCF's prod routing) */
};
struct submit_limit {
	int jobs;	 /* how many */
	const char *per; /* "user" | "project"; NULL = the centre does not say whose */
	enum submit_over over;
	bool throttle;	  /* an array's "%N" (tasks eligible at once) counts instead of its size (ALCF's PBS) */
	const char *note; /* what else the centre says (e.g. "over all partitions together") */
	struct fact_src src;
};
const char *submit_over_name(enum submit_over o);

struct queue {
	const char *name;
	bool cpu_only;	/* a partition/QOS without GPUs (listed so that a GPU job there is an error) */
	int max_gpus;	/* GPUs per job on a shared queue (Perlmutter shared: 2); 0 = whole nodes */
	int max_gpus_per_user; /* GPUs one user may hold at once (Anvil gpu: 12): a bigger job waits; 0 = none */
	const char *partition; /* a QOS entry: the partition it runs in ({{queue}} = partition, {{qos}} = name) */
	int min_nodes, max_nodes;
	int max_walltime_min;
	int min_walltime_min;	  /* the shortest walltime the queue takes (ALCF's: 5 minutes); 0 = none documented */
	int default_walltime_min; /* 0 = not documented */
	bool auto_select;
	struct queue_bin *bins;
	size_t nbins;
	const char *note;
	struct fact_src src;
	/* restricted use (issue 14): what a job needs besides fitting the limits ("by request only: ALCF
	 * enables it for a project", "salloc only"), with its own source; NULL = open to every project */
	const char *access;
	struct fact_src access_src;
	/* per-user / per-project limits on submitted jobs (data: submit_limits), each with its source */
	struct submit_limit *submit_limits;
	size_t nsubmit_limits;
};

struct hardware {
	const char *gpu_model;
	const char *gpu_vendor; /* nvidia | amd | intel */
	const char *cpu_arch;	/* x86_64 | aarch64 (Grace); NULL = x86_64 */
	int gpu_memory_gb;
	int gpus_per_node;	   /* the devices, one rank each (Aurora: 12 tiles, Frontier: 8 GCDs) */
	int gpu_packages_per_node; /* the physical GPUs when each holds several devices (6, 4); 0 = the same */
	bool packages_are_gpus;	   /* the centre's pages call the packages "GPUs" (Aurora's 6), not the devices */
	const char *device_unit;   /* what a device is called then ("tiles", "GCDs") */
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

/* How the deep-learning framework reaches a job (cluster `software:`, node type or template override). */
enum sw_kind { SW_MODULE = 0, SW_CONDA, SW_VENV, SW_CONTAINER, SW_USER };
struct software {
	enum sw_kind kind;
	bool provided;	  /* false: the centre provides no framework; the user's own environment is needed */
	const char *hint; /* what to write where the user's environment goes ("conda activate /path/to/env") */
	const char *note;
	const char *image; /* container image (kind container) */
	struct fact_src src;
	bool set; /* the profile said something (else: module, provided) */
};
const char *sw_kind_name(enum sw_kind k);

/* The user's own environment for one cluster, from environments.yaml in a data directory
 * (~/.config/maple/environments.yaml): used when the request names none. */
struct user_env {
	const char *conda_env, *venv;
	const char **modules;
	size_t nmodules;
	const char *file;
	int line;
};

struct cluster;

/* One kind of node of a cluster: its hardware, the queues that reach it, and what differs there. */
struct node_type {
	const char *id;
	const char **models; /* normalised lower-case GPU model names that select it ("a100", "h100") */
	size_t nmodels;
	/* where each name comes from: the hardware's source for a name its gpu_model holds, else the name's
	 * own (data: {name, source}: "h100" for a GH200, whose GPU NVIDIA calls an H100); notes may be NULL */
	struct fact_src *model_srcs;
	const char **model_notes;
	const char **queues; /* the queues that reach it */
	size_t nqueues;
	const char *default_queue; /* the first of queues that is chosen automatically (NULL: none) */
	int nodes;		   /* how many such nodes (0 = not stated) */
	bool is_default;
	const char *backend; /* nccl | rccl | xccl | ccl | gloo (from the vendor unless stated) */
	const char *note;
	struct hardware hw;
	const struct cluster *view; /* the cluster as seen from this node type (hw, header, modules, env) */
	/* what differs from the cluster's (has_*: the profile gave it; it replaces the cluster's) */
	bool has_header, has_modules, has_env;
	struct sourced_line *header;
	size_t nheader;
	struct sourced_line *modules[FW_COUNT];
	size_t nmodules[FW_COUNT];
	struct env_var *env;
	size_t nenv;
	struct software software;
	struct fact_src src;
};

/* Nodes the centre has that maple's data does not model (clusters/<id>.yaml `unmodelled:`): a request
 * that names their GPUs is an error saying so, not a script for other nodes. */
struct unmodelled_nodes {
	const char **models; /* lower-case GPU model names that mean these nodes ("l40s") */
	size_t nmodels;
	const char *what; /* "3 nodes with 8 L40S-48GB GPUs each, in GPU-shared" */
	const char *why;  /* why maple does not model them */
	struct fact_src src;
};

/* A way to run the job's framework from a container image (clusters/<id>.yaml `containers:`). */
struct container_route {
	const char *runtime;	     /* shifter | podman-hpc | apptainer | singularity */
	struct sourced_line *header; /* scheduler lines, {{image}} allowed ("#SBATCH --image={{image}}") */
	size_t nheader;
	struct sourced_line *setup; /* software-section lines (module load apptainer) */
	size_t nsetup;
	const char *exec;	   /* words before each task's command; {{image}} stands for the quoted image */
	const char *example_image; /* shown where an image is missing */
	const char *note;
	struct fact_src src;
};
extern const char *const container_runtimes[];
bool container_runtime_known(const char *name);

struct fingerprint {
	const char *text; /* substring that points at this cluster in a script, or a path_pattern (has '{') */
	struct fact_src src;
};

/* A path_pattern fingerprint is a file-system path layout: literal path text and the classes {digits}
 * (one or more 0-9), {lower} (one or more a-z) and {name} (one or more letters, digits, '_', '.', '-'),
 * starting and ending with '/' ("/scratch/{digits}/", "/work/nvme/{lower}/"). It flags the old centre's
 * paths in a port; it never votes for a cluster (several clusters of a centre share a layout). */
bool fingerprint_is_pattern(const char *text);
/* Why text is no valid path_pattern (a static message), or NULL when it is one. */
const char *fingerprint_pattern_problem(const char *text);
/* Whether a path-like fingerprint (a plain one starting with '/', or a path_pattern) occurs in s; the
 * matched text is copied into buf (cut to cap) when buf is not NULL. Other fingerprints never match. */
bool fingerprint_path_in(const char *text, const char *s, char *buf, size_t cap);

/* A file system of the cluster's compute nodes as a job names it to the scheduler (clusters/<id>.yaml
 * `filesystems:`; ALCF's PBS `-l filesystems=home:flare`): where it is mounted, what else in a job shows
 * that it uses it, and what the centre says of it. */
struct filesystem {
	const char *name;   /* the scheduler's name ("flare", "daos_user_fs") */
	const char **paths; /* path prefixes that lie on it ("/flare/", "/lus/flare/"), each starting and ending with '/' */
	size_t npaths;
	const char **cues; /* other text that shows a job uses it ("launch-dfuse.sh" for DAOS) */
	size_t ncues;
	const char *what;    /* what it is, in the centre's words ("gecko-home, Lustre: the home directories") */
	const char *retired; /* no longer valid there: the centre's words on it (NULL: valid) */
	const char *access;  /* restricted use ("select teams approved by ALCF"; NULL: every project) */
	bool unasked_error;  /* a job that uses it without naming it fails (not only risks a down file system) */
	const char *why;     /* what happens to a job that uses it without naming it */
	struct fact_src src;
};

/* The file systems a job names in its header where the centre requires it (`filesystems:`). */
struct filesystems {
	struct filesystem *list;
	size_t n;
	const char **defaults; /* what maple names when the job's paths name no other (ALCF's examples: home, flare) */
	size_t ndefaults;
	const char *why; /* why the centre wants them named */
	struct fact_src src;
};
/* The file system called name on c (retired ones too), or NULL. */
const struct filesystem *cluster_filesystem(const struct cluster *c, const char *name);
/* Where in text (a job script or its part) file system fs is used: the offset of the first path on it
 * (a prefix of fs->paths after a start of a word: the text's start, a blank, a quote, '=', ':', '(' or
 * ',') or of one of its cues; -1 when none. *len gets the length of the path word or cue matched. */
long filesystem_used_at(const struct filesystem *fs, const char *text, size_t *len);
/* The value maple writes for {{filesystems}}: the defaults plus every valid file system that a line of
 * text other than a comment or directive uses, in the profile's order, joined by ':'
 * ("home:flare:daos_user_fs"). */
void filesystems_for_text(const struct cluster *c, const char *text, struct strbuf *out);

struct cluster {
	const char *id;
	const char *name;
	const char **aliases;
	size_t naliases;
	const char *center;
	enum scheduler scheduler;
	const char *launcher;
	/* the launcher's words for one task on one node ("srun --nodes=1 --ntasks=1"); text NULL: not known */
	struct sourced_line one_task;
	const char *source;
	struct hardware hw;
	const char *default_queue;
	/* the queue the scheduler itself gives a job that names none (NERSC: the debug QOS; RCAC: the CPU
	 * partition shared), where the centre says which, with that statement's source; NULL: not documented.
	 * maple's default_queue is what maple writes; this is what a script without a queue gets. */
	const char *sched_default_queue;
	const char *sched_default_note; /* the centre's words on it, where the profile gives them */
	struct fact_src sched_default_src;
	struct queue *queues;
	size_t nqueues;
	bool account_required;
	/* the shape of its accounts (PCRE2, matched whole; account_re compiled in the repository's arena) */
	const char *account_pattern, *account_example;
	struct fact_src account_src;
	const void *account_re;
	/* the accounts of that shape that charge GPU jobs, where a centre names CPU and GPU accounts apart
	 * (Delta: <project>-delta-gpu; NULL: one kind); compiled like account_re */
	const char *account_gpu_pattern;
	const void *account_gpu_re;
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
	struct software software;
	struct container_route *containers; /* container routes; the first is the default one */
	size_t ncontainers;
	/* node types (at least one); node_type is the one this view stands for (the default one for the
	 * cluster repo_cluster() returns; nt->view for the others: same id, queues and rules, but the
	 * node type's hardware, header, modules, env and software) */
	struct node_type *node_types;
	size_t nnode_types;
	const struct node_type *node_type;
	struct unmodelled_nodes *unmodelled; /* nodes the centre has and maple does not model */
	size_t nunmodelled;
	const struct user_env *user_env; /* NULL: none configured */
	/* the file systems a job names in its header (ALCF's -l filesystems=); fs.n == 0: none asked for */
	struct filesystems fs;
};

/* Whether word has the shape of the cluster's accounts (false where the profile gives no shape). */
bool account_shape_matches(const struct cluster *c, const char *word);
/* Whether account word charges GPU jobs: 1 yes, 0 no (it has the cluster's shape but is of the other kind:
 * Delta's bbka-delta-cpu), -1 unknown (one kind of account, or a word of no shape maple knows). */
int account_charges_gpu(const struct cluster *c, const char *word);

/* The cluster's container route for runtime (NULL: its first), or NULL when it has none. */
const struct container_route *cluster_container(const struct cluster *c, const char *runtime);

/* The node type a job lands on: the queue's (an unknown or GPU-less queue is an error), else the
 * one whose models include gpu_model (lower case, e.g. "a100"), else the cluster's default. A
 * queue reaching several node types is narrowed by gpu_model. Returns NULL with why filled (one
 * sentence naming what the cluster has) when none fits. */
const struct node_type *cluster_node_type(const struct cluster *c, const char *queue, const char *gpu_model,
					  struct strbuf *why);
/* The same, preferring (among the node types of the GPU model) one with at least gpus_per_node GPUs.
 * A size in gpu_model ("a100-80gb", "gpu-80gb": the memory alone) is a minimum: the node type with that
 * memory per GPU, else (none has it) the default node type if its GPUs hold more, else the one with the
 * least memory that holds it ("80GB GPUs" on Stampede3 are its 96 GB H100s). "-exact" after the size
 * ("a100-40gb-exact", the reader's mark for "the 40GB A100s") wants that size and no other. The
 * sentences in why cite the hardware and queue sources of the data. */
const struct node_type *cluster_node_type_for(const struct cluster *c, const char *queue, const char *gpu_model,
					      int gpus_per_node, struct strbuf *why);
/* Where nt, picked for gpu_model, has GPUs with more memory than the size asked (no node type has that
 * size): appends one sentence saying which and why, with the hardware's source URL, and returns true;
 * false (nothing appended) otherwise. */
bool node_type_size_note(const struct cluster *c, const struct node_type *nt, const char *gpu_model, struct strbuf *out);
/* Whether node type nt is reached through queue name (case-insensitive). */
bool node_type_has_queue(const struct node_type *nt, const char *queue);
/* The node type with id (case-insensitive), or NULL. */
const struct node_type *cluster_node_type_by_id(const struct cluster *c, const char *id);
/* The most GPUs any node type of c has (its own GPUs per node when it lists no node types). */
int cluster_max_gpus_per_node(const struct cluster *c);
/* "4x NVIDIA A100 (40 GB), node type a100x4" for messages. */
void node_type_describe(const struct node_type *nt, struct strbuf *out);
/* The cluster view for "ID", "ID:NODETYPE" or "ID:QUEUE" (NULL when unknown). */
const struct cluster *repo_cluster_view(const struct repo *r, const char *spec);

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
	const char **node_types; /* the node types it runs on (NULL: all) */
	size_t nnode_types;
	struct sourced_line *header; /* directives added after the cluster's header */
	size_t nheader;
	struct software software; /* overrides the cluster's when set */
	struct sourced_line *sw_lines; /* software.lines: replace the cluster's module lines when set */
	size_t nsw_lines;
	const char *body;
	const char *file;
	int body_line; /* line of the first body line in file */
};


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
/* Whether a cluster has this id, without building it. */
bool repo_has_cluster(const struct repo *r, const char *id);
/* Cluster i as far as telling a script's cluster needs, without building it: only id, name, aliases,
 * center, scheduler, launcher, fingerprints[].text, requires[].option and .value, queues[].name and
 * modules[][].text are filled (the cluster itself once built, or when the snapshot had no index). */
const struct cluster *repo_cluster_brief_at(const struct repo *r, size_t i);
const struct queue *cluster_queue(const struct cluster *c, const char *name);
/* Every name of every cluster (id, display name, aliases), lower case without spaces, '-' or '_';
 * owners[i] is the index (repo_cluster_at) of the cluster names[i] belongs to. Index 0 of each cluster
 * is its id, 1 its display name. Read from the briefs: no cluster is built for it. */
size_t repo_cluster_names(const struct repo *r, const char *const **names, const size_t **owners);
/* strlen(names[i]) for the names of repo_cluster_names(), computed once when the repo is opened. */
const size_t *repo_cluster_name_lens(const struct repo *r);
/* n zeroed bytes owned by the repository for a memo of what its cluster names answer (cluster_match.c
 * keeps one: the answers stay true while the repository is open), allocated on the first call; later
 * calls return the same memory (n must not change). */
void *repo_name_memo(const struct repo *r, size_t n);

/* The templates of one cluster (loaded on first call). Returns -1 with err on invalid files. */
int repo_templates(struct repo *r, const char *cluster_id, const struct template ***out, size_t *n,
		   struct maple_error *err);
/* Loads and validates every template of every cluster. */
int repo_load_all_templates(struct repo *r, struct maple_error *err);
const struct template *repo_template(struct repo *r, const char *id);
/* Whether template t runs on node type nt (no node_types list: every node type). */
bool template_fits(const struct template *t, const struct node_type *nt);

/* Known placeholder names, NULL-terminated. */
extern const char *const placeholder_names[];
bool placeholder_known(const char *name, size_t len);

/* Parses "HH:MM:SS", "MM:SS" or "D-HH:MM:SS" into minutes (seconds round up); -1 if malformed. */
int parse_walltime(const char *s);

#endif

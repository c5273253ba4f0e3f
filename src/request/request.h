/* request.h - the request structure every stage works on, with provenance for each field. */
#ifndef MAPLE_REQUEST_H
#define MAPLE_REQUEST_H

#include "../repo/repo.h"
#include "../util/strvec.h"
#include "../shell/words.h"

#include <stdbool.h>

/* Fields that remember which words produced them. */
enum req_field {
	RF_CLUSTER,
	RF_FRAMEWORK,
	RF_STRATEGY,
	RF_NODES,
	RF_GPUS_PER_NODE,
	RF_TOTAL_GPUS,
	RF_SCRIPT,
	RF_SCRIPT_ARGS,
	RF_WALLTIME,
	RF_ACCOUNT,
	RF_QUEUE,
	RF_MODEL,
	RF_CONDA,
	RF_VENV,
	RF_MODULES,
	RF_PORT,
	RF_JOB_NAME,
	RF_GPU_MODEL,
	RF_CONTAINER,
	RF_COUNT
};

const char *req_field_name(enum req_field f);

struct request {
	char *cluster; /* cluster id */
	enum framework framework;
	enum strategy strategy;
	int nodes, gpus_per_node, total_gpus; /* 0 = not stated */
	char *script;			      /* as written; NULL = not stated */
	bool script_is_module;		      /* python -m pkg.mod */
	bool from_script;		      /* read from a job script (a port): its counts are devices as launched */
	bool nodes_undecided;		      /* "node count is TBD", "I haven't decided how many nodes": asked back */
	bool queue_from_older;		      /* the queue came from an older quoted message whose job was another size */
	/* a change relative to the size or time said elsewhere ("halve the nodes", "double the walltime"):
	 * multiply by mul and divide by div once the base is known (0 = none; reader's, relative_size.c) */
	int nodes_mul, nodes_div, wall_mul, wall_div;
	int gpus_mul, gpus_div; /* the same for a GPU total ("we ran on 8 GPUs ... twice that") */
	int nodes_add;		/* nodes added to the count said elsewhere ("4 more nodes"); 0 = none */
	int wall_add; /* minutes added to the walltime said elsewhere ("2 more hours", "an extra hour"); 0 = none */
	struct strvec not_queues;	      /* queues the text rules out ("not the extended queue"): never chosen */
	struct shwords args;		      /* the script's own arguments as shell words */
	int walltime_min;		      /* 0 = not stated */
	/* "as long as the queue allows": the chosen queue's walltime limit for the job's size (rules.c) */
	bool walltime_queue_max;
	/* a walltime from a budget to spend ("for as long as that covers"): no longer than the longest a queue
	 * allows for the job's size (rules.c lowers it, and says so) */
	bool walltime_budget_cap;
	/* host memory and CPU cores the request says each node (or the whole job: cpus_total) needs ("--mem=512G",
	 * "128 cores per node"); 0 = not said. Checked against the node type (rules.c), never put in the script */
	int mem_per_node_gb, cpus_per_node, cpus_total;
	char *account, *queue, *model, *job_name;
	char *conda_env, *venv;
	/* a container image the framework runs from instead of the centre's modules ("shifter image
	 * nersc/pytorch:24.06.01", "apptainer container ~/pt.sif"), and its runtime when the text names one */
	char *container_image, *container_runtime;
	/* the GPU model the text names, normalised lower-case ("a100", "h100", "mi250x", "max1550"), or NULL;
	 * with the queue it decides the cluster's node type */
	char *gpu_model;
	struct strvec modules;
	int master_port; /* 0 = default */
	/* application environment variables carried over from an old script: env_names[i]=env_values[i] */
	struct strvec env_names;
	struct shwords env_values;
	/* a port: the user's own launcher options kept as written (accelerate launch --config_file FILE), so
	 * that what the config file says stays the user's; none = maple's own flags */
	struct shwords launcher_args;
	/* a port: the project-environment manager the old launch line ran the program under (`uv run
	 * --project DIR`, `pixi run -e ENV`), words as written; the launch puts them back in front of the
	 * launcher or python, and the environment check runs under them */
	struct shwords wrapper;
	/* a port: the strategy is the user's config's (accelerate or DeepSpeed), which maple could not read:
	 * unknown (null in JSON), labelled only to pick a template */
	bool strategy_from_config;
	/* a port: the old job's single-task helper steps (data preparation, evaluation), each one shell line
	 * written for the target, run before and after the training launch */
	struct strvec pre_steps, post_steps;
	/* the request text chose the strategy of a port: maple's flags for it go next to the kept config */
	bool strategy_chosen;
	/* a port of torchtune's `tune run` (which takes torchrun's options and runs the recipe under torchrun):
	 * the target's torchrun launch starts `tune run` instead, with the recipe as the program */
	bool tune_run;
	char *from[RF_COUNT]; /* the words that produced each field (NULL = default / not stated) */
	struct strvec warnings;
	/* candidates the reader saw and did not take: "field\twords\twhy" (maple extract --json shows them) */
	struct strvec rejected;
};

void request_init(struct request *r);
void request_release(struct request *r);
/* Sets a string field, replacing the old value (copies). */
void request_set(char **field, const char *value);
void request_set_from(struct request *r, enum req_field f, const char *text, size_t len);
/* The DeepSpeed config file the script's own arguments name (--deepspeed FILE, --deepspeed_config FILE,
 * --ds_config FILE, or "" for a bare --deepspeed flag), or NULL when they name none. */
const char *request_ds_config(const struct request *r);
void request_warn(struct request *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Records a candidate for field f, read from text[0, len), that the reader did not take, and why. */
void request_reject(struct request *r, enum req_field f, const char *text, size_t len, const char *why);
/* why a ZeRO stage said is rejected (the reader); rules_apply makes it an error naming the words */
#define REQUEST_BAD_ZERO_STAGE "not a ZeRO stage: DeepSpeed's stages are 1, 2 and 3"
/* why shell text where a name belongs is rejected (the reader); rules_apply makes it an error naming the
 * words unless a later value took the field */
#define REQUEST_NOT_A_NAME "shell text, not a name (letters, digits, '-', '_' and '.' only)"
/* why a quoted value that is no shell text but no name either is rejected where a directive takes one
 * ("account 'a b'", "job_name": "naive\u2014run", a first '-'): an error the same way */
#define REQUEST_NOT_ONE_NAME "not one name a scheduler directive can carry (letters, digits, '-', '_' and '.' only)"
/* why a name longer than the reader takes is rejected (prose reads names of at most 64 characters, a form field
 * or table cell at most 127): an error naming the field, never a name cut short or dropped */
#define REQUEST_NAME_TOO_LONG "longer than maple reads as a name"

#endif

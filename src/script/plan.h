/* plan.h - reading a job script's main launch line: what it will start (nodes, processes, GPU
 * workers), the framework, strategy and kind of job it is, and which environment variables belong
 * to the cluster. Port planning (what a port keeps, changes and drops) is in src/port/. */
#ifndef MAPLE_PLAN_H
#define MAPLE_PLAN_H

#include "../repo/repo.h"
#include "jobscript.h"

struct launch_plan {
	struct js_header header;
	struct js_counts counts; /* header counts (GPUs per node: header, else the cluster's) */
	int launch;		 /* index of the main launch line, -1 = none */
	const struct stage *outer, *spawner, *shell, *prog;
	long nodes;		     /* nodes the parallel launcher spans by its own options (0 = inherits) */
	const struct lopt *nodes_from;
	long tasks, tasks_per_node;  /* processes the parallel launcher starts */
	long spawner_nodes;	     /* nodes the spawner (torchrun, deepspeed, accelerate) expects */
	const struct lopt *spawner_nodes_from;
	long spawner_procs_total;    /* accelerate --num_processes (or num_processes: of the config it writes) */
	int spawner_procs_line;	     /* the line of num_processes: in that config, 0 = the option's */
	long eff_nodes;		     /* nodes the line runs on */
	int nodes_comment_line;	     /* eff_nodes is the count a comment's submit command gives (js_submit_comment_nodes):
					the header and the launch line have none; 0 = not so */
	long workers_per_node, workers; /* GPU worker processes (0 = unknown) */
};

/* The heredoc of js that writes a file named like path (the same base name; for a path held in a variable,
 * the first heredoc that looks like a DeepSpeed config), or NULL. */
const struct heredoc *js_heredoc_for(const struct jobscript *js, const char *path);

/* cluster_gpus_per_node: the target's GPUs per node when the header does not say (0 = unknown). */
void js_plan(const struct jobscript *js, int cluster_gpus_per_node, struct launch_plan *p);

struct fw_guess {
	enum framework framework; /* FW_NONE for a program that is not Python (an MPI/CUDA binary) */
	enum strategy strategy;	  /* ST_NONE when unknown (strategy_unknown) or not a training job */
	const char *why, *strategy_why;
	/* what kind of parallel job it is beyond data parallelism: "mpi" (a binary), "horovod",
	 * "megatron" (tensor x pipeline parallel), "torchtitan" (FSDP2), or NULL */
	const char *family;
	int tp, pp;		/* Megatron's tensor and pipeline parallel sizes (0 = not Megatron) */
	bool strategy_unknown;	/* DeepSpeed/Accelerate whose config maple cannot read: the stage is unknown */
};
/* script_dir: where to look for config files the script names (NULL = do not look). */
/* h: the script hints (the drivers of data/scripts/drivers.yaml; NULL = none). */
struct script_hints;
void js_framework(const struct script_hints *h, const struct jobscript *js, const struct launch_plan *p,
		  const char *script_dir, struct fw_guess *g);

/* Why an environment variable belongs to a cluster or a launcher (NULL = the application's); envclass.c. */
const char *env_cluster_specific(const char *name);

#endif

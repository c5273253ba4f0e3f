/* taskfiles.h - files that hold a job's command for a tool that runs it: MLflow's MLproject, SkyPilot
 * task YAMLs, Kubernetes manifests (PyTorchJob, Job, Pod) and Docker Compose services, turned into the shell script they run, line
 * for line with the file, so that the wrapper follower (shscan.h) reads them as it reads run scripts and
 * every value keeps the line that wrote it; and a notebook's code cells as Python, line for line with
 * the .ipynb file. Nothing is run. */
#ifndef MAPLE_INSPECT_TASKFILES_H
#define MAPLE_INSPECT_TASKFILES_H

#include <jansson.h>
#include <stddef.h>

enum task_kind { TK_MLPROJECT, TK_SKYPILOT, TK_K8S, TK_COMPOSE };

/* TK_SKYPILOT for a YAML with a top-level `run:` beside `resources:`, `num_nodes:`, `envs:` or `setup:`;
 * TK_K8S for one with `apiVersion:` and `kind:` that has `containers:`; TK_COMPOSE for a Docker Compose file
 * (top-level `services:` with a `command:`); -1 otherwise. */
int task_yaml_kind(const char *text, size_t len);

/* The shell text the task runs, as many lines as text, lines that are neither a setting nor the command
 * blank. target: MLproject's entry point (NULL: main), Compose's service (NULL: the first with a command).
 * MLproject: each parameter's default as NAME="${NAME:-v}" on its line (NAME with '-' and '.' as '_'), the
 * entry's command with {name} as ${NAME}. SkyPilot: envs as KEY="${KEY:-v}", num_nodes and the accelerator
 * count as SKYPILOT_NUM_NODES / SKYPILOT_NUM_GPUS_PER_NODE, the run: block. Kubernetes: the first container's
 * (the Master replica's when there is one) env as KEY=v, then its command and args, each word on its own
 * line (a backslash joins them), the container's workingDir stripped from paths, $(VAR) as ${VAR}; a
 * `sh -c STRING` container runs STRING. Compose: the service's command (a string, or a list as Kubernetes'). Names in overrides (may be NULL) are not assigned by the file:
 * the caller passes them as the environment.
 * Returns a malloc'd string, or NULL with *why (malloc'd, may be NULL) saying what is missing. */
char *task_script(enum task_kind kind, const char *text, size_t len, const char *target, json_t *overrides,
		  char **why);

/* The code cells of a Jupyter notebook (nbformat 4 JSON, one source line a JSON line, as Jupyter writes
 * it) as Python at the lines of the .ipynb file, every other line blank; IPython magics (% and !) blank.
 * NULL when text is not such a notebook. The caller frees the result. */
char *notebook_python(const char *text, size_t len);

#endif

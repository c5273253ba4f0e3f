/* cmdline.h - reads a launch command ("torchrun --nproc_per_node 4 train.py --lr 3e-4",
 * "accelerate launch --config_file fsdp.yaml train.py", "deepspeed train.py --deepspeed ds.json",
 * "python -m pkg.train") into the launcher, its options, the entry script and the script's
 * arguments. */
#ifndef MAPLE_INSPECT_CMDLINE_H
#define MAPLE_INSPECT_CMDLINE_H

#include <jansson.h>
#include <stdbool.h>

struct launch_cmd {
	char *launcher;	    /* python | torchrun | deepspeed | accelerate | srun | mpiexec ... (NULL = none) */
	json_t *launch_opts; /* {option: value} of the launcher(s), e.g. {"nproc_per_node": 4} */
	char *entry;	    /* the script as written, or the module path "pkg/train.py" for -m */
	json_t *args;	    /* [[key, value], ...] of the script, in order; --flag gives true */
	json_t *words;	    /* the script's arguments as typed (strings), for a reader that knows its options */
	json_t *env;	    /* {NAME: value} of the assignments before the command */
};

/* Parses cmd; returns 0, or -1 when no Python script or module is named (the fields read so far
 * are kept). Release with launch_cmd_release. */
int launch_cmd_parse(const char *cmd, struct launch_cmd *out);
void launch_cmd_release(struct launch_cmd *c);
/* A README block (`export A=B` lines, `cd DIR`, comments, several commands joined by newlines, &&,
 * ; or |): the command that starts the run (the first that looks like training, else the last that is
 * no setup step such as pip or git) with the block's variables substituted, and *cwd the folder a
 * `cd` before it entered (NULL when none; the caller frees both). NULL when cmd is one plain command. */
char *cmd_block_flatten(const char *cmd, char **cwd);
/* The files a README block sources before its commands (`source config_x.sh && bash run.sh`,
 * `. env/a100.sh; ...`): an array of the paths as written (the caller owns it). */
json_t *cmd_block_sourced(const char *cmd);
/* Whether a shell word is an assignment (NAME=value, NAME a shell identifier). */
bool cmd_word_is_assignment(const char *w);
/* A command-line value typed: "3e-4" -> 0.0003, "8" -> 8, "true"/"false" -> booleans, else the string. */
json_t *typed_arg(const char *s);

#endif

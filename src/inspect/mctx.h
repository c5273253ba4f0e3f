/* mctx.h - the merge's internal state and the helpers its rule files share (merge_*.c, hydra.c,
 * progcfg.c). Not part of the inspect API: only merge files include it. */
#ifndef MAPLE_INSPECT_MCTX_H
#define MAPLE_INSPECT_MCTX_H

#include "cmdline.h"
#include "merge.h"

#include "../util/strbuf.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

struct evidence {
	char *value;
	char *src;
	int prio;
};

struct ctx {
	const struct inspect_file *files;
	size_t n;
	bool *in_scope;
	bool *targeted; /* files in scope because a config's _target_ names a class in them */
	json_t *targets; /* the _target_ class names of a composed Hydra config (not hyperparameters) */
	int entry; /* index, -1 = none */
	struct launch_cmd lc;
	bool have_cmd;
	char *cwd; /* the folder a `cd` in the command's block entered (NULL = the root) */
	char *launched_script; /* the script a launcher script runs (deepy.py train.py ...): its parser's first word */
	json_t *hp, *sources, *datasets, *outputs, *notes;
	json_t *unknown; /* field -> why it is not reported (merge_unknown.c) */
	json_t *hp_prio; /* name -> priority of the value kept */
	struct evidence fw, strategy, model, precision, ds_config, acc_config;
	json_t *model_config;
	json_t *libraries;
	json_t *other_configs;
	char *launch_src;  /* "run_train.sh:10" when a wrapper script's line launched the program */
	json_t *launch_lines; /* that script's logical lines (borrowed from its facts), NULL otherwise */
	json_t *recipe_lines; /* a Makefile's or justfile's target as a script's lines (owned; merge_recipes.c) */
	const char *launch_rel;
	long long launch_line;
	int launch_argc; /* the words the user gave the wrapper script ($1 .. $N) */
	json_t *flag_src;  /* key -> "run_train.sh:18": the line of the wrapper that gives the option */
	json_t *sourced_src; /* NAME -> "scripts/env.sh:2": variables set by a file the wrapper sources */
	json_t *cmd_sourced; /* the files the command sources before the wrapper (cmd_block_sourced) */
	json_t *wrapper_env; /* NAME -> value: the environment a followed wrapper gives its program (the
			      * command's NAME=v words, the script's literal `export NAME=v` lines) */
	json_t *unset_vals;  /* key -> NAME: an option whose value is a variable set nowhere maple sees */
	json_t *typed;	   /* {key: true} of the options the user typed (not a wrapper) */
	json_t *argspec;   /* how the scope's argparse parsers read options (merge_args.c) */
	json_t *cmd_args;  /* [[dest, value], ...] of the command line as the program reads it */
	json_t *extra_pos; /* words nobody claimed: config files, Hydra overrides, subcommands */
	bool composed;	   /* the configuration came from Hydra: no other config file decides */
	bool config_over_cmd; /* the program writes its config file over the parsed arguments (setattr) */
	bool fire_kwargs;     /* fire.Fire(main) of a main(**kwargs) that writes them over settings objects */
	char *model_ref;      /* the option a from_pretrained(args.X) model was read from, and its value */
	char *model_ref_val;  /* then: the final value of X decides (a config merged later) */
	json_t *model_ref_late; /* a from_pretrained(config.model.name_or_path) whose value only a config composed
				 * after the calls (Hydra) gives: the call's argument, read again in mg_follow_refs */
	char *model_ref_late_src;
	json_t *data_refs;    /* [[X, value], ...]: datasets read through options (ImageFolder(args.X)) */
	json_t *gated_amp;   /* [[key, dtype, src], ...]: autocast(dtype=..., enabled=SETTING) whose setting only a
			      * config read after the calls gives (merge_precision.c decides then) */
	char *typed_extra;   /* NAME=value words the user gave under another spelling (mlflow's -P learning-rate=v
			      * for ${learning_rate}): counted as typed */
	json_t *dotenv;      /* NAME -> [value, src]: the .env file load_dotenv() reads (merge_argfiles.c) */
	json_t *param_sets;  /* [[file, key, value], ...]: DVC's -S/--set-param, written over the params file's keys */
	json_t *global_sets; /* {name: value}: papermill's -p, over the notebook's module-level settings */
	json_t *argfile_src; /* key -> "args.txt:3": options an argument file gave (merge_argfiles.c) */
	json_t *word_src;    /* [src or null, ...] beside lc.words: the file line a word came from */
	const char *cur_word_src; /* while the words are parsed: the current word's */
	json_t *model_choices; /* [[model, key, src], ...]: constructors in a table keyed by names ({"resnet50":
				* models.resnet50()}); the entry a setting names is the model, once every setting is known */
};

/* priorities of hyperparameter sources */
enum { HP_LIBRARY = 5, HP_ASSIGN = 10, HP_DEFAULT = 20, HP_CALL = 30, HP_CONFIG = 40, HP_CMD = 90 };

/* the helpers (one definition each, in merge_util.c unless named otherwise) */
void mg_scan_args(struct ctx *c, int i);
void mg_typer_options(struct ctx *c, int i, json_t *params);
void mg_call_kw_hp(struct ctx *c, json_t *call, const char *rel);
void mg_add_config_keys(struct ctx *c, int k, const char *prefix);
void mg_add_config_keys_at(struct ctx *c, int k, const char *prefix, int prio);
void mg_follow_refs(struct ctx *c);
/* the entry of a table of model constructors that a setting of the job names (merge_util.c) */
void mg_model_choices(struct ctx *c);
/* whether the receiver of a call ("net.half") is a network by its name: net, network (merge_util.c) */
bool mg_is_net_name(const char *full);
void mg_apply_cmd(struct ctx *c);
void mg_precision_from_hp(struct ctx *c);
const char *mg_norm_precision(const char *p);
void mg_hp_lists(struct ctx *c);
void mg_model_cfg_set(struct ctx *c, const char *key, json_t *v, const char *src);
/* --exp=pkg.module.Class: the class's UPPERCASE attributes, inherited, as the settings (merge_classes.c) */
void mg_experiment_class(struct ctx *c);
void mg_scan_calls(struct ctx *c, int i);
/* Whether a call built in a branch of an option (pyscan's "when") is in the branch the job takes; a
 * literal keyword of a call as a setting below every option and config; how many torch.optim optimizers
 * the job builds (merge_code.c) */
bool mg_branch_taken(const struct ctx *c, json_t *call);
/* drops the precision decided by an autocast/GradScaler call in a branch the job does not take (merge_code.c) */
void mg_precision_untaken_fix(struct ctx *c);
void mg_literal_setting(struct ctx *c, json_t *call, const char *kwname, const char *name, const char *rel);
int mg_optimizer_calls(const struct ctx *c);
/* The program starts DeepSpeed (deepspeed.initialize / init_distributed) only in branches of an option
 * this job does not take (merge_code.c) */
bool mg_ds_untaken(const struct ctx *c);
/* then a DeepSpeed framework read from an import or an option is not the job's (merge_code.c) */
/* An FSDP call that decided the strategy in a branch the composed config does not take: no FSDP (merge_code.c). */
void mg_fsdp_untaken_fix(struct ctx *c);
void mg_ds_untaken_fix(struct ctx *c);
bool mg_is_ds_config(const struct ctx *c, int k);
bool mg_is_acc_config(const struct ctx *c, int k);
bool mg_is_model_config(const struct ctx *c, int k);
void mg_note_missing(struct ctx *c, const char *what, const char *path, const char *src);
void mg_scan_configs(struct ctx *c, json_t *out);
void mg_build_scope(struct ctx *c);
void mg_scope_targets(struct ctx *c);
void mg_choose_entry(struct ctx *c, json_t *out);
void mg_scan_imports(struct ctx *c, int i);
char *mg_src_str(const char *rel, json_int_t line);
void mg_evid(struct evidence *e, const char *value, int prio, const char *src);
void mg_evid_at(struct evidence *e, const char *value, int prio, const char *rel, json_int_t line);
void mg_evid_release(struct evidence *e);
int mg_find_file(const struct ctx *c, const char *rel);
/* A Python file named relative to where its package is installed from (src/ layout): the
 * shallowest file whose path ends with "/" + rel; -1 when none or ambiguous (merge_scope.c). */
int mg_find_installed(const struct ctx *c, const char *rel);
char *mg_join_norm(const char *dir, const char *path);
char *mg_dir_of(const char *rel);
int mg_resolve_path(const struct ctx *c, const char *path);
/* The file of module "pkg.mod" (pkg/mod.py, installed src/ layout, pkg/mod/__main__.py or __init__.py);
 * -1 when none (merge_launch.c). */
int mg_module_file(const struct ctx *c, const char *target);
/* `python launch.py [its options] [the rest]` where launch.py builds a launch command and runs it
 * itself (subprocess, os.system): that command with the launcher's options filled in, the words it did
 * not parse appended; NULL when the file builds none or it names no program of the tree
 * (merge_pylaunch.c). */
char *mg_python_launcher(struct ctx *c, const char *cmd);
/* Settings the program computes from its parsed options (args.lr = args.blr * bs / 256), evaluated with
 * the final values and written over them at their lines (merge_argarith.c). */
void mg_arg_arith(struct ctx *c);
/* jsonargparse's ActionConfigFile: options typed before the --config FILE are overridden by the file
 * (merge_args.c). */
void mg_config_file_order(struct ctx *c);
json_t *mg_py(const struct ctx *c, int i);
json_t *mg_cfg_keys(const struct ctx *c, int i);
json_t *mg_cfg_get(const struct ctx *c, int i, const char *key, json_int_t *line);
void mg_hp_set(struct ctx *c, const char *name, json_t *v, int prio, const char *src);
void mg_hp_set_at(struct ctx *c, const char *name, json_t *v, int prio, const char *rel, json_int_t line);
const char *mg_hp_str(const struct ctx *c, const char *name);
const char *mg_hp_src(const struct ctx *c, const char *name);
bool mg_literal(json_t *v);
bool mg_ends_with(const char *s, const char *suffix);
void mg_add_unique(json_t *list, const char *value, json_t *sources, const char *field, const char *src);
const char *mg_str_or_ref(const struct ctx *c, json_t *v, const char **src);
/* One pass of OmegaConf's ${a.b} interpolation over string s: get(arg, ref) gives a reference's value
 * (NULL: unknown; a resolver such as ${oc.env:X} is never looked up). Returns a new reference: the
 * referenced value itself when s is exactly one reference to a number, boolean, list or map (typed, as
 * OmegaConf gives it); else the substituted string when it differs from s; else NULL. *missing tells
 * that some reference stayed as written (unknown, or a string still holding ${...}). */
json_t *mg_interpolate(const char *s, json_t *(*get)(void *arg, const char *ref), void *arg, bool *missing);
/* the same for the value of key at (NULL: none), whose relative references (${.x}, ${..x}) are resolved from it */
json_t *mg_interpolate_at(const char *s, const char *at, json_t *(*get)(void *arg, const char *ref), void *arg,
			  bool *missing);
const char *mg_zero_name(json_int_t stage);
bool mg_mod_is(const char *mod, const char *prefix);

void mg_parse_words(struct ctx *c);
const char *mg_lightning_strategy(const char *s);
void mg_shape_from_hp(struct ctx *c);
void mg_speech_shape(struct ctx *c); /* merge_speech.c */
void mg_arch_presets(struct ctx *c); /* merge_arch.c */
/* merge_unknown.c: fields that cannot be read honestly, with the reason */
void mg_unknown(struct ctx *c, const char *field, const char *why);
/* Options of the wrapper whose value is a variable it never sets (--lr $LR, LR from the caller's
 * environment): dropped from the hyperparameters and reported unknown with the reason. */
void mg_unset_values(struct ctx *c);
void mg_stale_shape(struct ctx *c);
/* the model_config name of a shape setting (n_layer: num_layers), NULL for none (merge_calls.c) */
const char *mg_shape_key(const char *key);
void mg_unknown_precision(struct ctx *c);
/* fp32 for a PyTorch loop that names no precision at all (merge_precision.c) */
void mg_default_precision(struct ctx *c);
void mg_unknown_model_choice(struct ctx *c);
void mg_loader_default_datasets(struct ctx *c);
void mg_shape_from_named_config(struct ctx *c);
/* The source of a command-line value: "--cmd" when the user typed it, else the wrapper's line. */
const char *mg_cmd_src(const struct ctx *c, const char *key);
/* merge_builders.c: Transformers' TrainingArguments defaults reported as library defaults; LightningCLI's
 * trainer_defaults={...} (v, at src); the settings of a config-building function called name (a builder's
 * dict, a returned settings object; true when it had any); builders passed by keyword to a launch helper;
 * add_dict_to_argparser(parser, var) over the dict var of file; a @dataclass name's fields as option
 * defaults (true when found). */
void mg_hf_defaults(struct ctx *c);
void mg_trainer_defaults(struct ctx *c, json_t *v, const char *src);
bool mg_builder_settings(struct ctx *c, const char *name);
void mg_builders_by_keyword(struct ctx *c, json_t *kw);
void mg_dict_to_argparser(struct ctx *c, int file, const char *var);
/* the keyword defaults of the gin configurables the job's gin files and bindings bind (merge_builders.c) */
void mg_gin_defaults(struct ctx *c);
bool mg_dataclass_defaults(struct ctx *c, const char *name);
/* The command after wrappers and console scripts (merge_launch.c); NULL when unchanged. */
char *mg_effective_cmd(struct ctx *c, const char *cmd);
/* merge_launch.c: follows a wrapper's logical lines (rel's, borrowed: they must outlive c) run with argv
 * and env to the launch line, which becomes c's launch; the launch command (caller frees) or NULL. */
char *mg_follow_lines(struct ctx *c, json_t *lines, const char *rel, json_t *argv, json_t *env);
struct shwords;
/* merge_recipes.c: `make [NAME=v] TARGET` / `just RECIPE ARGS` whose word is ws->v[i]: the target of the
 * tree's Makefile or justfile followed as a wrapper (env: the command's NAME=v words); NULL when none. */
char *mg_recipe_cmd(struct ctx *c, const struct shwords *ws, size_t i, json_t *env);
/* merge_taskfiles.c: `mlflow run`, `sky launch`, `kubectl apply -f`, `docker compose up`, `poe`/`pdm run`/`hatch run`/
 * `rye run`/`task`, `dvc repro`/`dvc exp run`, `snakemake`, `papermill` whose word is ws->v[i]: the task its file holds followed as
 * a wrapper (env: the command's NAME=v words); NULL when none. */
char *mg_task_cmd(struct ctx *c, const struct shwords *ws, size_t i, json_t *env);
/* merge_taskfiles.c: DVC's -S values over the params file's keys, papermill's -p values over the
 * notebook's settings (after the settings are read) */
void mg_task_sets(struct ctx *c);
/* merge_taskfiles.c: a tool installed outside the tree run with `--dataset FILE` (ludwig train): the file is
 * the data set when no program of the tree reads the command */
void mg_cli_data_option(struct ctx *c);
/* merge_argfiles.c: argparse's @FILE and absl's --flagfile=FILE words replaced by the file's words,
 * each option they give sourced to its line */
void mg_expand_argfiles(struct ctx *c);
/* merge_argfiles.c: var's value in the .env file the program's load_dotenv() reads (NULL: none), its
 * file:line in *src; *over (may be NULL) when load_dotenv(override=True) makes it beat the environment the
 * command gives (which wins otherwise, as python-dotenv does) */
const char *mg_dotenv(struct ctx *c, const char *var, const char **src, bool *over);
/* merge_sacred.c: a Sacred experiment's @ex.config settings and the named configs `with` applies */
void mg_sacred(struct ctx *c);
/* Hydra composition (hydra.c); true when the entry is a Hydra app. */
bool mg_hydra(struct ctx *c, json_t *out);
/* Configs the program reads from its command line: positional config files merged in order,
 * Python config files executed over the script's globals (progcfg.c). */
void mg_program_configs(struct ctx *c);
/* The keys of the configs a YAML/JSON config inherits from (`_BASE_`, `_base_`), bases first. */
void mg_config_bases(struct ctx *c, int k, int depth);
/* Overrides the program merges over its config (progcfg.c): `--cfg-options a.b=1`, trailing
 * `KEY VALUE` pairs, and (not for Hydra apps) `a.b=v` words; then ${a.b} interpolation. */
void mg_cmd_path_words(struct ctx *c, bool hydra);
void mg_cmd_overrides(struct ctx *c, bool hydra);
void mg_arg_maps(struct ctx *c); /* progcfg.c: options copied into a config object */
/* merge_modelfile.c: an architecture file (--cfg yolov5s.yaml) names the model */
void mg_model_file_name(struct ctx *c, const char *v, const char *src);
/* merge_util.c: a config class built outside the entry from a function's locals (a converter) */
bool mg_converter_call(const struct ctx *c, int i, json_t *call);
/* merge_util.c: the section a dataclass's fields sit under (torchtitan's parallelism.*), into out */
bool mg_section_of(json_t *fields, const char *cls, struct strbuf *out, int depth);

#endif

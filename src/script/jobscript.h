/* jobscript.h - a job script as maple reads it: the scheduler directives of its header, its simple
 * commands (with the physical line each starts on), the variables it sets, the heredocs it writes,
 * and for each launch line the chain of launchers down to the training program.
 *
 * Reading never fails on odd shell: what cannot be understood is kept as plain commands and, where
 * it matters, noted in `problems`. Everything is owned by the struct jobscript and freed by
 * jobscript_release().
 */
#ifndef MAPLE_JOBSCRIPT_H
#define MAPLE_JOBSCRIPT_H

#include "../shell/words.h"
#include "../util/error.h"
#include "../util/strvec.h"

#include <stdbool.h>
#include <stddef.h>

#define MAX_SCRIPT_BYTES (8 * 1024 * 1024)

/* Makes room for one more element in an array of n elements that grows geometrically (capacity is
 * the next power of two, at least 8): amortised O(1) appends for scripts with many commands. */
#define JS_GROW(ptr, n)                                                                                         \
	do {                                                                                                   \
		if (((n) & ((n)-1)) == 0)                                                                     \
			(ptr) = xrealloc((ptr), ((n) < 8 ? 8 : (n)*2) * sizeof(*(ptr)));                     \
	} while (0)

enum sched_kind { JS_NONE = 0, JS_SLURM, JS_PBS, JS_LSF, JS_FLUX, JS_COBALT };
const char *sched_kind_name(enum sched_kind k);

/* One option of a scheduler directive line (#SBATCH -N 2 -t 1:00:00 gives two). */
struct directive {
	enum sched_kind kind;
	int line, col;	   /* 1-based physical line and byte column of the option */
	int span;	   /* bytes of the option as written (for the caret) */
	char *opt;	   /* canonical name: Slurm long name ("nodes"), PBS "account"/"queue"/"job-name"/-l
			      resource name ("select", "walltime", "filesystems"), LSF "nnodes"/"walltime"/... */
	char *spelled;	   /* as written: "-N", "--nodes", "-l" */
	char *value;	   /* NULL when the option has none */
	bool ignored;	   /* after the first command: the scheduler never reads it */
	bool unknown;	   /* not an option of this scheduler */
	char *problem;	   /* why the option or its value is malformed, or NULL */
};

/* A variable assignment (NAME=value, export NAME=value, declare -x ...). */
struct assign {
	char *name;
	struct shword value; /* value.raw == NULL for `export NAME` without a value */
	int line;
	int depth; /* 0 = the batch shell, 1+ = a per-task shell (bash -c under a launcher) */
	bool exported;
	bool has_value;
	bool in_cmd_prefix; /* NAME=value cmd: for that command only */
	bool runtime;	    /* set at run time by a builtin (read, mapfile, printf -v): no value to read */
	bool cond_append;   /* NAME+=... inside a condition or loop: value keeps the earlier value */
	bool appended;	    /* NAME+=...: value holds the earlier value's text, its own $NAME read before that */
	bool from_call;	    /* set in a function body from one of its arguments (local cfg=$1): the call's word */
	/* set inside an if/for/while/until/case/select block of the batch shell (not a function body): the
	 * lines of the outermost block, 0 when it is not */
	int ctl_first, ctl_last;
	int cmd;	    /* index of the command it belongs to */
};

/* A simple command. */
struct jcmd {
	int line, last_line; /* physical lines it spans */
	int col;	     /* byte column of its first word */
	int depth;	     /* 0 = batch shell; 1+ = inside the bash -c of a launcher */
	int parent;	     /* for depth > 0: the command whose bash -c holds it; else -1 */
	struct shwords words;/* the command's words (leading assignments removed) */
	size_t nassign_prefix;
	bool background;     /* ended with & */
	bool in_control;     /* inside if/for/while/case/function */
	char *redirect_out;  /* > FILE / >> FILE target (last one) */
	int heredoc;	     /* index into heredocs, -1 */
	/* a command in a shell function the script calls several times with different arguments, so its
	 * "$@"/$1 stay the function's: the first call's command index + 1 and the number of calls (0, 0
	 * otherwise; with one call, or the same words each time, the reader put them in place) */
	int fn_call1, fn_ncalls;
	/* where word i starts in the file (computed; approximate inside double-quoted bash -c) */
	int *word_line, *word_col;
};

struct heredoc {
	int line;	  /* line of the << operator */
	char *delim;
	char *target;	  /* the file a `cat > FILE <<EOF` writes, or NULL */
	char *body;
	int cmd;
	/* the delimiter was quoted (<<'EOF', <<"EOF", <<\EOF): the body is written as it stands; unquoted,
	 * the batch shell expands $X, $(...) and `...` when it writes the file (\$X stays $X for the task).
	 * A file written by printf or echo with single-quoted text (written.c) is quoted too. */
	bool quoted;
};

/* The kinds of programs on a launch line, outermost first. */
enum stage_kind {
	SK_SRUN,
	SK_MPIEXEC, /* MPICH / Cray PALS */
	SK_MPIRUN,  /* Open MPI */
	SK_IBRUN,
	SK_JSRUN,
	SK_FLUX, /* flux run / flux submit (and flux mini run/submit): Flux's parallel launcher */
	SK_APRUN,
	SK_TORCHRUN, /* torchrun, python -m torch.distributed.run */
	SK_TDLAUNCH, /* python -m torch.distributed.launch */
	SK_DEEPSPEED,
	SK_ACCELERATE,
	SK_SHELL,   /* bash -c / sh -c */
	SK_WRAPPER, /* env, time, numactl, apptainer exec IMG, singularity, shifter, taskset, ... */
	SK_PROGRAM, /* python script.py / python -m pkg / ./train */
	SK_COUNT
};
const char *stage_kind_name(enum stage_kind k);

struct lopt {
	const char *name; /* canonical option name (static) */
	int word;	  /* index of the option word in the command */
	int value_word;	  /* index of the value word (== word for --opt=value), -1 when none */
	char *value;	  /* the value after quote removal (variables as written), or NULL */
};

struct stage {
	enum stage_kind kind;
	int cmd;	    /* the command holding it */
	int first, last;    /* word range [first, last) within that command */
	struct lopt *opts;
	size_t nopts;
	const char *prog;   /* wrapper/program name (e.g. "apptainer", "python3") */
};

/* One launch line: the stages from the batch shell down to the training program. */
struct launch {
	struct stage *stages;
	size_t nstages;
	int cmd;	   /* the batch-shell command the line starts at */
	int prog_stage;	   /* index of the SK_PROGRAM stage, -1 when none was found */
	int script_word;   /* in the program stage's command: the script / module word, -1 */
	bool module;	   /* python -m pkg */
	bool wrapper_runs_script; /* an unknown wrapper runs the script itself (./site_launch.sh train.py):
				     how many processes it starts is unknown */
	bool mpmd; /* several programs in one launch (mpiexec ... A : ... B): the program stage ends at the ':' */
	bool multi_prog; /* srun --multi-prog FILE: the programs are in FILE (per task rank), FILE is no program */
	/* srun --multi-prog FILE where the script writes FILE and every rank runs the same command line:
	 * that line is the program (read as if inline); its %t and %o are srun's task rank and offset */
	bool multi_prog_uniform;
	bool named;	 /* added by js_add_launch: a program the data names as a training command */
};

struct jobscript {
	char *text;
	size_t len;
	struct strvec lines; /* physical lines, without newline: the strings point into line_block */
	char *line_block;     /* owns the lines: a copy of text with a NUL at each line's end */
	enum sched_kind sched;
	int first_command_line; /* the first line that is not a comment or blank (0 = none) */
	struct directive *dirs;
	size_t ndirs;
	struct jcmd *cmds;
	size_t ncmds;
	struct assign *assigns;
	size_t nassigns;
	struct heredoc *heredocs;
	size_t nheredocs;
	/* files the script writes with printf or echo of literal text (printf '%s\n' 'python train.py' > run.sh):
	 * each body as the file holds it, line the command's line minus one, quoted (written.c) */
	struct heredoc *cmdfiles;
	size_t ncmdfiles;
	struct launch *launches;
	size_t nlaunches;
	struct strvec problems; /* "LINE:message" for shell the reader could not follow */
	/* the first line that starts a Flux instance inside the job (flux start, flux alloc; under srun or
	 * mpiexec): the jobs that instance runs are Flux's own, which maple does not read, so such a script has
	 * no launch line it can read (0 = none). A Flux batch job (#flux: directives, flux run/submit) is read. */
	int flux_line;
	/* a heterogeneous Slurm job whose training launch names its components (srun --het-group=1, =0,1, or
	 * one srun with a ':' between the components' commands): the first of them (the component whose
	 * options are the job's) and how many it spans; het_span 0 = none named */
	int het_main, het_span;
};

/* Reads a script. Fails (with err) only for input that is not a text script: empty, larger than
 * MAX_SCRIPT_BYTES, NUL bytes or invalid UTF-8. */
int jobscript_parse(const char *text, size_t len, struct jobscript *js, struct maple_error *err);
void jobscript_release(struct jobscript *js);

/* A command (index i, batch shell) that a broken continuation cut off the command before it: it starts
 * with an option word (--lr 0.1: no command starts with "-") or, indented, follows a line whose last
 * backslash escapes a blank ("\ " or "\ # note") instead of the newline. Returns the line to blame
 * (the backslash's, with *escaped set; else the command's own: the line before lacks its backslash),
 * 0 when the command is whole. */
int js_broken_continuation(const struct jobscript *js, size_t i, bool *escaped);

/* ---- header directives (directives.c) ---- */
void parse_directives(struct jobscript *js);
/* Drops directive-looking lines inside a multi-line quoted word or a heredoc body (after parse_commands). */
void drop_quoted_directives(struct jobscript *js);
/* Picks the heterogeneous job's components the training launch runs on (js->het_main, het_span; after
 * the launches are read). */
void js_het_pick(struct jobscript *js);
/* hetjob.c, for directives.c: the directives [*lo, *hi) of the component whose options are the job's (the
 * one js_het_pick chose, else the first that asks for GPUs; false when the job is not heterogeneous);
 * whether opt is an option each component has for itself; the nodes of the GPU components the training
 * spans (0 when it spans one). */
bool js_het_gpu_component(const struct jobscript *js, size_t *lo, size_t *hi);
bool js_het_per_component(const char *opt);
int js_het_span_nodes(const struct jobscript *js);
/* The last (effective) directive with canonical name opt, or NULL. */
const struct directive *js_directive(const struct jobscript *js, const char *opt);

/* What the header asks for (0 / NULL = not stated). */
struct js_header {
	int nodes, gpus_per_node, gpus_total, tasks, tasks_per_node;
	/* Slurm's --nodes=MIN-MAX with MIN < MAX: sbatch picks the count in the range, so nodes is 0 (unknown) */
	int nodes_min, nodes_max;
	int walltime_min; /* -2 = unlimited */
	int cpus_per_task, cpus_per_gpu; /* Slurm -c / --cpus-per-gpu */
	long mem_mb;			 /* Slurm --mem (per node), in MiB; 0 = not stated or "all of it" */
	const struct directive *d_nodes, *d_gpus, *d_tasks, *d_tpn, *d_time, *d_cpus, *d_mem;
	const struct directive *d_job_name, *d_account, *d_queue, *d_qos;
};
void js_read_header(const struct jobscript *js, struct js_header *h);
/* Whether s is one or more ASCII digits and nothing else (directives.c). */
bool js_all_digits(const char *s);
/* The leading digits of f as a count, or -1 past max (directives.c: select=N, ngpus=N). */
long js_select_num(const char *f, long max);
/* submitline.c: a node count the script leaves to its submit command - a comment showing the submit line
 * with its node option (comment true; count 0 for a placeholder such as <N>), or else the first command that
 * reads the allocation's node count ($SLURM_NNODES, through variables too; count 0). line: where. False
 * when the script says neither. js_read_header gives a Slurm header with no node count of its own no
 * default of one node when this holds. */
struct js_submit {
	int line, count;
	int col; /* comment: the byte column where the submit command's name starts */
	bool comment;
};
bool js_submit_nodes(const struct jobscript *js, struct js_submit *out);
/* The node count the comments' submit commands give the script (`# submit with: sbatch -N 4 job.sh`), when
 * every such comment gives the same number; *line the first of them. 0 when none does, when one holds a
 * placeholder (--nodes=<N>) or when they give several counts (one submission per point of a scaling study). */
int js_submit_comment_nodes(const struct jobscript *js, int *line);
/* Whether the submit command of a comment js_submit_nodes found gives option opt (a directive's canonical
 * name: "account", "nodes", "partition", "qos", "time"; PBS "account", "queue", "walltime", "select",
 * "filesystems"). */
bool js_submit_gives(const struct jobscript *js, const struct js_submit *s, const char *opt);
/* The known option closest to a misspelled one ("--node" -> "--nodes"), or NULL. */
const char *closest_directive_option(enum sched_kind k, const char *spelled);
/* Time syntaxes, in minutes (-1 = malformed; Slurm "UNLIMITED" = -2). */
int slurm_time_minutes(const char *s);
/* Slurm's memory size (--mem): a count with an optional unit K, M (the default), G or T, in MiB; 0 for
 * 0 (all of the node's memory) or anything else (a variable, a malformed size); LONG_MAX for a count
 * past 2^40 (more than any node has: '--mem=18446744073709551617G'). */
long slurm_mem_mb(const char *s);
int pbs_walltime_minutes(const char *s);
/* A clock field out of range in a Slurm time (slurm true) or a PBS walltime that reads as a time: minutes or
 * seconds past 59 after a colon, hours past 23 after Slurm's "D-" ("00:99:00"). The scheduler takes it as
 * the sum, most likely not what was meant: a message naming the field and the value it sums to (caller
 * frees), or NULL when every field is in range or the value does not read as a time at all. */
char *clock_field_problem(const char *s, bool slurm);
int lsf_time_minutes(const char *s);
/* Flux's time limit: minutes, or Flux standard duration (a number with s/m/h/d; RFC 23); inf = -2. */
int flux_time_minutes(const char *s);

/* ---- launch lines (launch.c) ---- */
void find_launches(struct jobscript *js);
const struct lopt *stage_opt(const struct stage *s, const char *name);
/* The canonical name (as in struct lopt) of a launcher option spelled word ("--nproc_per_node",
 * "-N", "--export=ALL"), or NULL when the launcher's table does not know it. */
const char *launch_option_name(enum stage_kind k, const char *word);
/* Whether an sbatch/srun option as written (--container-image=IMG, --no-container-mount-home) is one of
 * NVIDIA's Pyxis plugin (launch_opts.c holds its one table; Slurm's own --container-id is not). */
bool pyxis_option(const char *spelled);
/* Whether a word of the training program's arguments names its collective backend: 1 when the value
 * is in the word (--backend=nccl, backend=nccl), 2 when it is the next word (--dist-backend nccl), 0 when
 * it is no such option (launch_opts.c holds the spellings). */
int backend_option(const char *word);
/* Whether word is exactly one parameter expansion with a literal default, ${NAME:-lit} or ${NAME-lit}
 * (lit: letters, digits and _./:,@%+=-), as a job runs it when NAME is never set: NAME and lit are copied
 * into name and lit (each cut to its buffer); false, with both left as they were, for anything else. */
bool var_default(const char *word, char *name, size_t ncap, char *lit, size_t lcap);
/* The last path component ("/opt/bin/python3" -> "python3"). */
const char *base_name(const char *path);
/* GPT-NeoX's launcher (python deepy.py train.py configs/a.yml ...: it starts DeepSpeed's runner on
 * train.py itself, https://github.com/EleutherAI/gpt-neox#usage): word is deepy.py, next the script. */
/* The job script a driver run on a login node feeds to sbatch or qsub on its standard input from its one
 * such heredoc (`sbatch --dependency=afterok:$ID <<EOF ... EOF`), as the scheduler receives it: an unquoted
 * delimiter's body with \$ read and the driver's constant variables given their values; the driver's own
 * lines blank, so line numbers stay the driver's. Or the job of its one `sbatch [OPTIONS] --wrap CMD` (*wrapped
 * set): the options as one #SBATCH line, CMD at its line. *fed_line: the feeding command's line. NULL (and 0) when
 * text is a job script itself (a launch line or directives of its own) or feeds no job, or several. The
 * caller frees it. (fed.c) */
char *js_fed_job_text(const char *text, size_t len, int *fed_line, bool *wrapped);
/* The first command that runs Python given inline rather than from a file - `python -c 'CODE'` (*dash_c set),
 * or the program fed on its standard input (`python - <<EOF`, `srun python3 <<'EOF'`: *fed its heredoc) - as
 * a command index; -1 when there is none. (fed.c) */
int js_inline_python(const struct jobscript *js, bool *dash_c, const struct heredoc **fed);
/* Reads into js->cmdfiles the files depth-0 printf and echo commands write with literal text. (written.c) */
void js_written_by_commands(struct jobscript *js);
/* The heredoc this script writes to the file named word (`cat > run_$SLURM_JOB_ID.sh <<EOF ... EOF` before
 * `srun bash run_$SLURM_JOB_ID.sh`, ./run.sh for run.sh, or the one file of that base name written by
 * another path), written before command cmd; NULL when none. (written.c) */
const struct heredoc *js_written_file(const struct jobscript *js, const char *word, int cmd);
/* Whether a file the script writes (js_written_file) and sources on line or before it (`cat > env.sh <<EOF ...
 * EOF; source ./env.sh`, or `. ./env.sh;` in a per-task shell) sets name: the sourcing shell has it. (written.c) */
bool js_sourced_sets(const struct jobscript *js, const char *name, int line);
/* The command line every task rank runs under an `srun --multi-prog` configuration body (one line for
 * `*` or all ranks, or several lines with the same command), without its rank list; NULL when the lines
 * start different programs (MPMD) or a line is no configuration line. The caller frees it. (written.c) */
char *js_multiprog_uniform(const char *body);
bool js_neox_launcher(const char *word, const char *next);
/* Adds the batch-shell command cmd as a launch line of its own, for a program the caller knows to
 * be a training command although no launcher or Python starts it (a package's console command,
 * `llamafactory-cli train X.yaml`, from data/scripts/wrappers.yaml): its index in js->launches, or -1
 * when cmd already is one or is not a batch-shell command. */
int js_add_launch(struct jobscript *js, int cmd);
/* The launch line that starts the training (spawner > parallel launcher > python), or -1. */
int js_main_launch(const struct jobscript *js);
/* How much launch line i looks like the training launch (0 = not one). */
int js_launch_weight(const struct jobscript *js, int i);
/* steps.c: whether launch line i is a single-task helper step around the training (a data step's name
 * such as prepare_data.py, or one task of Python under srun/mpiexec/mpirun/ibrun with no spawner);
 * the tasks its launcher states (0 = not stated); whether a program's name marks a data step. */
bool js_helper_step(const struct jobscript *js, int i);
/* 0 = not a helper step, 1 = a single-task helper, 2 = one whose name marks a data step. */
int js_step_rank(const struct jobscript *js, int i);
int js_step_tasks(const struct jobscript *js, int i);
bool js_prep_name(const char *script);
/* drivers.c: the program that launch line i runs when it is one that starts the job's tasks itself from
 * one process in the batch shell (data/scripts/drivers.yaml: a libEnsemble manager), or NULL. */
struct script_hints;
struct driver_hint;
const struct driver_hint *js_driver(const struct script_hints *h, const struct jobscript *js, int i);
/* The runner (drivers.yaml runners: python -m submitit.core._submit) launch line i runs, or NULL. */
struct runner_hint;
const struct runner_hint *js_runner(const struct script_hints *h, const struct jobscript *js, int i);

/* ---- shell functions (functions.c) ---- */
/* The name of the shell function whose body holds line (NAME() { / function NAME), into name, and
 * its length; 0 when the line is in none. *def: the line that defines it. */
size_t js_function_at(const struct jobscript *js, int line, char *name, size_t size, int *def);
/* Whether batch-shell command cmd calls a function the script defines. */
/* A function the script defines: its name and the line of its definition. */
struct js_fn {
	char name[64];
	int line;
};
/* The functions the script defines (at most max), into fns; how many. */
size_t js_defined_functions(const struct jobscript *js, struct js_fn *fns, size_t max);
bool js_calls_function(const struct jobscript *js, int cmd, const struct js_fn *fns, size_t nfns);
/* A word that is one reference to the positional parameters: "$@", $*, ${@}, $1..$9, ${N},
 * ${N:-literal}, ${@:N}, ${@:N:M} (double-quoted or not): parameters from..from+count-1 (count -1: all
 * the rest), and a literal default (def/deflen into raw, or NULL). */
struct js_posref {
	int from, count;
	const char *def;
	size_t deflen;
};
bool js_positional_ref(const char *raw, struct js_posref *p);
/* A launch line cmd inside a function body: its positional references replaced by the words of the
 * function's call (one call, or all calls with the same words); several calls with different words
 * set cmd's fn_call1/fn_ncalls instead. */
void js_function_args(struct jobscript *js, int cmd);
/* bash -c STRING NAME ARGS...: the positional references of inner command inner (parsed from STRING)
 * replaced by the words of outer command outer from index a0 (ARGS; NAME is $0). */
void js_shell_args(struct jobscript *js, int inner, int outer, size_t a0);
/* Assignments in a function body from its positional parameters take the call's words. */
void js_function_assigns(struct jobscript *js);

/* ---- shell commands (shparse.c) ---- */
/* Splits text into commands at depth, appending to js (lines offset by line0 - 1). */
void parse_commands(struct jobscript *js, const char *text, size_t len, int line0, int col0, int depth, int parent,
		    bool raw_columns);

/* ---- values (values.c) ---- */
/* The last assignment to name visible at command cmd in the batch shell (depth 0) or, for a
 * per-task command, in its own shell first. NULL when none. */
const struct assign *js_lookup(const struct jobscript *js, const char *name, int cmd);
/* Evaluates a word to an integer: literals, variables set in the script, $((arithmetic)),
 * scheduler variables (SLURM_NNODES ... resolved from the header through hdr_nodes/hdr_gpn/
 * hdr_tasks when > 0) and `wc -l` of the node file. Returns false when it cannot. */
struct js_counts {
	int nodes, gpus_per_node, tasks, tasks_per_node;
};
bool js_eval_int(const struct jobscript *js, const char *text, int cmd, const struct js_counts *hdr, long *out);
/* A word of command cmd with the variables that the batch shell sets to a constant before it (literal text,
 * or other such constants; set once outside any block, function or builtin) replaced by their values:
 * 1 with the new word in out (the caller owns it), 2 when the word is an unquoted expansion of an empty
 * value (no word at all), 0 when nothing changes (no such variable, a variable from the environment, the
 * command line or a command's output, or an unquoted value that the shell would split or glob). */
int js_resolve_word(const struct jobscript *js, int cmd, const struct shword *w, struct shword *out);
/* Whether word w of command cmd is an unquoted expansion of a value the script sets empty ("${PROFILE_ARGS}"
 * after PROFILE_ARGS=""): the program gets no word for it. The reading keeps every other word as the script
 * writes it ("--data $DATA"): the port carries the assignments those words use. */
bool js_expands_to_nothing(const struct jobscript *js, int cmd, const struct shword *w);
/* text with each "$NAME" and "${NAME}" that the shell assignments in assigns ("NNODES=2\nexport GPUS=4\n")
 * set to a constant replaced by its value, as plain text; a newly allocated string the caller frees.
 * For a pasted command read for its counts: every constant counts, MASTER_PORT's included. */
char *js_substitute_constants(const char *assigns, const char *text);
/* Whether text (a word's value) expands a variable, directly or through variables the batch shell
 * set, that the launcher sets per task (SLURM_PROCID, PMI_RANK ...); returns the name or NULL. */
const char *per_task_var_in(const char *text);
bool is_per_task_var(const char *name);

#endif

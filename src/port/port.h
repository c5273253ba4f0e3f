/* port.h - porting an old job script to another cluster, in one place: where the job goes (the
 * world size kept on the fewest whole target nodes, or the node count with --keep-nodes), what is
 * carried over (the request, the assignments its launch line depends on, the user's DeepSpeed
 * config) and what is not (each line named with its reason). A port maple cannot make whole is an
 * error or incomplete, never a script of an invented program. */
#ifndef MAPLE_PORT_H
#define MAPLE_PORT_H

#include "../request/extract_script.h"
#include "../request/rules.h"
#include "../util/strbuf.h"

struct port_opts {
	bool keep_nodes;     /* keep the old node count (the world size changes) */
	bool program_given;  /* the request text names the program: no launch line needed */
	int text_walltime;   /* the walltime the request text asks for (minutes; 0 = none): it stands for the
				old script's in the target's queue limits */
};

enum port_status { PORT_OK = 0, PORT_INCOMPLETE = 1, PORT_ERROR = 2 };

/* Fills req for target from the reading; every change and every line not carried over becomes a
 * warning. PORT_INCOMPLETE: why gets what is missing (no launch line); PORT_ERROR: why gets the
 * reason maple cannot port it (a CUDA binary on other GPUs, Megatron's tensor parallel size larger
 * than the target's node). */
enum port_status port_request(struct script_reading *sr, const struct cluster *target, const struct port_opts *o,
			      struct request *req, struct strvec *why);

/* foreign.c: after the request text overlaid the port: the other scheduler's variables in the arguments that name
 * the job itself are renamed to target's ($SLURM_JOB_ID -> $PBS_JOBID, a warning each); the others
 * ($SLURM_NTASKS under PBS) make the port an error (why says which). */
enum port_status port_foreign_sched_vars(const struct cluster *target, struct request *req, struct strvec *why);

/* Where W = nodes x GPUs per node workers go on a target with T GPUs per node: the fewest nodes n
 * over which W divides evenly with W / n <= T. Returns false when T < 1 or W < 1. */
bool port_place(long world, int target_gpus_per_node, int *nodes, int *gpus_per_node);

/* array.c: each argument that is one element of a carried bash array ("${SEEDS[$SLURM_ARRAY_TASK_ID]}")
 * read from NAME_ITEM, a plain variable set to that element before the launch (said): per-task shells
 * inherit no arrays. */
void port_array_elements(struct request *req);
/* loop.c: the line of a loop that binds name (for NAME in / for ((NAME / select NAME in / read ... NAME),
 * 0 when none does. */
int port_loop_binds(const struct jobscript *js, const char *name);
/* loop.c: for each `for` loop of the old script whose variable the program's arguments use (and that
 * holds the launch line and nothing else that runs), its header as a step before the launch and its
 * `done` as the first step after it; *nloops says how many. -1 (why says the loop and the reason)
 * for a loop that cannot be carried (read, select, other commands in its body). */
int port_carry_loops(const struct script_reading *sr, struct request *req, struct strvec *why, const char *target_id,
		     int *nloops);
/* loop.c: moves the nloops carried loop headers after every other step before the launch. */
void port_loops_last(struct request *req, int nloops);

/* per_task.c: a program that takes its rank from the MPI launcher ("horovod", "jax", "mpi": a binary), or
 * NULL. port_per_task_request: PORT_ERROR (why says the reason) where it cannot run on target (a CUDA binary
 * on another vendor's GPUs, JAX under PBS); otherwise the request is set for a DDP header and the kind is said.
 * port_per_task_launch: after synthesis, the launch section of script written again for one task per GPU
 * with target's launcher (and the header's task counts with it); -1 (why) where the launch does not fit. */
const char *port_per_task_kind(const struct script_reading *sr);
enum port_status port_per_task_request(const struct script_reading *sr, const struct cluster *target, struct request *req,
				       struct strvec *why);
int port_per_task_launch(const struct script_reading *sr, const struct cluster *target, const struct template *t,
			 const struct request *req, struct strbuf *script, struct strvec *why);

/* dropped.c: fills sr->dropped: the lines of the old script a port does not carry over, with line and reason. */
void port_not_carried(struct script_reading *sr);
/* dropped.c: adds "line N: `TEXT` not carried over: why" for line of the old script to sr->dropped. */
void port_drop_line(struct script_reading *sr, int line, const char *why);
/* dropped.c: whether w is a command that sets up the old cluster's software (module, ml, conda, source, ., spack,
 * mamba, micromamba). */
bool port_is_setup_command(const char *w);
/* own_launch.c: PORT_ERROR (why says the reason) for a program whose launch a port does not write (GPT-NeoX's
 * deepy.py, a Ray driver, a libEnsemble manager, a TensorFlow program); PORT_OK otherwise. */
enum port_status port_not_pytorch_launch(const struct script_reading *sr, const struct cluster *target,
					 const struct request *req, struct strvec *why);
/* dropped.c: the project-environment manager of the main launch line (uv run ...) into req->wrapper, with a warning. */
void port_carry_wrapper(struct script_reading *sr, const struct cluster *target, struct request *req);

/* header.c: a count or time of the old header that the scheduler refuses ('#SBATCH -t 99999999999',
 * 'select=99999999999'), where the request text gives none in its place (its walltime is o's,
 * text_nodes says it gives a size): PORT_ERROR with a line in why for each, naming the line. */
enum port_status port_bad_header_values(const struct script_reading *sr, const struct port_opts *o, bool text_nodes,
					struct strvec *why);
/* header.c: the old script's job name (req->from[RF_JOB_NAME] a "line N: ...") with characters a directive
 * cannot carry is written with them as '_', or dropped when none is left, with a warning either way. */
void port_job_name(struct request *req);

/* Adds to req's environment the assignments the launch line (script, arguments, carried values)
 * depends on, transitively, in the order of the old script; a cluster's variable it depends on is
 * named as not carried over, a variable the script never sets is named as one to set. */
void port_carry_assignments(struct script_reading *sr, const struct cluster *target, struct request *req);

/* The container image the old launch line runs its program from, carried to target when it has a
 * route for that kind of image (req's container fields, a warning with the line); otherwise the drop
 * is said with the line, the image and the reason (sr->dropped). */
void port_container(struct script_reading *sr, const struct cluster *target, struct request *req);
/* container.c: a GPU vendor of the data ("nvidia", "amd", "intel") as the vendor writes it (NVIDIA, AMD, Intel)
 * for messages; other text as it is. */
const char *port_vendor_name(const char *v);
/* A job array of the old script (#SBATCH --array=, #PBS -J): carried over (a warning with its line), or
 * named as not carried where the target's syntax cannot say it. port_array_line: its header line for
 * target (NULL = none); port_insert_header puts a line after the script's last #SBATCH/#PBS line. */
void port_array(struct script_reading *sr, const struct cluster *target, struct request *req);
/* foreign.c: the target scheduler's variable for a job variable of the other one ($SLURM_ARRAY_TASK_ID <->
 * $PBS_ARRAY_INDEX, $SLURM_JOB_ID <-> $PBS_JOBID ...), NULL when it has none. */
const char *sched_var_equivalent(const char *name, enum scheduler to);
/* chain.c: each submission of another job (or of itself) in the old script - a dependency chain - named
 * as not carried over, with the line that queues it on target in target's scheduler syntax. */
void port_chain(struct script_reading *sr, const struct cluster *target, struct request *req);
/* For a script that runs no program but queues other job scripts (a chain submitted from a login node):
 * what is missing, said with the first queuing line and the target's syntax (allocated); NULL when the
 * script queues none. */
char *port_chain_submitter(const struct script_reading *sr, const struct cluster *target);
/* For a port of the job a login-node driver feeds to sbatch/qsub on standard input or wraps (wrapped: sbatch
 * --wrap) (js_fed_job_text; the
 * feeding command on line fed_line of driver): says that the port is that job and how to queue it on target
 * (its dependency in target's syntax), and names each other job the driver queues as not carried over. */
void port_fed_driver(const char *driver, size_t len, int fed_line, bool wrapped, const struct cluster *old,
		     const struct cluster *target, struct request *req);
char *port_array_line(const struct script_reading *sr, const struct cluster *target);
void port_insert_header(struct strbuf *script, const char *line);
/* steps.c: whether top-level command ci of the old script is a single-task helper step around the
 * training launch (a port carries it); port_helper_steps fills req's pre_steps/post_steps with them,
 * re-expressed for target, and names the ones it cannot carry in sr->dropped with the reason. */
bool port_step_cmd(const struct script_reading *sr, size_t ci);
/* Whether top-level command ci of the old script is a cd before the training launch that a port carries:
 * into a directory under the submit directory (`cd src`, `pushd code/x`, `cd $SLURM_SUBMIT_DIR/training`),
 * where the old job's relative paths resolve the same on the target when the port is submitted from where
 * the old job was; not a cd into the old centre's file systems ($WORK, /lus/..., ~), nor one after such a
 * cd. out (when not NULL) gets `cd DIR || exit 1` in target's words. */
bool port_cd_step(const struct script_reading *sr, size_t ci, const struct cluster *target, struct strbuf *out);
/* Whether a cd target is the submit directory itself ($SLURM_SUBMIT_DIR, $PBS_O_WORKDIR, ".", ...). */
bool port_is_submit_dir(const char *d);
void port_helper_steps(struct script_reading *sr, const struct cluster *target, struct request *req);
/* The user's own accelerate config (--config_file FILE, --deepspeed_config_file FILE) kept as written in
 * req->launcher_args, with what it decides said (unknown where maple could not read it: the strategy
 * is then the config's, req->strategy_from_config); config.c. */
void port_launcher_config(struct script_reading *sr, const struct cluster *target, struct request *req);
/* The index of the heredoc of the old script that writes the Accelerate config its launch line names
 * (accelerate launch --config_file FILE), when the port can write it again as it was (it closes, is
 * written by the batch shell outside a condition, and expands no variable but in the keys the port's
 * flags override), or -1; config.c. */
int port_acc_config_heredoc(const struct script_reading *sr);
/* The index of the heredoc of the old script that writes the DeepSpeed config its launch arguments
 * name, or -1. */
int port_ds_config_heredoc(const struct script_reading *sr, const struct request *req);
/* Whether heredoc h of the old script writes, before the launch, a file the training program's arguments
 * name (--config run_config.yaml after cat > run_config.yaml <<EOF): the port writes it as it was. */
bool port_arg_file_heredoc(const struct script_reading *sr, int h);
/* The DeepSpeed (or Accelerate, port_acc_config_heredoc) config the old script writes itself (a heredoc its launch arguments name), line for
 * line as the old script has it, for the port to write before its launch; NULL when there is none (then
 * the arguments were pointed at the config maple writes). The caller frees it. */
char *port_user_config_text(const struct script_reading *sr, const struct request *req);
/* Puts block (whole lines) before the launch section of a script maple wrote ("# --- launch ---"). */
void port_insert_before_launch(struct strbuf *script, const char *block);
/* node_files.c: whether top-level command ci (before the launch) writes the hostfile or MPI rankfile the main
 * launch names (echo/printf >> F, rm -f F): why gets the reason it is not carried over. */
bool port_node_file_cmd(const struct script_reading *sr, size_t ci, char *why, size_t n);
/* node_files.c: whether command ci is `accelerate config default`: -1 no; 0 it writes accelerate's default
 * location; else the index of the word that names its --config_file. */
int port_acc_default_cmd(const struct script_reading *sr, size_t ci);
/* node_files.c: the `accelerate config default` command that writes file (NULL: the default location) before
 * the launch, carried as a step before the port's launch (said): 1, or 0 when the old script has none. */
int port_acc_default_config(struct script_reading *sr, const char *file, struct request *req);
/* written_files.c: whether heredoc h of the old script closes and starts on its command's line (it can be
 * carried over line for line). */
bool port_heredoc_closes(const struct script_reading *sr, int h);

/* retarget.c: the program's arguments re-aimed at target, each change a warning: the DeepSpeed config
 * options pointed at the one the port writes ("$DS_CONFIG"); a backend (--backend ccl) or torch device
 * (--device xpu) for the old cluster's GPUs changed to target's; the GPUs per node and node count told in
 * the arguments (--devices 4, trainer.num_nodes=2) changed where the port moved the job (old_nodes x
 * old_gpn was the old layout). */
void port_retarget_ds_args(struct request *r);
void port_retarget_backend(const struct script_reading *sr, struct request *r, const struct cluster *target);
void port_retarget_device(struct request *r, const struct cluster *target);
void port_retarget_layout_args(struct request *req, int old_nodes, int old_gpn);

/* The program's command line and its launcher (taskargs.c): per-task variables in the arguments renamed
 * to the target launcher's ($SLURM_PROCID -> $PMI_RANK), counts written as the port's numbers, Python
 * options before the program carried as their environment variables, the program's own --launcher
 * changed to what the port gives it; PORT_ERROR (why says which argument) where no variable fits. */
enum port_status port_task_args(const struct script_reading *sr, const struct cluster *target, struct request *req,
				struct strvec *why);
/* counts.c: the old scheduler's counts and sizes of the job ($SLURM_CPUS_PER_TASK, $SLURM_GPUS_ON_NODE, PBS's
 * $NCPUS; launchvars.yaml job_counts) in the program's arguments and the carried assignments written as the
 * port's numbers (a warning each, with what the count meant in the old job); PORT_ERROR (why says which)
 * where the old launch's shape gives the count no meaning in the port. port_is_job_count: whether name is
 * one of them for the old script's scheduler (and the script does not set it itself). */
enum port_status port_job_counts(const struct script_reading *sr, const struct cluster *target, struct request *req,
				 struct strvec *why);
bool port_is_job_count(const struct script_reading *sr, const char *name);
/* After the template is chosen: per-task variables left in the arguments need a shell per task around
 * the program (a per-GPU launch whose bash -c '...' holds it); PORT_ERROR with the reason otherwise. */
enum port_status port_task_args_fit(const struct script_reading *sr, const struct template *t, const struct request *req,
				    struct strvec *why);

#endif

/* reader.h - the request reader's shared state and helpers, for its layer files only (not a public API). */
#ifndef MAPLE_READER_H
#define MAPLE_READER_H

#include "extract.h"
#include "lexicon.h"

#include <stdbool.h>
#include <stddef.h>

#define MAX_TOKS 4096

struct tok {
	size_t start, end; /* the raw token in the text (punctuation included) */
	char raw[96];	   /* punctuation stripped, case kept */
	char norm[96];	   /* lower case of raw */
	double num;	   /* value when is_num */
	bool is_num;
	bool num_word; /* "a", "an", "single": only a number before a unit */
	char trail;    /* punctuation that followed the token (',', '.', ...) or 0 */
	bool used;     /* consumed by an earlier rule */
	bool cluster;  /* part of the cluster's name */
	bool source;   /* inside what the text says of another cluster (where the job ran before) */
	bool copied;   /* said of another cluster's job the user asks for again ("same setup as our
			* Polaris job (2 nodes)"): its counts and time are the target's, but not its GPUs per
			* node, queue or account, which belong to that machine */
	bool neg;      /* taken back: "no FSDP", "we tried DeepSpeed but ..." */
	bool called_off; /* of neg: called off ("scratch the 64-node plan", "ignore the 10h estimate"), a duration too */
	bool past_run;   /* of neg: said of a run before ("last time I ran 4 nodes", "we tried 8 nodes"): a base for
			  * "twice the nodes" */
	int corr;      /* how many corrections precede it ("sorry, I meant ..."): later statements win */
	bool corr_cue; /* one of the words of a correction's cue ("wait, no"): not a negation */
};

/* How sure a statement is, by where it came from: a form's field beats a launcher's option, which
 * beats prose, which beats a job script pasted with the request (its directives and launch line: what
 * the request says in words edits it), which beats a header pasted from another system; within one rank
 * a correction beats what it corrects. */
enum rank { RK_NONE = 0, RK_COPIED = 1, RK_PASTED = 2, RK_PROSE = 3, RK_COMMAND = 4, RK_FIELD = 5 };

struct ctx {
	const char *text;
	size_t len;
	char *nl; /* copy of text with the command region blanked */
	struct tok *t;
	size_t n, alloc;
	const struct repo *repo;
	struct request *req;
	const struct request *older; /* the quoted message this one replies to, read first (NULL: none) */
	const struct cluster *cluster;
	/* raw statements */
	int nodes, gpn, total;
	size_t nodes_at, gpn_at, total_at; /* token index + 1 of the statement */
	/* the job script pasted with the request is the job where it ran before (commands.c): what its
	 * directive lines state counts only where the request states nothing of its own */
	bool pasted_weak;
	enum rank nodes_rank, gpn_rank, total_rank;
	int nodes_corr, gpn_corr, total_corr;
	/* the size where the job ran before, as the text gives it (a pasted header, another system's command,
	 * prose said of it; 0 = not given): what "the same number of GPUs" or "the same node count" keeps */
	int src_nodes, src_gpn, src_total;
	size_t rel_wall_at; /* token index + 1 of "double that" said of a time (relative_size.c); 0 none */
	int rel_wall_base;  /* minutes of the base said after it ("half the walltime of the 8h run"); 0 none */
	bool cluster_field;   /* a form named the cluster (prose does not override it) */
	int zero_field;	      /* a form's ZeRO stage (0 = none) */
	size_t cmd_a, cmd_b;  /* a command a form gave ("cmd: python x.py"), [cmd_a, cmd_b) of text; 0/0 none */
	size_t list_cmd_b;    /* the end of a command a form gave as a list ("command: [torchrun, x.py]"), 0 none */
	bool cmd_is_args;     /* the form gave a script word then its arguments in one value */
	bool args_field;      /* a form gave the arguments */
	int cur_corr;	      /* correction level of the statement being recorded */
	enum framework cmd_fw; /* what a typed launch command runs (FW_NONE = no command) */
	enum strategy cmd_st;
	bool cmd_st_stated;
	size_t cmd_start, cmd_end; /* where a typed launch command that stated counts starts and ends in the text
				    * (cmd_end 0 = none) */
	size_t launch_a, launch_b; /* the typed launch command, counts or not (launch_b 0 = none) */
	bool launch_local;	   /* its sentence says it runs on the user's own machine ("on my workstation") */
	int local_gpus;		   /* the GPUs a command of the user's own machine starts (0 = none said) */
	int cmd_launcher; /* the typed command's first launcher (enum stage_kind), -1 when none */
	/* the container a typed command runs in ("apptainer exec --nv X.sif python ..."): its runtime and
	 * image (malloc'd; owned here, freed by the driver), NULL when none */
	char *cmd_container_runtime, *cmd_container_image;
	/* a PBS chunk's "system=NAME" (select=2:system=polaris): the cluster when the text names no other;
	 * [resource_a, resource_b) of text */
	const struct cluster *resource_cluster;
	size_t resource_a, resource_b;
	/* job script headers pasted from another system ("the PBS header I use on Aurora: ...", then the
	 * target named): [foreign_a, foreign_b) of text, and that system */
	size_t foreign_a[4], foreign_b[4];
	const struct cluster *foreign_cluster[4]; /* NULL: the block's system is not known, only that it is not
						   * the target's (an LSF header, another cluster's partition) */
	size_t nforeign;
	/* what a pasted scheduler record or one-row table states of a job that ran (squeue/sacct columns,
	 * scontrol's Key=Value, qstat -f's "Key = value"): what "same account as above", "the same partition
	 * and node count" point at ("" / 0 when none or when rows disagree) */
	char paste_account[64], paste_queue[64];
	int paste_nodes, paste_gpus;
	int paste_gpn;	      /* GPUs (ranks) per node of a pasted log: NCCL's localRanks, local_world_size */
	int paste_walltime;   /* minutes: a squeue/sacct TIME_LIMIT, scontrol's TimeLimit=, qstat -f's walltime */
	int paste_idle_nodes; /* the nodes of sinfo's rows in state idle */
	int paste_listed;     /* the hosts a node-listing tool printed, one per line ("pbsnodes -l free") */
	bool paste_picked;    /* the request picks a row of a pasted table ("the one that finished") */
	bool paste_account_row; /* paste_account is the row of a balance tool's table the request picks ("the GPU one") */
	/* the account and queue a submit API's parameters pasted with the request give (submitit's
	 * slurm_account= / slurm_partition= / slurm_qos=, its Hydra launcher's account: / partition:), [a, b) of
	 * text each (the account "" when none or two disagree): the job's own where they fit the target
	 * (submit_params.c) */
	char api_account[64], api_queues[2][64];
	char foreign_queue[64]; /* the queue of a job script's header pasted from another system ("" none) */
	/* the records of earlier runs pasted with the request (run_records.c): [record_a, record_b) of text */
	size_t record_a[4], record_b[4];
	size_t nrecords;
	size_t api_account_a, api_account_b, api_queue_a[2], api_queue_b[2];
	size_t napi_queues;
	size_t chat_corr[32]; /* where a chat log's asker speaks again: each a correction, as "actually" */
	size_t nchat_corr;
	int copied_walltime; /* a walltime from such a header: used when the request states none (0 = none) */
	/* a training program's own configuration pasted with the request (program_blocks.c): [program_a,
	 * program_b) of text; its ZeRO stage (0 = none), used when the words name none; whether the GPUs per
	 * node were stated by one */
	size_t program_a[16], program_b[16];
	size_t nprogram;
	int zero_config;
	bool zero_words; /* the words name a ZeRO stage (prose_job.c) */
	bool program_gpn;
	size_t copied_walltime_a, copied_walltime_b;
};

/* Records a count statement of rank rk at correction level corr (see enum rank); a conflicting
 * statement of a lower rank or level is reported as a warning and ignored. */
void rd_state_nodes(struct ctx *c, int v, size_t a, size_t b, enum rank rk);
void rd_state_gpn(struct ctx *c, int v, size_t a, size_t b, enum rank rk);
void rd_state_total(struct ctx *c, int v, size_t a, size_t b, enum rank rk);
/* count_statements.c: what prose states at tokens [a, b] (said of another system or of a limit ranks
 * lower or is rejected, with the reason), and a rejected span with its reason */
void rd_say_nodes(struct ctx *c, int v, size_t a, size_t b);
void rd_say_gpn(struct ctx *c, int v, size_t a, size_t b);
bool rd_shown_by_device_tool(const struct ctx *c, size_t num);
void rd_say_total(struct ctx *c, int v, size_t a, size_t b);
/* The GPUs given through the model's parallel degrees ("TP=4, PP=2, DP=2"): parallel_degrees.c. */
void rd_read_parallel_degrees(struct ctx *c);
void rd_reject_span(struct ctx *c, enum req_field f, size_t a, size_t b, enum rank rk, const char *why);
/* source_size.c: "the same number of GPUs (as now)", "keep the node count": the size of where the job ran
 * before carries to the target (its total, or its node count at the target's GPUs per node) where the
 * request states no size of its own. Run after every count is read. */
/* described_cluster.c: "the other ALCF machine, the one with 12 GPUs a node": the one cluster of a
 * centre the text describes (NULL when not exactly one); *at the centre's token, why says how */
const struct cluster *rd_described_cluster(struct ctx *c, size_t *at, char *why, size_t cap);
void rd_keep_source_size(struct ctx *c);
/* source_machines.c: cloud instances, vendor boxes and machines counted with their GPUs, ranks, "world size
 * N", slots_per_trial, jsrun's resource sets: the source's size (src_*), taken from the count readers; "world
 * size N" of the job asked for is its total. Run before rd_read_counts. */
void rd_read_source_machines(struct ctx *c);
bool rd_same_time_said(const struct ctx *c);
void rd_relative_to_source(struct ctx *c);
/* relative_size.c: "halve the nodes", "double the walltime", "twice as many nodes": recorded in the
 * request (rd_read_relative_change) and applied to the base once it is known, the message's own or the
 * older quoted one's (rd_apply_relative_change). */
void rd_read_relative_change(struct ctx *c);
void rd_apply_relative_change(struct request *req);
/* Sets a field's evidence from text[a, b). */
void rd_from_text(struct ctx *c, enum req_field f, size_t a, size_t b);
/* Blanks text[a, b) of the working copy (newlines kept) so later layers do not read it again. */
void rd_blank(struct ctx *c, size_t a, size_t b);
/* table_rows.c: of a markdown table's rows text[row_a[i], row_b[i]) (the table spans [ta, tb), its header
 * row [ha, hb)), the one the job is: marked in its cells, or named around the table by a cell of its own,
 * its place or its size; -1 when none stands out. status_col is the index of a status/note column (-1
 * when none). */
int rd_table_pick_row(const struct ctx *c, size_t ta, size_t tb, size_t ha, size_t hb, const size_t *row_a,
		      const size_t *row_b, size_t nrows, int status_col);
/* Minutes of a duration written as a value ("6h", "1-12:00:00", "two and a half hours"); 0 when none. */
int rd_duration_value(const struct ctx *c, const char *s, size_t len);

/* Layers (each its own file). */
/* conversation.c: a chat transcript's speaker labels ("User:", "Assistant:") blanked in place: they are
 * never values ("Project?\nUser: CosmoSim"); only when two different speakers open lines. */
/* ... and a chat log's later lines of the one asking are correction points: their offsets in corr_at (at
 * most max), their count returned. */
size_t rd_blank_speakers(char *s, size_t len, size_t *corr_at, size_t max);
/* chosen_commands.c: several pasted launch commands (a README's recipes, a Makefile's targets, a table's
 * rows) and the writer's pick of one ("the multi-node variant", "the train-large target", "option B",
 * "the second command"): the others and every command's label blanked; nothing when none is picked. */
void rd_blank_unchosen_commands(struct ctx *c);
/* chosen_configs.c: several pasted config blocks or tables, each under its own heading ("configs/big.yaml:",
 * "Table 2 (current plan):"), and the writer's pick of one ("the big config", "full.yaml", "table 2"):
 * the others blanked; nothing when none or several are picked. */
void rd_blank_unchosen_configs(struct ctx *c);
/* version_lines.c: versions of one request, one a line ("v1: ...", "v2: ...", "v3 (final): ..."): the
 * labels blanked and each later version's offset in corr_at (a correction point); their count returned,
 * 0 when fewer than two lines are labelled */
size_t rd_version_lines(char *s, size_t len, size_t *corr_at, size_t max);
/* tool_output.c: terminal output pasted around a request (a state tool's prompt line and what it printed,
 * a traceback, a module list, pip freeze, scheduler records and errors, log lines) blanked in place. */
void rd_blank_tool_output(char *s, size_t len);
/* failure_notes.c: in nl (the working copy of text, len bytes), the quantities an earlier run's failure
 * report states that are not the ask: a limit of the system ("debug can't go past an hour"), the size of
 * the run that failed ("single-node test fell over"), a purpose clause ("so the weights get sharded over
 * all 8 GPUs"), the "a" of the node a pasted output came from ("that's a frontier compute node"); and
 * "never" before the job's progress ("It never starts on Anvil"). rd_read_machine_identified: a system
 * maple has no profile for, named to say what the pasted output is ("that's Frontera"), as the cluster
 * where no other is read. */
void rd_blank_failure_notes(char *nl, const char *text, size_t len);
void rd_read_machine_identified(struct ctx *c);
void rd_blank_wide_punct(char *s, size_t len); /* text_input.c */
/* text_input.c: the text with Unicode spaces, zero-width characters, curly quotes and the ellipsis in
 * their ASCII forms (malloc'd, *out_len its length), or NULL when it has none. */
char *rd_plain_typography(const char *text, size_t len, size_t *out_len);
/* text_input.c: [*a, *b) narrowed to what a quote or parenthesis around the whole request wraps. */
void rd_unwrap_whole(const char *text, size_t *a, size_t *b);
bool rd_tool_column_header(const char *s, size_t a, size_t b);
/* the cluster a pasted tool's shell prompt names in its host ("vista(login1)$ sinfo"), [*a, *b) in text */
const struct cluster *rd_prompt_cluster(const struct ctx *c, size_t *a, size_t *b);
/* inline_replies.c: a reply written under each quoted field, flattened into one message of fields
 * (malloc'd, owned by the caller; NULL when the text is not such a reply) */
char *rd_flatten_inline_replies(const char *text, size_t len, size_t *out_len);
/* command_counts.c: counts a typed command states as options ("--nodes 2", "-np 8", "select=2:ngpus=4"),
 * and the command's GPUs per node dropped when it runs on another cluster than the target */
void rd_read_count_flags(struct ctx *c);
/* A pasted DeepSpeed or MPI hostfile: its lines are the nodes, its slots the GPUs per node (hostfiles.c). */
void rd_read_hostfiles(struct ctx *c);
/* number_words.c: numbers written in words over several tokens, and words that count only before a unit */
void rd_join_number_words(struct ctx *c);
/* number_words.c: a range settled in the words after it ("3-4 nodes, let's say 4") read as the number chosen */
void rd_settle_ranges(struct ctx *c);
void rd_fence_source_command(struct ctx *c);
/* count_references.c: node counts said by reference ("change select to 2", "3 of those", "3 is plenty") */
void rd_read_count_references(struct ctx *c);
/* chosen_items.c: of several candidate jobs listed in a form, the ones the text does not choose blanked */
void rd_blank_unchosen_items(struct ctx *c);
/* chosen_lines.c: of several candidate jobs listed in prose ("1) ... 2) ... go with the second one"), the
 * ones the text does not choose blanked */
void rd_blank_unchosen_lines(struct ctx *c);
/* args_strategy.c: the strategy the program's own arguments choose ("--fsdp full_shard", "--strategy fsdp")
 * when the words and the launcher say none (after the command and the framework are read) */
void rd_read_args_strategy(struct ctx *c);
/* script_diffs.c: a diff of a pasted job script (unified, "-old"/"+new" pairs, normal, word diff) rewritten
 * as its new version, hunks the words reject kept as they were (malloc'd, owned by the caller; NULL when
 * the text holds no diff) */
char *rd_read_script_diffs(const char *text, size_t len, size_t *out_len);
/* script_edits.c: sed (or perl -pi) substitutions applied to the pasted lines they edit, the commands taken
 * out; one-line "before: / after:" versions written as "was: / now:" (malloc'd, owned by the caller; NULL
 * when the text holds neither) */
char *rd_read_script_edits(const char *text, size_t len, size_t *out_len);
/* script_diffs.c: the words that describe a diff: relative sizes in a commit's message above it ("double the
 * nodes", "scale it up"; git log's indented message, format-patch's "Subject:" and body), whose new side has
 * them already, are not read again; "the qos hunk" names no queue */
void rd_fence_diff_words(struct ctx *c);
/* whole_node_gpus.c: "all GPUs on each node" over a pasted script's task count: its GPUs per node and total
 * give way to the node type's */
void rd_read_all_gpus_each_node(struct ctx *c);
/* lead_in.c: a greeting on the first line before pasted material ("hey maple - {...}") put on its own
 * line (malloc'd, owned by the caller; NULL when there is none) */
char *rd_split_lead_in(const char *text, size_t len, size_t *out_len);
/* csv_rows.c: a CSV header of field names and the one row under it rewritten as form lines (malloc'd,
 * owned by the caller; NULL when the text holds no such table) */
char *rd_flatten_csv(const char *text, size_t len, size_t *out_len);
/* run_tables.c: tables of runs as aligned plain-text columns, bar rows without a rule line, or value rows
 * under a line naming their columns, rewritten as ruled markdown tables (malloc'd, owned by the caller;
 * NULL when the text holds none) */
char *rd_flatten_run_tables(const char *text, size_t len, size_t *out_len);
/* markup.c: XML/HTML, query strings, SQL inserts, org-mode properties, dotted leaders, check boxes, W&B
 * values and LaTeX tables rewritten as form lines (NULL when the text has none) */
char *rd_flatten_markup(const char *text, size_t len, size_t *out_len);
/* picked_items.c: several listed runs, configs, commands or stages and the words that pick one: the text
 * with only the picked one (as plain lines), the picking words blanked (malloc'd, *out_len), or NULL.
 * repo (may be NULL) answers "the biggest one that fits in the debug queue". */
char *rd_pick_listed_item(const char *text, size_t len, const struct repo *repo, size_t *out_len);
/* picked_loop.c: a shell loop over values ("for seed in 0 1 2; do ... done") and the words that pick one
 * ("seed 1's"): the text with the loop replaced by its body run with that value (malloc'd), or NULL. */
char *rd_pick_loop_value(const char *text, size_t len, size_t *out_len);
/* Launch commands built in Python (a list of strings, a string split into words) rewritten as command
 * lines of their own (python_calls.c); NULL when the text has none. */
char *rd_flatten_python_commands(const char *text, size_t len, size_t *out_len);
/* question_replies.c: answers written after (or under) the questions they answer ("How many nodes? 4",
 * "Q: which cluster?\nA: Polaris") rewritten as form lines (malloc'd, owned by the caller; NULL when the
 * text holds no such answers) */
char *rd_flatten_question_replies(const char *text, size_t len, size_t *out_len);
/* pasted_facts.c */
void rd_read_pasted_facts(struct ctx *c);
void rd_apply_pasted_facts(struct ctx *c);
/* conversation.c: a reply or forward split into the newest message and the older ones it quotes (one
 * quoting level off), both as copies of text with the other part blanked; false when nothing is quoted. */
bool rd_split_conversation(const char *text, size_t len, char **newest, char **older);
/* Fills what req leaves open from old (an older message of the same thread). */
void rd_merge_older(struct request *req, const struct request *old);
void rd_read_fields(struct ctx *c);	  /* fields.c: forms, key=value, JSON */
void rd_mark_corrections(struct ctx *c);  /* prose_job.c: corrections and negations */
void rd_read_gpu_model(struct ctx *c);    /* prose_site.c */
void rd_fence_local_machine(struct ctx *c); /* prose_fences.c: the user's own machine */
void rd_fence_arrow_source(struct ctx *c);  /* prose_fences.c: what an arrow to the target leaves */
void rd_fence_shape_questions(struct ctx *c); /* prose_fences.c: "is 1 node = 1 GPU?" */
void rd_read_count_choice(struct ctx *c);    /* prose_job.c: "still deciding between 8 and 16 nodes" */
void rd_read_node_deferral(struct ctx *c);  /* prose_job.c: "node count TBD" */
void rd_fence_finished_jobs(struct ctx *c); /* prose_fences.c: "job 1834421 ran on 2 nodes" */
void rd_unfence_repeats(struct ctx *c);	    /* prose_fences.c: "... ran 4h on 2 nodes. Same again with ..." */
/* pasted_blocks.c: job script headers pasted from another system (before the form layer), the system
 * whose header holds byte pos (NULL: none), and the tokens inside them marked copied */
void rd_find_foreign_blocks(struct ctx *c);
void rd_find_spec_blocks(struct ctx *c); /* spec_blocks.c */
void rd_read_spec_sizes(struct ctx *c);  /* spec_blocks.c: a spec's pods and GPUs, the source's size */
/* program_blocks.c: a training program's own configuration pasted with the request (before the form
 * layer), and whether text offset pos lies in one */
void rd_find_program_blocks(struct ctx *c);
bool rd_config_line(const char *s, size_t a, size_t b); /* program_blocks.c: a line of keys and values */
/* run_records.c: a key-value record of an earlier run on another system, labelled so ("Job summary from the old
 * run on Delta:", "Old run (Polaris): nodes=2, ..."), with the target named outside it: read as that system's
 * (a foreign block: its counts are the source's size, its walltime stands only where the words give none) */
void rd_find_run_records(struct ctx *c);
/* submit_params.c: the account and queues of a submit API's parameters pasted with the request (submitit,
 * its Hydra launcher), read from the raw text (rd_read_pasted_facts calls it), and carried to the request
 * where it states none and they fit the target (rd_apply_pasted_facts calls it, the target known). */
void rd_read_submit_params(struct ctx *c);
void rd_apply_submit_params(struct ctx *c);
/* run_records.c: whether text offset pos lies in a record of an earlier run pasted with the request. */
bool rd_run_record_at(const struct ctx *c, size_t pos);
/* budget.c: a budget of node-hours, GPU-hours or SUs (with their rate) the text says to spend: the walltime
 * over the nodes, or the nodes over the walltime ("as many nodes as the budget covers for 10h"). Run after
 * the counts and the walltime are read. */
void rd_read_budget(struct ctx *c);
/* form_headings.c: fields written as markdown headings with the value on the next line ("### Nodes\n2"), as
 * GitHub's issue forms write them. Run with the form layer (before rd_read_fields' line reader). */
void rd_read_heading_fields(struct ctx *c);
bool rd_program_block_at(const struct ctx *c, size_t pos);
/* shell_calls.c: the text with a pasted definition's body given the values of its call (a shell
 * function's positional parameters, a Makefile rule's variables, a justfile recipe's parameters);
 * malloc'd, *out_len its length; NULL when there is no such call. */
char *rd_expand_calls(const char *text, size_t len, size_t *out_len);
/* commands.c: a typed launch command whose launcher is another system's ("mpiexec --ppn 4" for a Slurm
 * target beside "my Polaris header"): its counts rank below what the request states (after the cluster) */
void rd_demote_foreign_command(struct ctx *c);
/* Whether the typed launch command is the job where it runs now (the user's own machine, or pasted before
 * the target is named and followed by the request's own counts): what it runs in is not asked for. */
bool rd_launch_is_source(const struct ctx *c);
/* commands.c: the queue of another system's pasted job script that the target does not have, dropped */
void rd_drop_pasted_queue(struct ctx *c);
/* measure_nodes.c: another cluster's nodes as a measure of GPUs ("two Polaris nodes' worth of GPUs, but on
 * Perlmutter"): whether the mention at [at, at + len) is one (its GPUs in total and its tokens), and the
 * totals such mentions state */
bool rd_measure_mention(const struct ctx *c, const struct cluster *cl, size_t at, size_t len, int *total, size_t *a,
			size_t *b);
void rd_read_measure_nodes(struct ctx *c);
/* Whether text position pos lies in a job script pasted from another system (pasted_blocks.c). */
bool rd_foreign_block_at(const struct ctx *c, size_t pos);
/* Whether text offset pos lies on a job script's directive line ("#SBATCH -N 4", "#PBS -l select=2"). */
bool rd_directive_line_at(const struct ctx *c, size_t pos);
/* Whether text offset pos lies on a command line: one that starts (past blanks and a prompt's "$ ") with a
 * launcher, interpreter or submission command ("sbatch -p batch -N 2 run.sh", "bsub -q batch python x.py"). */
bool rd_command_line_at(const struct ctx *c, size_t pos);
/* Whether text offset pos lies on an interactive session's allocation line ("salloc -N 2 ...", "idev -N 1",
 * "qsub -I ...", "srun ... --pty bash"). */
bool rd_session_line_at(const struct ctx *c, size_t pos);
/* Whether text offset pos lies in a job script pasted with the request: on a directive line, or on a line
 * of the script's body below its directives (or below an interactive session's allocation). */
bool rd_in_pasted_script(const struct ctx *c, size_t pos);
void rd_mark_foreign_tokens(struct ctx *c);
/* The variables the program's arguments use ("--epochs ${EPOCHS}") that a pasted script assigns at the
 * start of a line ("EPOCHS=${EPOCHS:-20}"): carried into the request's environment with the assignments
 * their values use, so the new script sets them as the old one did (pasted_blocks.c). */
void rd_carry_arg_variables(struct ctx *c);
bool rd_dismissed_after(const struct ctx *c, size_t b); /* prose_fences.c: "..., ignore them" */
void rd_fence_past_runs(struct ctx *c);	    /* prose_fences.c: "last month's run used 2 nodes" */
void rd_fence_future_runs(struct ctx *c);   /* future_runs.c: "eventually 32 nodes, but first a smoke test" */
void rd_fence_old_values(struct ctx *c);    /* prose_fences.c: "ZeRO-3 (was zero2)" */
/* The end of the working copy's line that starts at la; its first non-blank byte in *first (may be NULL). */
size_t rd_line_end(const struct ctx *c, size_t la, size_t *first);
/* Whether a line break lies between tokens i and j (i < j); false for pieces of one word. */
bool rd_newline_between(const struct ctx *c, size_t i, size_t j);
/* Whether a sentence ends after token i (. ; ! ? or a line break). */
bool rd_sentence_end_after(const struct ctx *c, size_t i);
/* prose_fences.c: whether the sentence from token a asks for the job as a polite question ("is it possible
 * to ...", "is there a way to ...", "could we ...") */
bool rd_polite_ask_at(const struct ctx *c, size_t a);
void rd_read_command_launcher(struct ctx *c, size_t a, size_t cut, size_t end); /* commands.c */
/* commands.c: whether w starts a command line (a launcher, container runner or interpreter; any case) */
bool rd_command_start_word(const char *w);
/* Whether the words before the typed command say it comes from documentation ("From the repo README:",
 * "the example from our docs page"): its counts, and those stated around it, are the example's
 * (commands.c). */
bool rd_command_from_docs(const struct ctx *c);
/* Blanks from the working copy the shell assignments ("NGPUS=8", "export NNODES=2") that a launch command
 * of the text uses ("--nproc_per_node=$NGPUS"): the command is read with their values, and they are no
 * form fields or counts of their own (commands.c). */
void rd_blank_used_assignments(struct ctx *c);

/* shared helpers (defined in the layer files) */
int  rd_as_count(double v);
/* find_program.c: the training program, its arguments and the launcher before it (see program.h) */
void  rd_find_command(struct ctx *c);
bool  rd_identifier_like(const char *s);
/* prose_site.c: whether s, taken whole, is a name a scheduler directive carries as it is: a letter or digit
 * first, then letters, digits, '-', '_' and '.' (and ':', '@', '+' in a job name). */
bool  rd_directive_name(const char *s, bool job_name);
/* prose_site.c: whether s has a digit, _ or -, or is written in capitals (3 letters or more): an identifier, not a plain word. */
bool  rd_has_digit_or_mark(const char *s);
/* prose_site.c: the words between a cue and its value ("is", "=", "to", "called", ...). */
extern const char *const rd_value_fillers[];
bool  rd_reject_shell_value(struct ctx *c, size_t k, enum req_field f, const char *what, bool vars);
bool  rd_in_list(const char *s, const char *const *list);
/* program_args.c: whether w is a chat application's emoji shortcode (":rocket:", ":+1:", ":thumbsup:"). */
bool rd_emoji_shortcode(const char *w);
bool  rd_is(const struct ctx *c, size_t i, const char *w);
bool  rd_is_any(const struct ctx *c, size_t i, const char *const *ws);
bool  rd_is_leading_punct(char c);
bool  rd_is_reserved_word(const struct ctx *c, const char *norm);
bool  rd_is_trailing_punct(char c);
/* For each '(' of s[0..n), the index of its matching ')' on the same line, else SIZE_MAX (other bytes:
 * SIZE_MAX). One pass with a stack, so readers that look for a parenthesis's match stay linear (a scan to
 * the line's end from every '(' took 11 s on 64 KiB of them). Caller frees; NULL when s holds no '('. */
size_t *rd_paren_matches(const char *s, size_t n);
bool  rd_mostly_binary(const unsigned char *s, size_t len);
const char *rd_norm_at(const struct ctx *c, size_t i);
bool  rd_numeric(const char *s);
bool  rd_parse_number(const char *s, double *out);
void  rd_read_account(struct ctx *c);
void  rd_read_cluster(struct ctx *c);
/* pasted_cluster.c: the cluster a pasted job script's evidence names, when the request names none. */
void  rd_cluster_from_paste(const char *text, size_t len, const struct repo *repo, struct request *req);
void  rd_read_counts(struct ctx *c);
/* counts.c, for count_shares.c and count_forms.c: a GPU word ("GPUs", "A100s"), the length of a times
 * sign at s (x, ×, *; 0 when none). */
bool rd_count_gpuish(const char *w);
size_t rd_times_sign_len(const char *s);
/* count_shares.c: the node word at most three words after `from` (0: none); the node after a per-node GPU
 * count ("4 GPUs per node"... "A100 nodes"); the shares of a node ("half a node", "3 per node"). */
size_t rd_node_word_after(const struct ctx *c, size_t from);
size_t rd_node_after_per_node_gpus(const struct ctx *c, size_t k);
void  rd_read_node_shares(struct ctx *c);
/* count_forms.c: the other shapes of a count, each a pass of rd_read_counts. */
void  rd_read_unit_first_items(struct ctx *c);
void  rd_read_times_after_unit(struct ctx *c);
void  rd_read_unit_from_to(struct ctx *c);
void  rd_read_bare_corrections(struct ctx *c);
void  rd_read_negated_replacements(struct ctx *c); /* "not 4 nodes, 2" */
void  rd_read_bare_replacements(struct ctx *c); /* "6 nodes ... 4 instead of 6" */
void  rd_forget_count(struct ctx *c, enum req_field f); /* counts.c: a stated count forgotten (value, rank, words) */
void  rd_say_count(struct ctx *c, int kind, int v, size_t a, size_t b); /* counts.c: kind 1 nodes, 2 per node, 3 in all */
void  rd_read_answered_counts(struct ctx *c);
void  rd_read_n_way_nodes(struct ctx *c);
bool  rd_node_state_after(const struct ctx *c, size_t j);
void  rd_skip_card_asides(struct ctx *c);
void  rd_read_env(struct ctx *c);
void  rd_read_container(struct ctx *c);
void  rd_read_framework(struct ctx *c);
void  rd_read_job_name(struct ctx *c);
void  rd_read_model(struct ctx *c);
void  rd_read_port(struct ctx *c);
void  rd_read_queue(struct ctx *c);
void  rd_read_walltime(struct ctx *c);
/* host_resources.c: "--mem=512G", "200 GB of host RAM each", "128 cores per node" */
void  rd_read_host_resources(struct ctx *c);
/* clock_range.c: "from Friday 6pm to Monday 9am", "between 9am and 5pm" - the span as the walltime */
bool  rd_read_clock_range(struct ctx *c);
/* queue_max_time.c: "as long as the queue allows" - the queue's own limit, put in by the rules */
void  rd_read_walltime_queue_max(struct ctx *c);
void  rd_set_from_toks(struct ctx *c, enum req_field f, size_t a, size_t b);
size_t  rd_skip_fillers(const struct ctx *c, size_t k);
void  rd_tokenize(struct ctx *c);
bool  rd_valid_utf8(const unsigned char *s, size_t len);

#endif

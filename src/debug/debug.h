/* debug.h - diagnosing a failed training job from its log and its job script: the library API that
 * `maple debug` and the repair loop (`maple run --fix`) are built on. Nothing here prints or exits.
 *
 * A typical caller:
 *
 *     struct kb *kb = kb_load(&dirs, repo, &err);               // kb.h: the signatures, validated
 *     struct debug_log log;  debug_log_read(path, DEBUG_MAX_LOG, &log, &err);
 *     struct jobscript js;   jobscript_parse(text, len, &js, &err);
 *     struct debug_target t = {&js, cluster};                  // cluster may be NULL
 *     struct diagnosis_list dl;
 *     debug_diagnose(kb, log.text, log.len, &t, &dl, &err);    // ranked, best first
 *     debug_build_patches(&dl, text, len, cluster, &err);      // each diagnosis's patched script
 *     ... dl.v[0].patch.applicable, dl.v[0].patch.text ...
 *     diagnosis_fingerprint(&dl.v[0], &fp);                    // "did the fix change the error?"
 *     diagnosis_list_release(&dl); debug_log_release(&log); jobscript_release(&js); kb_destroy(kb);
 *
 * A repair loop re-runs the job with dl.v[0].patch.text, diagnoses the new log the same way, and
 * compares fingerprints: the same fingerprint after a fix means the fix did not help (try the next
 * diagnosis, or stop). Patches of its own (e.g. an LLM's, llm.h) go through patch_apply() (patch.h),
 * which applies a list of operations whole or reports why not; unified_diff() shows any change.
 * When debug_found_cause() is false, the LLM helper (llm.h) may be asked; its answer becomes a
 * diagnosis through diagnosis_list_add() with ops pointing at the answer's operations.
 *
 * Ranking: signatures whose applies_to excludes the script's scheduler, launchers or cluster are not
 * tried; a matched signature that another matched one lists in `symptoms` is not a root diagnosis
 * but a consequence kept under it; roots are ordered by priority (high first), then by their first
 * evidence line (early first), then by id.
 */
#ifndef MAPLE_DEBUG_H
#define MAPLE_DEBUG_H

#include "../repo/repo.h"
#include "../script/jobscript.h"
#include "../util/arena.h"
#include "../util/bigbuf.h"
#include "../util/error.h"
#include "../util/strbuf.h"
#include "kb.h"
#include "patch.h"

#include <stdbool.h>
#include <stddef.h>

#define DEBUG_MAX_LOG ((size_t)512 * 1024 * 1024) /* logs larger than this are refused */
#define DEBUG_MAX_EVIDENCE 5			  /* evidence lines kept per diagnosis */
#define DEBUG_EVIDENCE_BYTES 400		  /* longer evidence lines are cut */
#define DEBUG_SYMPTOM_PRIORITY 20		  /* at or below: a generic symptom, not a cause */

/* ---- the log (log.c) ---- */

/* A log as the matcher reads it: ANSI escape sequences removed, and of a line that a progress bar
 * rewrote with '\r' only what was written last (the line count is unchanged). */
struct debug_log {
	const char *text;
	size_t len;
	struct bigbuf owned; /* owned.p: when cleaning had to copy (or the text was read from a stream) */
	void *map;	     /* when the file is mapped */
	size_t maplen;
};
/* Reads path ('-' = standard input) of at most max_bytes. Fails with a message naming the file when
 * it is missing, unreadable, a directory, too large or binary (NUL bytes in its first 64 KiB). */
int debug_log_read(const char *path, size_t max_bytes, struct debug_log *log, struct maple_error *err);
/* Uses text already in memory (not copied unless it needs cleaning; it must outlive log). */
void debug_log_from_memory(const char *text, size_t len, struct debug_log *log);
void debug_log_release(struct debug_log *log);
/* Writes the cleaned form of in[0..len) to out (at least len bytes); returns its length. */
size_t debug_log_clean(const char *in, size_t len, char *out);

/* ---- diagnosis (match.c) ---- */

/* What the log is about: the script's scheduler and launchers and the cluster filter applies_to.
 * A signature restricted to clusters, schedulers or launchers is a cause only when the job is known
 * to be there; when that is unknown (no script, no cluster, nothing in the log) a matching
 * restricted signature is kept as a hint ("if you are on X ...") and its generic twin answers. */
struct debug_target {
	const struct jobscript *js;    /* NULL = no script: scheduler and launchers unknown */
	const struct cluster *cluster; /* NULL = unknown */
	const char *script;	       /* the script's text for `script:` rules (NULL = no script) */
	size_t script_len;
	const char *scheduler;		/* known from the log when the script and cluster do not say (NULL) */
	const struct strvec *launchers; /* launchers the log shows (added to the script's; may be NULL) */
};

/* What the log itself shows about where the job ran (data/kb/context.yaml rules, and the clusters'
 * script fingerprints seen in the log): a scheduler, launchers, and a cluster when exactly one
 * cluster's fingerprints appear. Only the first and last LOG_CONTEXT_WINDOW bytes are read. */
#define DEBUG_CONTEXT_WINDOW ((size_t)8 << 20)
struct debug_context {
	const char *scheduler;	       /* NULL = not shown */
	struct strvec launchers;
	const struct cluster *cluster; /* NULL = none or several */
	struct strbuf why;	       /* "log line 12: /pscratch/" */
};
void debug_log_context(const struct kb *kb, const struct repo *repo, const char *log, size_t len,
		       struct debug_context *out);
void debug_context_release(struct debug_context *c);

struct evidence {
	int line;   /* 1-based line of the log */
	char *text; /* the cleaned line (cut at DEBUG_EVIDENCE_BYTES, valid UTF-8) */
};

struct diagnosis {
	const char *id; /* signature id ("llm" for a model's answer) */
	const char *category, *title, *cause, *advice, *source;
	int priority;
	const struct kb_signature *sig;	 /* NULL for an LLM diagnosis */
	const struct patch_op *ops;	 /* the fix (sig->fix, or the model's operations) */
	size_t nops;
	struct evidence *ev;	/* the first matching lines, ascending */
	size_t nev;
	size_t nmatches;	/* matching lines in all */
	int first_line;
	struct diagnosis *symptoms; /* matched signatures this one explains (consequences), ranked */
	size_t nsymptoms;
	bool patched;		  /* debug_build_patches ran for it */
	struct patch_result patch;
	int script_line;	  /* the script line this cause is about (1-based; 0 = none) */
	const char *script_text;  /* that line */
	int command_line;	  /* with no script: the log line whose echoed command stood for it (1-based; 0 = none) */
	const char *command_text; /* that line */
	const char *hint_if;	  /* for a hint: the condition ("you are on perlmutter or polaris") */
};

struct diagnosis_list {
	struct diagnosis *v; /* root diagnoses, best first */
	size_t nr;
	struct diagnosis *hints; /* restricted signatures that matched where the job's place is unknown */
	size_t nhints;
	struct arena arena;  /* evidence text and other strings */
};

/* Matches every applicable signature of kb against the log and ranks what matched (see above).
 * out is initialised here; an empty list means nothing matched. Fails only on internal errors. */
int debug_diagnose(const struct kb *kb, const char *log, size_t len, const struct debug_target *t,
		   struct diagnosis_list *out, struct maple_error *err);
void diagnosis_list_init(struct diagnosis_list *l);
/* Adds a root diagnosis (e.g. the LLM's) and returns it, zeroed but for what the caller sets: first
 * when the list has no cause yet (see debug_found_cause), else last. Pointers into l->v move. */
struct diagnosis *diagnosis_list_add(struct diagnosis_list *l);
/* Whether the best diagnosis names a cause: a signature above DEBUG_SYMPTOM_PRIORITY (the schema's
 * generic symptoms, such as "srun: error: ... Exited with exit code 1", are at or below it), or an
 * LLM diagnosis. A log where only generic symptoms matched is "unknown". */
bool debug_found_cause(const struct diagnosis_list *l);
void diagnosis_list_release(struct diagnosis_list *l);

/* Builds each root diagnosis's patched script (d->patch) from script text and the cluster profile
 * (may be NULL). Fails only when the script cannot be read as a script. */
int debug_build_patches(struct diagnosis_list *l, const char *script, size_t len, const struct cluster *c,
			struct maple_error *err);

/* A stable fingerprint of a diagnosis: its id and its first evidence lines with numbers, hex ids,
 * host numbers and spacing normalised ("nccl-socket-ifname|NCCL WARN ... nid# ... port #"). Two runs
 * failing the same way give the same fingerprint, so a repair loop can tell that a patch did not
 * change the error. Appends to out. */
void diagnosis_fingerprint(const struct diagnosis *d, struct strbuf *out);

/* The launcher names a script uses on its launch lines (srun mpiexec mpirun ibrun torchrun deepspeed
 * accelerate python), appended to out without duplicates; `accelerate launch` with DeepSpeed
 * (--use_deepspeed, --deepspeed_config_file, --zero_stage) counts as deepspeed too. */
void debug_script_launchers(const struct jobscript *js, struct strvec *out);

/* The last error-looking lines of a log (Error, error:, Traceback, FAILED, Killed, ...), at most
 * max of them, else its last lines: the query for the doc notes when no signature matched. */
void debug_error_lines(const char *log, size_t len, size_t max, struct strbuf *out);

/* batchline.c: one line of `maple debug --batch` (len bytes, NUL-terminated at len), "[--cluster ID] [SCRIPT]
 * --log LOG" (--cluster=ID and --log=LOG too; blanks and tabs separate the words, so paths hold none), split
 * in place: script, log and cluster point into line (NULL when not given). Returns 0, or -1 with the reason
 * in why: no --log, a word that is no option of a batch line, an option without its value, two scripts, a
 * NUL byte in the line, standard input named where the batch itself is read. */
int debug_batch_line(char *line, size_t len, const char **script, const char **log, const char **cluster,
		     struct strbuf *why);

#endif

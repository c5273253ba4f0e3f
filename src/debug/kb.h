/* kb.h - the failure knowledge base: every signature of data/kb/NAME.yaml (data/kb/SCHEMA.md), loaded
 * and validated (unique ids, categories, priorities, compiled PCRE2 patterns with their literal
 * needles, applies_to, symptoms, fix operations, sources).
 *
 * Everything is owned by the struct kb and freed by kb_destroy(). A KB that fails validation is
 * never returned: maple refuses to diagnose with broken data.
 */
#ifndef MAPLE_KB_H
#define MAPLE_KB_H

#include "../repo/repo.h"
#include "../util/arena.h"
#include "../util/error.h"
#include "../util/strvec.h"
#include "patchop.h"

#include <stdbool.h>
#include <stddef.h>

enum kb_category {
	KC_SCHEDULER,
	KC_LAUNCHER,
	KC_ENVIRONMENT,
	KC_COMMUNICATION,
	KC_FRAMEWORK,
	KC_USER_CONFIG,
	KC_RESOURCES,
	KC_COUNT
};
const char *kb_category_name(enum kb_category c);
/* -1 when unknown. */
int kb_category_from_name(const char *s);

struct pcre2_real_code_8;

/* A literal a line must contain before a pattern is tried on it. */
struct kb_needle {
	const char *text;
	size_t len;
	bool icase; /* the pattern is case-insensitive ((?i)) */
};

struct kb_pattern {
	const char *text;
	/* compiled, JIT when available; NULL until kb_pattern_prepare() when the loader trusted a snapshot
	 * record that these very bytes were checked before (kb.c: lazy compilation) */
	struct pcre2_real_code_8 *re;
	unsigned compile_opts; /* the pcre2_compile() options text is compiled with */
	struct kb_needle *needles;    /* NULL/0 = tried on every line */
	size_t nneedles;
	bool icase;
	bool jit_done; /* kb_pattern_prepare() ran */
};

struct kb_signature {
	const char *id, *title, *cause, *advice, *source;
	enum kb_category category;
	int priority; /* 1..100 */
	struct kb_pattern *patterns;
	size_t npatterns;
	const char **symptoms; /* ids this signature explains */
	size_t nsymptoms;
	const char **clusters, **schedulers, **launchers; /* applies_to; n == 0 = any */
	size_t nclusters, nschedulers, nlaunchers;
	struct patch_op *fix;
	size_t nfix;
	/* script: what in the job script this signature is about. script_match (compiled) gates it: the
	 * signature is a cause only when a script line matches, and that line is named; script_hint says
	 * in words what that line would look like (for "if ..." hints when no script is given).
	 * script_env names the line that assigns that variable when there is one (does not gate);
	 * script_line (compiled from script_line_text) names the first line it matches (does not gate:
	 * the '#SBATCH --qos=' line of a QOS refusal, a cause with or without a script). */
	struct pcre2_real_code_8 *script_match, *script_line;
	const char *script_match_text, *script_hint, *script_env, *script_line_text;
	bool repeat; /* a line of a pattern with capture groups counts only when its first capture group was
		      * already seen on an earlier line; a pattern without one counts as it is */
	bool greater; /* a line counts only when the number in capture group 2 exceeds the one in group 1 */
	int greater_by; /* with greater: ... by more than this percentage of group 2 (0: by anything) */
	/* with: a line that must also be in the log (anywhere) for the signature to count: a warning printed
	 * before the failure that names its cause. with_example is a real such line (--check-kb adds it). */
	struct pcre2_real_code_8 *with;
	const char *with_text, *with_example;
	bool with_after; /* with: its first line must come after the signature's first line (the cause's own
			  * line is printed before the consequence that `with` names) */
	/* without: a line that, anywhere in the log, makes the signature step aside: its own line is then
	 * ambiguous and that line says the cause is another one. without_example is a real such line. */
	struct pcre2_real_code_8 *without;
	const char *without_text, *without_example;
	const char **examples; /* real log lines (or short excerpts) the signature must recognise */
	size_t nexamples;
	const char *file; /* where it was defined */
	int line;
};

/* Context rules (data/kb/context.yaml, `context:`): log lines that show which scheduler, launcher or
 * cluster a job ran under, so that restricted signatures can apply when no script says so. */
enum kb_context_kind { KX_SCHEDULER, KX_LAUNCHER, KX_CLUSTER };
struct kb_context {
	const char *id;
	enum kb_context_kind kind;
	const char *value; /* slurm / torchrun / perlmutter ... */
	struct kb_pattern *patterns;
	size_t npatterns;
	const char *source;
	const char *file;
	int line;
};

struct kb_needles;

struct kb {
	struct arena arena;
	struct kb_signature *sigs; /* sorted by id */
	size_t nsigs;
	struct kb_context *ctx;
	size_t nctx;
	size_t nfiles;
	/* every signature pattern's needles, once each, with the tables the log scanner finds them with
	 * (kbneedles.h): built when the KB is loaded, owned by it, read by every diagnosis */
	struct kb_needles *needles;
};

/* Loads DIR/kb/NAME.yaml for each directory of dirs (earliest first; a later directory's signature
 * replaces an earlier one with the same id). repo (may be NULL) is used to check applies_to
 * cluster ids. Returns NULL with err listing every problem, one `file:line: signature 'ID': field:
 * message` per line. A KB with no signature at all is returned (nsigs == 0). */
struct kb *kb_load(const struct strvec *dirs, const struct repo *repo, struct maple_error *err);
/* Loads one directory of YAML files (the files themselves, not DIR/kb). */
struct kb *kb_load_dir(const char *dir, const struct repo *repo, struct maple_error *err);
void kb_destroy(struct kb *kb);
const struct kb_signature *kb_find(const struct kb *kb, const char *id);
/* Compiles a pattern not compiled yet and JIT-compiles it, the first time it is about to run (most never
 * run on a given log, and compiling all of them would cost more than the scan). Not thread-safe. */
void kb_pattern_prepare(const struct kb_pattern *p);

/* The literal runs a regular expression requires (one per top-level alternative), longest first
 * within each alternative; 0 when some alternative requires none of at least min_len bytes (then
 * the pattern must be tried on every line). Writes up to max needles into out (arena strings). */
size_t needle_derive(const char *pattern, size_t min_len, struct arena *a, const char **out, size_t max,
		     bool *icase);
/* For a pattern needle_derive() gives no needle: the needles of the first group the (single top-level
 * alternative of the) pattern requires, e.g. srun, sbatch, salloc of '^\s*(?:srun|sbatch|salloc): '.
 * 0 when there is none. */
size_t needle_derive_group(const char *pattern, size_t min_len, struct arena *a, const char **out, size_t max,
			   bool *icase);

#endif

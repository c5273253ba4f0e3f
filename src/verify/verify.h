/* verify.h - static verification of a job script: directive syntax, counts that must agree between
 * the header, the launcher and the cluster, rendezvous variables, per-task ranks, options the
 * cluster rejects, bash -n and shellcheck. No scheduler is needed. */
#ifndef MAPLE_VERIFY_H
#define MAPLE_VERIFY_H

#include <stdbool.h>
#include "../repo/repo.h"
#include "../request/extract_script.h"

enum severity { SEV_ERROR = 0, SEV_WARNING, SEV_INFO };
const char *severity_name(enum severity s);

struct finding {
	const char *id; /* static: "nodes-mismatch" ... */
	enum severity sev;
	int line;	/* 1-based, 0 = the whole script */
	int col, span;	/* 1-based byte column and width of the offending text (0 = whole line) */
	char *message;
	char *fix;
	/* about what the job asks of the centre (a queue's per-user cap, its shortest walltime), not about
	 * how the script is written: a script maple writes from a request carries it when the request's rules
	 * said it already (a warning), or it is the request's error, not maple's (an error) */
	bool about_request;
	/* about the user's own text carried as written (an argument of the training program, a value the
	 * script set for it): a script maple writes from it says the user's text is at fault, not maple */
	bool user_text;
};

struct sc_batch;

struct verify_opts {
	bool bash_n;	 /* run bash -n */
	bool shellcheck; /* run shellcheck (when installed) */
	/* shellcheck's answers run ahead for several scripts (sc_batch_run; NULL: none): this script's is
	 * sc_index's; one the batch has no answer for is checked alone */
	const struct sc_batch *sc;
	size_t sc_index;
};

/* Runs shellcheck once for many scripts (texts[i] NULL: none for i) instead of once each, with the options
 * check_shell gives each: what it says of texts[i] is what verify_script with .sc = the result and
 * .sc_index = i reports. Never fails (a script it has no answer for is checked alone). Caller owns the
 * result: sc_batch_destroy (accepts NULL). */
struct sc_batch *sc_batch_run(const char *const *texts, const size_t *lens, size_t n);
void sc_batch_destroy(struct sc_batch *b);

struct verify_result {
	struct script_reading sr;
	const struct cluster *cluster;
	bool cluster_inferred;
	struct finding *findings;
	size_t nfindings;
	int nerrors, nwarnings;
};

/* Verifies text. cluster: the target (NULL = infer from the script). Fails only when the text
 * cannot be read as a script. */
int verify_script(const char *text, size_t len, const char *script_dir, const struct repo *repo,
		  const struct cluster *cluster, const struct verify_opts *o, struct verify_result *res,
		  struct maple_error *err);
void verify_result_release(struct verify_result *res);

/* The ids of every check (for documentation and tests), NULL-terminated. */
extern const char *const verify_check_ids[];

#endif

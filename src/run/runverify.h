/* runverify.h - `maple verify --run`: prove a script works by running its verification copy (the
 * mini-app in place of the training program) through the scheduler, then judge what the ranks
 * reported against what the allocation should have started. */
#ifndef MAPLE_RUNVERIFY_H
#define MAPLE_RUNVERIFY_H

#include "../repo/repo.h"
#include "../util/strvec.h"
#include "mode.h"
#include "sched.h"
#include "vcopy.h"

#include <jansson.h>

enum run_verdict { RV_PASS, RV_FAIL, RV_SKIPPED, RV_TIMEOUT, RV_CANCELLED, RV_NOT_RUN };
const char *run_verdict_name(enum run_verdict v);

struct runverify_opts {
	enum run_where where;
	int timeout_s;		/* deadline for the whole job (queue wait included for submit) */
	const char *workdir;	/* where the copy, the mini-app and the outputs go (NULL = default) */
	bool force;		/* run even when static verification found errors */
	const struct cluster *cluster; /* NULL = infer */
	const char *mode;	/* mini-app mode (ddp fsdp deepspeed accelerate); NULL = from the script */
	volatile sig_atomic_t *stop;
};

struct run_report {
	enum run_verdict verdict;
	struct strvec reasons;	   /* why it did not pass, each naming the fault */
	struct strvec notes;	   /* what maple did (copy written, job cancelled ...) */
	struct strvec static_errors; /* "line N: id: message" of static verification */
	struct vcopy_info copy;
	struct job_outcome job;
	char *workdir, *copy_path, *out_path, *err_path; /* owned */
	const char *cluster_id;
	enum sched_kind sched;
	/* what the ranks reported */
	json_t *ranks;		   /* array of the mini-app's JSON objects, by rank */
	long seen_ranks, distinct_ranks, seen_nodes;
	long world_min, world_max; /* world sizes the ranks saw */
	json_t *ranks_per_node;	   /* {"host": n} */
	bool unique_local_ranks, unique_devices, collectives_ok;
	double max_rank_seconds;
	struct strvec log_excerpt; /* "out:LINE: text" error-looking lines of the job's output */
	char *shell_host, *shell_master_addr; /* what the batch shell reported before the launch (owned) */
	char *master_addr_at;	   /* "line N: `text`" where the batch shell sets MASTER_ADDR (owned) */
	struct run_mode mode;	   /* the mini-app's mode and where it came from */
	struct strvec exercised;   /* what the run proved (every rank did it), for the verdict */
	struct strvec not_exercised; /* what it did not prove, and why */
	struct strvec guard_fail;  /* "MAPLE_VERIFY_FAIL" lines of the batch shell: values that can never work */
	char *launcher_missing;	   /* a launcher that was not installed where the job ran (owned; NULL = none) */
	char *stopped_missing;	   /* the job stopped before any rank: this package is not installed (owned) */
	char *stopped_evidence;	   /* "stderr:LINE: text" that says so (owned) */
	/* what maple's failure knowledge base makes of the run's own log (when it did not pass) */
	char *diag_id, *diag_title, *diag_evidence, *diag_advice; /* owned; NULL = nothing known */
};

/* Runs the verification. Returns -1 (err) when the script cannot be read or nothing could be
 * started (no scheduler commands, no allocation for local, mini-app missing); otherwise 0 with the
 * verdict in rep. */
int runverify(const char *script_path, const char *text, size_t len, const struct repo *repo,
	      const struct runverify_opts *o, struct run_report *rep, struct maple_error *err);
void run_report_release(struct run_report *rep);
json_t *run_report_json(const struct run_report *rep);
void run_report_print(FILE *f, const struct run_report *rep);

/* Judges the rank records (exposed for unit tests): fills the seen_* fields, reasons and verdict
 * from rep->ranks, rep->copy.expect_* and rep->job. */
void run_report_judge(struct run_report *rep);
/* Puts the knowledge base's diagnosis (diag_*) first among the reasons, when there is one. */
void run_report_add_diagnosis(struct run_report *rep);

/* Finds the mini-app in the data directories (NULL = not installed; caller frees). */
char *find_miniapp(void);

#endif

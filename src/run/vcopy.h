/* vcopy.h - the verification copy of a job script: the same script (header, modules, environment,
 * launchers untouched) in which only the training program of the main launch line is replaced by
 * maple's mini-app, and which stops right after that line. */
#ifndef MAPLE_VCOPY_H
#define MAPLE_VCOPY_H

#include "../request/extract_script.h"
#include "../util/error.h"
#include "../util/strbuf.h"

struct vcopy_opts {
	const char *miniapp;	/* absolute path of the mini-app the copy runs */
	const char *report_dir; /* absolute directory where every rank writes rank-N.json */
	int timeout_s;		/* the mini-app's own process-group timeout */
	const char *mode;	/* static mode name; NULL = from the script's framework and strategy */
	const char *standin_dir; /* absolute directory of the stand-ins for launchers that are not installed
				  * (appended to PATH before the launch line, so an installed one wins); NULL = none */
};

struct vcopy_info {
	const char *mode;     /* ddp | fsdp | deepspeed | accelerate (static) */
	long expect_world;    /* ranks the allocation should run: nodes x GPUs per node (0 = unknown) */
	long expect_nodes;    /* nodes of the allocation (0 = unknown) */
	int launch_line;      /* the main launch line (1-based) */
	int program_line;     /* the line the replaced program starts on */
	char *replaced;	      /* the program text that was replaced (owned) */
	char *replacement;    /* what replaced it (owned) */
	bool stops_after;     /* an `exit` was added after the launch line */
	bool guarded;	      /* the batch shell checks its rendezvous address before the launch */
};

/* The exit status of the copy's batch shell when its rendezvous values can never work; it prints a
 * "MAPLE_VERIFY_FAIL <reason>" line first. */
#define VCOPY_GUARD_EXIT 86
#define VCOPY_FAIL_PREFIX "MAPLE_VERIFY_FAIL "

/* The launchers maple stands in for when they are not installed where the job runs. */
extern const char *const vcopy_standin_launchers[];

/* Builds the copy of text (already read into sr) into out. Fails, saying why, when the script has
 * no launch line or its training program cannot be located in the text (built from variables). */
int vcopy_build(const char *text, const struct script_reading *sr, const struct vcopy_opts *o, struct strbuf *out,
		struct vcopy_info *info, struct maple_error *err);
void vcopy_info_release(struct vcopy_info *info);

/* The byte range [from, to) of the training program (script or module and its arguments) of the main
 * launch line in text; false when there is none or it cannot be located exactly. */
bool vcopy_program_span(const char *text, const struct script_reading *sr, size_t *from, size_t *to);

/* The mini-app mode for a script's framework and strategy. */
const char *vcopy_mode(const struct fw_guess *fw);

#endif

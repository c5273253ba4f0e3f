/* extract_script.h - old job script -> request (the script reader). */
#ifndef MAPLE_EXTRACT_SCRIPT_H
#define MAPLE_EXTRACT_SCRIPT_H

#include "../repo/repo.h"
#include "../script/hints.h"
#include "../script/jobscript.h"
#include "../script/plan.h"
#include "../util/strbuf.h"
#include "request.h"

/* A script as read: its parse, its launch plan, framework guess and cluster. */
struct script_reading {
	struct jobscript js;
	struct launch_plan plan;
	struct fw_guess fw;
	const struct cluster *cluster; /* given, or inferred (NULL = unknown) */
	bool cluster_given;
	struct strbuf cluster_why; /* the evidence for an inferred cluster */
	struct strvec dropped;	   /* filled by script_to_request: what a port does not carry over, and why */
	const struct script_hints *hints; /* data/scripts/: wrappers and fingerprints (shared, not owned) */
	/* the words before the program on the main launch line that maple does not know (reported, never
	 * taken as the program) */
	struct strvec unknown_words;
	/* the main launch line's wrappers that belong to the old cluster: "LINE\tNAME\tWHY" */
	struct strvec site_wrappers;
	/* a per-node helper script the launch line runs (TACC's `ibrun ./run.sh`), read from next to
	 * the script when it is there: its own launch line names the training program */
	struct jobscript *helper;
	char *helper_name;
	struct launch_plan helper_plan;
};

/* Reads text. cluster: the cluster the script is for when known (else inferred from the script
 * through repo, which may be NULL). script_dir: where to look for config files it names (NULL =
 * nowhere). Fails only when the text is not a script (binary, empty, too large). */
int read_script(const char *text, size_t len, const char *script_dir, const struct repo *repo,
		const struct cluster *cluster, struct script_reading *sr, struct maple_error *err);
void script_reading_release(struct script_reading *sr);

/* What kind of program the main launch line runs: "python", "module", "binary" or "none". */
const char *script_program_kind(const struct script_reading *sr);
/* The number of launch lines of the kind of the main one (a scaling study has several). */
int script_launch_count(const struct script_reading *sr);

/* For a Flux script (js.flux_line): what maple read of it ("2 #flux: directives and the flux command on
 * line 7"), for the message that says Flux is not supported. */
void script_flux_summary(const struct script_reading *sr, char *out, size_t size);

/* Fills req with what the script states, and sr->dropped with what a port leaves behind. */
void script_to_request(struct script_reading *sr, struct request *req);

#endif

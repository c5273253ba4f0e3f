/* synth.h - renders a job script from a cluster profile, a launch template and a resolved request. */
#ifndef MAPLE_SYNTH_H
#define MAPLE_SYNTH_H

#include "../repo/repo.h"
#include "../request/request.h"
#include "../util/strbuf.h"

struct script_hints;
struct synth_opts {
	bool allow_shell; /* let ; | & redirections and substitutions in the user's words through */
	/* a template of the same cluster that starts one rank per node running `accelerate launch
	 * --machine_rank VAR` (NULL: none): a torchtune port borrows its per-node launch when the chosen
	 * template starts one rank per GPU */
	const struct template *node_launch;
	/* data/scripts/siteenv.yaml (NULL: none): a variable some centre's login environment sets ($PSCRATCH,
	 * TACC_*) is not one the job must be given at submission; verify's site-variable says where it is unset */
	const struct script_hints *hints;
};

/* Appends the script to out. Warnings (about the user's words) go to req->warnings.
 * Returns -1 with err when the template cannot be rendered. */
int synthesize(const struct cluster *c, const struct template *t, struct request *req,
	       const struct synth_opts *opts, struct strbuf *out, struct maple_error *err);

/* The DeepSpeed JSON configuration maple writes for a ZeRO stage (exposed for tests). */
void deepspeed_config_json(const struct cluster *c, const struct request *req, int stage, bool hf_style,
			   struct strbuf *out);

/* The mark a {{filesystems}} header value holds until the script is whole (a byte no script has). */
#define SYNTH_FS_MARK "\x01"
/* Replaces the mark in out's script (from script_start; its header ends at header_end) with the file
 * systems the script uses (the profile's defaults plus those its paths and cues name: fsfill.c). */
void synth_fill_filesystems(const struct cluster *c, struct strbuf *out, size_t script_start, size_t header_end);

#endif

/* infer.h - which known cluster a job script was written for. */
#ifndef MAPLE_INFER_H
#define MAPLE_INFER_H

#include "../repo/repo.h"
#include "../util/strbuf.h"
#include "hints.h"
#include "jobscript.h"

/* The cluster the script's evidence points at, or NULL when it is weak or ambiguous; why gets the
 * evidence ("'/pscratch/' (line 12), queue 'regular' (line 4)"). */
const struct cluster *infer_cluster(const struct repo *repo, const struct jobscript *js, struct strbuf *why);
/* The same with the fingerprints of data/scripts/fingerprints.yaml (hints may be NULL). */
const struct cluster *infer_cluster_hinted(const struct repo *repo, const struct script_hints *hints,
					   const struct jobscript *js, struct strbuf *why);

#endif

/* extract.h - text -> request: a deterministic, lexicon and grammar based reader of the way
 * researchers describe a training job ("8 GPUs across 2 nodes on Perlmutter, train.py --lr 3e-4"). */
#ifndef MAPLE_EXTRACT_H
#define MAPLE_EXTRACT_H

#include "../repo/repo.h"
#include "../util/error.h"
#include "request.h"

#define MAX_REQUEST_BYTES (64 * 1024)

/* Fills req from text. Only what the text states is set (rules.c applies defaults). Fails on
 * empty, oversized, binary or non-UTF-8 input, leaving req untouched. */
int extract_text(const char *text, size_t len, const struct repo *repo, struct request *req,
		 struct maple_error *err);

/* Resolves a cluster name as users write it (id, alias, case, spacing, one or two typos). Returns
 * the cluster or NULL. */
const struct cluster *match_cluster_name(const struct repo *repo, const char *name);
/* Only a cluster's own id or alias, spelled right (no typo allowed): "delta" but not "delta4". */
const struct cluster *match_cluster_name_exact(const struct repo *repo, const char *name);
/* Whether word (normalized) is the beginning of a longer cluster name ("lone" of "lonestar6"). */
bool cluster_name_prefix(const struct repo *repo, const char *word);
/* Up to max known cluster ids closest to name, for "did you mean" messages. */
size_t closest_clusters(const struct repo *repo, const char *name, const char **out, size_t max);
/* "unknown cluster 'NAME' (closest known: a, b, c; `maple clusters` lists all)", appended to out. */
void unknown_cluster_message(const struct repo *repo, const char *name, struct strbuf *out);

#endif

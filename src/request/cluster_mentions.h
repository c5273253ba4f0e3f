/* cluster_mentions.h - the systems a request's text names (cluster_mentions.c), scored and chosen by
 * prose_cluster.c. */
#ifndef MAPLE_CLUSTER_MENTIONS_H
#define MAPLE_CLUSTER_MENTIONS_H

#include "reader.h"

struct mention {
	size_t at, len;			/* tokens */
	const struct cluster *known;	/* a cluster maple has a profile for, or NULL */
	char name[100];			/* the system's name as written (unknown systems) */
	int src, tgt;
	bool centre; /* named by its centre ("NERSC"), the centre's only cluster maple knows */
	bool measure; /* "two Polaris nodes' worth of GPUs": a measure of the size, never the target */
	bool offered; /* offered beside the system a property chose ("Bridges-2 or Delta, whichever has 8 GPUs per
		       * node"): its name only, nothing else said of it */
};

/* Every system the text names, up to max: clusters maple knows (by id, alias, display name, a typo, or a
 * centre with one cluster) and systems it has no profile for. */
size_t rd_find_mentions(struct ctx *c, struct mention *m, size_t max);
/* Whether a word names the cluster's centre ("ALCF", "NERSC's", "Purdue"). */
bool rd_cluster_at_centre(const struct cluster *cl, const char *norm);
/* How many clusters maple knows at the centre a word names ("ALCF", "NERSC's"); *only the one when one;
 * names (when not NULL) lists their ids. */
size_t rd_centre_clusters(const struct ctx *c, const char *norm, const struct cluster **only, char *names, size_t cap);

/* cluster_by_property.c: "Polaris or Aurora, whichever has the Intel GPUs": the mention (index into m) of the
 * one system named beside "whichever" that has the property said after it; -1 when no "whichever" offers
 * systems, or (with *undecided) when the property is not one maple can check or does not pick exactly one.
 * [*from, *to]: the tokens of "whichever" and its property (no counts of the job's). */
int rd_cluster_by_property(const struct ctx *c, const struct mention *m, size_t nm, bool *undecided, size_t *from,
			   size_t *to);

#endif

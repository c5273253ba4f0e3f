/* cluster_by_property.c - two systems offered and one picked by what it has: "Polaris or Aurora, whichever has
 * the Intel GPUs", "whichever of LS6 and Stampede3 has 4 GPUs per node", "Bridges-2 or Delta, whichever has 8
 * GPUs per node as its standard GPU node". The property after "whichever" is a GPU model or vendor (any of
 * the system's node types has it) or a count of GPUs per node (its default node type has it); exactly one of
 * the systems named must have it. A property maple cannot check ("whichever is less busy", "whichever has
 * the shorter queue") or one both or neither have leaves the choice to the user: the cluster is asked back. */
#include "cluster_mentions.h"
#include "reader.h"
#include "vocab.h"

#include "../repo/repo.h"

#include <string.h>
#include <strings.h>

enum prop { P_NONE, P_MODEL, P_VENDOR, P_GPN };

static bool has_prop(const struct cluster *cl, enum prop p, const char *what, int n)
{
	if (p == P_GPN)
		return cl->hw.gpus_per_node == n;
	if (p == P_MODEL) /* (as a request naming the model picks the node type) */
		return cluster_node_type(cl, NULL, what, NULL) != NULL;
	for (size_t k = 0; k < cl->nnode_types; k++) {
		const struct node_type *nt = &cl->node_types[k];
		if (p == P_VENDOR && nt->hw.gpu_vendor && !strcasecmp(nt->hw.gpu_vendor, what))
			return true;
		for (size_t q = 0; p == P_MODEL && q < nt->nmodels; q++)
			if (!strcmp(nt->models[q], what))
				return true;
	}
	return false;
}

/* The property after "whichever" at w: its kind, and the model or vendor (*what) or count (*n). */
static enum prop property_at(const struct ctx *c, size_t w, const char **what, int *n, size_t *end)
{
	static const char *const skip[] = {"of", "has", "have", "with", "offers", "gives", "comes", "uses", "runs", "got",
					   "the", "its", "their", "one", "cluster", "system", "machine", "and", "or", "/", NULL};
	size_t k = w + 1;
	while (k < c->n && k < w + 10 && (rd_is_any(c, k, skip) || c->t[k].cluster) && !rd_sentence_end_after(c, k - 1))
		k++;
	if (k >= c->n || rd_sentence_end_after(c, k - 1))
		return P_NONE;
	const char *norm = c->t[k].norm;
	*end = k;
	if (!strcmp(norm, "intel") || !strcmp(norm, "amd") || !strcmp(norm, "nvidia")) {
		*what = norm;
		return P_VENDOR;
	}
	/* "4 GPUs per node", "8 GPUs a node", "8-GPU nodes" */
	if (c->t[k].is_num && !c->t[k].num_word && c->t[k].num >= 1 && c->t[k].num <= 64 && k + 1 < c->n &&
	    (is_gpu_unit(c->t[k + 1].norm) || rd_is(c, k + 1, "gpu"))) {
		*n = (int)c->t[k].num;
		*end = k + 1;
		if ((rd_is(c, k + 2, "per") || rd_is(c, k + 2, "a") || rd_is(c, k + 2, "each")) && is_node_unit(rd_norm_at(c, k + 3)))
			*end = k + 3;
		return P_GPN;
	}
	const char *m = vocab_gpu_model(norm);
	if (m && strcmp(m, "amd") && strcmp(m, "intel") && strcmp(m, "mig")) {
		*what = m;
		return P_MODEL;
	}
	if (m) {
		*what = m;
		return P_VENDOR;
	}
	return P_NONE;
}

int rd_cluster_by_property(const struct ctx *c, const struct mention *m, size_t nm, bool *undecided, size_t *from,
			   size_t *to)
{
	*undecided = false;
	for (size_t w = 0; w < c->n; w++) {
		if (!rd_is(c, w, "whichever") || c->t[w].neg || c->t[w].source)
			continue;
		/* the systems offered: the known ones named in the sentence of "whichever" or the one before it */
		size_t a = w, e = w;
		int sentences = 0;
		while (a > 0 && !(rd_sentence_end_after(c, a - 1) && ++sentences > 1))
			a--;
		while (e + 1 < c->n && !rd_sentence_end_after(c, e))
			e++;
		const struct cluster *cand[4];
		size_t at[4], ncand = 0;
		for (size_t q = 0; q < nm; q++) {
			if (!m[q].known || m[q].at < a || m[q].at > e)
				continue;
			bool seen = false;
			for (size_t r = 0; r < ncand; r++)
				seen = seen || cand[r] == m[q].known;
			if (!seen && ncand < 4)
				cand[ncand] = m[q].known, at[ncand++] = q;
		}
		if (ncand < 2)
			continue;
		const char *what = NULL;
		int n = 0;
		size_t pe = w;
		enum prop p = property_at(c, w, &what, &n, &pe);
		*from = w, *to = pe;
		int pick = -1, picks = 0;
		for (size_t r = 0; r < ncand && p != P_NONE; r++)
			if (has_prop(cand[r], p, what, n))
				pick = (int)at[r], picks++;
		if (picks == 1)
			return pick;
		*undecided = true;
		return -1;
	}
	return -1;
}

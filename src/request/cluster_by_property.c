/* cluster_by_property.c - two systems offered and one picked by what it has: "Polaris or Aurora, whichever has
 * the Intel GPUs", "whichever of LS6 and Stampede3 has 4 GPUs per node", "the one of Polaris and Aurora that
 * has Intel GPUs", "Polaris or Aurora (the Intel one)", "Frontier or Perlmutter - the AMD machine -". The
 * property is a GPU model or vendor, a count of GPUs per node, the scheduler ("the Slurm one"; "... only speaks
 * Slurm, so use that one"), or several ("whichever has H100 nodes with 4
 * GPUs"): a system has it when one of its node types has all of it (a count alone: its default node type).
 * Exactly one of the systems named must have it. A property maple cannot check ("whichever is less busy",
 * "whichever has the shorter queue") or one both or neither have leaves the choice to the user: the cluster is
 * asked back. */
#include "cluster_mentions.h"
#include "reader.h"
#include "vocab.h"

#include "../repo/repo.h"

#include <string.h>
#include <strings.h>

struct want {
	const char *model, *vendor;
	int gpn;
	int sched; /* enum scheduler + 1; 0 when not said ("the Slurm one") */
};

/* The scheduler a word names ("slurm", "pbs"): enum scheduler + 1, 0 when none. */
static int sched_word(const char *norm)
{
	if (!strcmp(norm, "slurm"))
		return SCHED_SLURM + 1;
	if (!strcmp(norm, "pbs") || !strcmp(norm, "pbspro") || !strcmp(norm, "pbs-pro"))
		return SCHED_PBS + 1;
	return 0;
}

static bool type_has(const struct node_type *nt, const struct want *w)
{
	if (w->vendor && !(nt->hw.gpu_vendor && !strcasecmp(nt->hw.gpu_vendor, w->vendor)))
		return false;
	if (w->gpn && nt->hw.gpus_per_node != w->gpn)
		return false;
	if (!w->model)
		return true;
	for (size_t q = 0; q < nt->nmodels; q++)
		if (!strcmp(nt->models[q], w->model))
			return true;
	return false;
}

static bool has_prop(const struct cluster *cl, const struct want *w)
{
	if (w->sched && (int)cl->scheduler + 1 != w->sched)
		return false;
	if (!w->model && !w->vendor && !w->gpn) /* the scheduler alone */
		return w->sched != 0;
	if (!w->model && !w->vendor) /* a count alone: the cluster's usual node */
		return cl->hw.gpus_per_node == w->gpn;
	if (w->model && !w->gpn && !w->vendor) /* (as a request naming the model picks the node type) */
		return cluster_node_type(cl, NULL, w->model, NULL) != NULL;
	for (size_t k = 0; k < cl->nnode_types; k++)
		if (type_has(&cl->node_types[k], w))
			return true;
	return false;
}

/* The property words from k on (a vendor, a model, "N GPUs [per node]", joined by "nodes", "with", "and"),
 * into *w; *end the last one's token. False when the first word is none of them. */
static bool read_property(const struct ctx *c, size_t k, struct want *w, size_t *end)
{
	static const char *const glue[] = {"nodes", "node", "gpus", "gpu", "with", "and", "the", "of", NULL};
	bool any = false;
	for (size_t hops = 0; k < c->n && hops < 8; hops++) {
		const char *norm = c->t[k].norm;
		const char *m = vocab_gpu_model(norm);
		if (!strcmp(norm, "intel") || !strcmp(norm, "amd") || !strcmp(norm, "nvidia")) {
			w->vendor = norm;
		} else if (sched_word(norm)) {
			w->sched = sched_word(norm);
		} else if (c->t[k].is_num && !c->t[k].num_word && c->t[k].num >= 1 && c->t[k].num <= 64 && k + 1 < c->n &&
			   (is_gpu_unit(c->t[k + 1].norm) || rd_is(c, k + 1, "gpu"))) {
			w->gpn = (int)c->t[k].num;
			k++;
			if ((rd_is(c, k + 1, "per") || rd_is(c, k + 1, "a") || rd_is(c, k + 1, "each")) &&
			    is_node_unit(rd_norm_at(c, k + 2)))
				k += 2;
		} else if (m && !strcmp(m, "mig")) {
			break;
		} else if (m && (!strcmp(m, "amd") || !strcmp(m, "intel"))) {
			w->vendor = m;
		} else if (m) {
			w->model = m;
		} else if (any && rd_is_any(c, k, glue) && !c->t[k - 1].trail) {
			k++;
			continue;
		} else {
			break;
		}
		any = true;
		*end = k;
		if (c->t[k].trail)
			break;
		k++;
	}
	return any;
}

/* Where the property of a choice starts: after "whichever [has|of X and Y has]", after "the one [of X and
 * Y] that/which/with", or the word before "one/machine/system/cluster" in "the Intel one"; *lead the cue's
 * first token. c->n when token i opens no choice. */
static size_t choice_at(const struct ctx *c, size_t i, size_t *lead)
{
	static const char *const skip[] = {"of", "has", "have", "with", "offers", "gives", "comes", "uses", "runs", "got",
					   "the", "its", "their", "one", "cluster", "system", "machine", "and", "or", "/",
					   "that", "which", NULL};
	static const char *const nouns[] = {"one", "machine", "system", "cluster", "box", NULL};
	size_t k;
	*lead = i;
	if (rd_is(c, i, "whichever")) {
		k = i + 1;
	} else if (rd_is(c, i, "the") && rd_is(c, i + 1, "one")) {
		k = i + 2;
		size_t q = k;
		while (q < c->n && q < k + 8 && !rd_is(c, q, "that") && !rd_is(c, q, "which") && !rd_is(c, q, "with") &&
		       !rd_sentence_end_after(c, q - 1))
			q++;
		if (q >= c->n || q >= k + 8 || rd_sentence_end_after(c, q - 1))
			return c->n;
		k = q;
	} else if (rd_is(c, i, "the") && i + 2 < c->n && rd_is_any(c, i + 2, nouns) && !c->t[i + 1].trail) {
		const char *norm = c->t[i + 1].norm;
		if (strcmp(norm, "intel") && strcmp(norm, "amd") && strcmp(norm, "nvidia") && !vocab_gpu_model(norm) &&
		    !sched_word(norm))
			return c->n;
		return i + 1;
	} else if (rd_is(c, i, "so") && i > 0 &&
		   ((rd_is(c, i + 1, "that") && rd_is(c, i + 2, "one")) ||
		    (rd_is_any(c, i + 1, (const char *const[]){"use", "pick", "take", "choose", NULL}) && rd_is(c, i + 2, "that") &&
		     rd_is(c, i + 3, "one")))) {
		/* "our launcher wrapper only speaks Slurm, so use that one": the property said in the clause
		 * before "so" */
		for (size_t q = i; q > 0 && i - q < 10 && !rd_sentence_end_after(c, q - 1); q--) {
			struct want w = {NULL, NULL, 0, 0};
			size_t end;
			if (!c->t[q - 1].cluster && read_property(c, q - 1, &w, &end) && end < i)
				return q - 1;
		}
		return c->n;
	} else {
		return c->n;
	}
	while (k < c->n && k < i + 12 && (rd_is_any(c, k, skip) || c->t[k].cluster) && !rd_sentence_end_after(c, k - 1))
		k++;
	if (k >= c->n || rd_sentence_end_after(c, k - 1))
		return c->n;
	return k;
}

int rd_cluster_by_property(const struct ctx *c, const struct mention *m, size_t nm, bool *undecided, size_t *from,
			   size_t *to)
{
	*undecided = false;
	for (size_t w = 0; w < c->n; w++) {
		if (c->t[w].neg || c->t[w].source)
			continue;
		size_t lead, k = choice_at(c, w, &lead);
		bool whichever = rd_is(c, w, "whichever");
		if (k == c->n && !whichever)
			continue;
		/* the systems offered: the known ones named in the sentence of the cue or the one before it */
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
		struct want want = {NULL, NULL, 0, 0};
		size_t pe = k;
		bool prop = k < c->n && read_property(c, k, &want, &pe);
		if (!prop && !whichever)
			continue; /* ("the one that ran last week": no property, no choice) */
		*from = lead, *to = prop ? pe : w;
		int pick = -1, picks = 0;
		for (size_t r = 0; r < ncand && prop; r++)
			if (has_prop(cand[r], &want))
				pick = (int)at[r], picks++;
		if (picks == 1)
			return pick;
		*undecided = true;
		return -1;
	}
	return -1;
}

/* described_cluster.c - a cluster the text names only by what it is, within its centre: "Not Polaris -
 * the other ALCF machine, the one with 12 GPUs a node", "NCSA's GH200 system", "the Grace Hopper one at
 * TACC". Of the centre's clusters, those the text rules out are dropped, then those that match neither a
 * GPU count per node nor a GPU model the text states; the cluster is taken only when exactly one remains
 * and something described it (a vendor alone does not: "the AMD machine at NCSA" is Delta, but which of
 * its node types is another question; named as the GPUs' maker, "the AMD GPU machine at NCSA", it is Delta
 * and the maker picks the node type). */
#include "cluster_mentions.h"
#include "lexicon.h"
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool hw_matches(const struct hardware *hw, int gpn, const char *model)
{
	if (gpn > 0 && hw->gpus_per_node != gpn)
		return false;
	if (model) { /* a word of the model's name ("NVIDIA GH200 Grace Hopper", "A100-SXM4-40GB") */
		bool hit = false;
		for (const char *p = hw->gpu_model ? hw->gpu_model : ""; *p && !hit;) {
			char m[64];
			size_t l = 0;
			while (*p && *p != ' ' && l + 1 < sizeof(m))
				m[l++] = (char)tolower((unsigned char)*p++);
			m[l] = '\0';
			while (*p == ' ')
				p++;
			const char *id = l ? vocab_gpu_model(m) : NULL;
			hit = id && !strcmp(id, model);
		}
		if (!hit)
			return false;
	}
	return true;
}

/* Whether some node type of the cluster (or its one kind of node) matches what the text states. */
static bool cluster_matches(const struct cluster *cl, int gpn, const char *model)
{
	if (!cl->nnode_types)
		return hw_matches(&cl->hw, gpn, model);
	for (size_t i = 0; i < cl->nnode_types; i++) {
		const struct node_type *nt = &cl->node_types[i];
		bool model_ok = !model;
		for (size_t k = 0; k < nt->nmodels && !model_ok; k++)
			model_ok = !strcmp(nt->models[k], model);
		if (!model_ok) /* a node type that lists no models: its hardware's model name */
			model_ok = hw_matches(&nt->hw, 0, model);
		if (model_ok && hw_matches(&nt->hw, gpn, NULL))
			return true;
	}
	return false;
}

/* Whether some GPU node of the cluster has GPUs of the vendor ("the ALCF system with the Intel GPUs" is
 * Aurora; "the AMD GPU machine at NCSA" is Delta, whose AMD nodes the vendor then picks as their model). */
static bool cluster_has_vendor(const struct cluster *cl, const char *vendor)
{
	if (!cl->nnode_types)
		return !strcasecmp(cl->hw.gpu_vendor ? cl->hw.gpu_vendor : "nvidia", vendor);
	for (size_t i = 0; i < cl->nnode_types; i++) {
		const struct hardware *hw = &cl->node_types[i].hw;
		if (hw->gpus_per_node > 0 && !strcasecmp(hw->gpu_vendor ? hw->gpu_vendor : "nvidia", vendor))
			return true;
	}
	return false;
}

/* What the text states of the machine: "12 GPUs a node", "8 GCDs per node", "4 GPUs each"; a GPU model;
 * the GPUs' maker ("the Intel GPUs", "AMD accelerators"). */
static void described(const struct ctx *c, int *gpn, const char **model, const char **vendor)
{
	*gpn = 0, *model = NULL, *vendor = NULL;
	for (size_t i = 0; i < c->n; i++) {
		const struct tok *t = &c->t[i];
		if (t->neg)
			continue;
		/* (NVIDIA's name before its GPUs: the vocabulary's vendor ids are AMD's and Intel's) */
		if (!*vendor && rd_is(c, i, "nvidia") && i + 1 < c->n && !t->trail &&
		    (is_gpu_unit(c->t[i + 1].norm) || rd_is(c, i + 1, "gpu")))
			*vendor = "nvidia";
		if (t->is_num && i + 1 < c->n && (is_gpu_unit(c->t[i + 1].norm) || rd_is(c, i + 1, "gpu"))) {
			size_t k = i + 2;
			if (rd_is(c, k, "a") || rd_is(c, k, "per") || rd_is(c, k, "each"))
				k++;
			if ((is_node_unit(rd_norm_at(c, k)) || rd_is(c, k - 1, "each")) && t->num >= 1 && t->num <= 64)
				*gpn = (int)t->num;
		}
		const char *id = vocab_gpu_model(t->norm);
		if (!id && i + 1 < c->n) { /* "Grace Hopper": the model's words joined as the vocabulary has them */
			char two[sizeof(t->norm) * 2 + 2];
			snprintf(two, sizeof(two), "%s-%s", t->norm, c->t[i + 1].norm);
			id = vocab_gpu_model(two);
		}
		if (id && (!strcmp(id, "amd") || !strcmp(id, "intel"))) { /* "the Intel GPUs": the maker, not a model */
			if (!*vendor)
				*vendor = id;
		} else if (id && !*model) {
			*model = id;
		}
	}
}

const struct cluster *rd_described_cluster(struct ctx *c, size_t *at, char *why, size_t cap)
{
	int gpn;
	const char *model, *vendor;
	described(c, &gpn, &model, &vendor);
	for (size_t i = 0; i < c->n; i++) {
		const struct tok *t = &c->t[i];
		if (t->neg || t->source || !isupper((unsigned char)t->raw[0]))
			continue;
		/* the centre's clusters, those named and ruled out ("not Polaris") dropped */
		const struct cluster *left = NULL;
		size_t nleft = 0, ncentre = 0, ruled_out = 0;
		for (size_t k = 0; k < repo_cluster_count(c->repo); k++) {
			const struct cluster *cl = repo_cluster_at(c->repo, k);
			if (!rd_cluster_at_centre(cl, t->norm))
				continue;
			ncentre++;
			bool out = false;
			for (size_t q = 0; q < c->n && !out; q++)
				out = c->t[q].neg && match_cluster_name_exact(c->repo, c->t[q].norm) == cl;
			if (out) {
				ruled_out++;
				continue;
			}
			if (!cluster_matches(cl, gpn, model) || (vendor && !cluster_has_vendor(cl, vendor)))
				continue;
			left = cl;
			nleft++;
		}
		/* a centre of one cluster is read elsewhere; here something must narrow several to one */
		if (ncentre < 2 || nleft != 1 || (!ruled_out && !gpn && !model && !vendor))
			continue;
		snprintf(why, cap, "%s: the %s cluster%s%s%s%s", left->id, t->raw, ruled_out ? " not ruled out" : "",
			 gpn ? " with that many GPUs per node" : "", model ? " with that GPU" : "",
			 vendor && !model ? " with GPUs of that maker" : "");
		*at = i;
		return left;
	}
	return NULL;
}

/* nodetype.c - a cluster's node types: loading and checking `node_types:` (or the single implicit
 * one from `hardware:`), building each node type's view of the cluster, and choosing the node type
 * a job lands on from its queue, its GPU model (a memory size in it is a minimum per GPU) or the
 * cluster's default; the sentences that refuse one cite the data's hardware and queue sources. */
#include "load.h"

#include "../util/strbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const sw_kinds[] = {"module", "conda", "venv", "container", "user"};

const char *sw_kind_name(enum sw_kind k)
{
	return k >= SW_MODULE && k <= SW_USER ? sw_kinds[k] : "module";
}

static const char *const sw_keys[] = {"kind", "provided", "hint", "note", "image", "lines", "source", "reliability", NULL};
static const char *const sw_req[] = {"kind", "source", NULL};

void rl_software(struct ydoc *y, yaml_node_t *map, struct software *out)
{
	memset(out, 0, sizeof(*out));
	out->provided = true;
	if (!ymap_check(y, map, "software", sw_keys, sw_req))
		return;
	const char *kind = NULL;
	yget_str(y, map, "kind", &kind);
	bool ok = false;
	for (int k = 0; kind && k <= SW_USER; k++)
		if (!strcmp(kind, sw_kinds[k])) {
			out->kind = (enum sw_kind)k;
			ok = true;
		}
	if (kind && !ok)
		yerr(y, ymap_get(y, map, "kind"), "software kind must be module, conda, venv, container or user, not '%s'",
		     kind);
	out->provided = out->kind != SW_USER;
	yget_bool(y, map, "provided", &out->provided);
	if (out->kind == SW_USER && out->provided)
		yerr(y, map, "software kind 'user' means the centre provides no framework: 'provided' must be false");
	yget_str(y, map, "hint", &out->hint);
	yget_str(y, map, "note", &out->note);
	yget_str(y, map, "image", &out->image);
	if (out->kind == SW_CONTAINER && !out->image)
		yerr(y, map, "software kind 'container' needs an 'image'");
	if (!out->provided && !out->hint)
		yerr(y, map, "software that the centre does not provide needs a 'hint' (what the user activates, e.g. "
			     "'conda activate /path/to/env')");
	if (out->hint && strchr(out->hint, '\n'))
		yerr(y, ymap_get(y, map, "hint"), "'hint' must be one line");
	rl_source(y, map, &out->src, true);
	out->set = true;
}

/* Lower case without spaces, '-' and '_': "A100-SXM4" -> "a100sxm4". */
static void squash(const char *s, char *out, size_t cap)
{
	size_t o = 0;
	for (; *s && o + 1 < cap; s++)
		if (isalnum((unsigned char)*s))
			out[o++] = (char)tolower((unsigned char)*s);
	out[o] = '\0';
}

static bool model_matches_name(const struct node_type *nt, const char *model);

static const struct node_type *default_nt(const struct cluster *c)
{
	for (size_t i = 0; i < c->nnode_types; i++)
		if (c->node_types[i].is_default)
			return &c->node_types[i];
	return c->nnode_types ? &c->node_types[0] : NULL;
}

/* A GPU model as a request gives it: "a100" (by name), "a100-80gb" (an A100 with 80 GB), "gpu-80gb" (the
 * memory alone, any model); a size followed by "-exact" ("a100-40gb-exact": the reader's mark for
 * exact-size wording such as "the 40GB A100s") wants that size and no other, a size without it at
 * least that much memory per GPU. */
struct model_spec {
	char name[80]; /* without "-exact": "a100-80gb" */
	char base[80]; /* without the size: "a100", "gpu" */
	int gb;	       /* the size (0: none named) */
	bool exact;
};

static void parse_model(const char *model, struct model_spec *s)
{
	memset(s, 0, sizeof(*s));
	snprintf(s->name, sizeof(s->name), "%s", model);
	size_t n = strlen(s->name);
	if (n > 6 && !strcmp(s->name + n - 6, "-exact")) {
		s->name[n - 6] = '\0';
		s->exact = true;
	}
	snprintf(s->base, sizeof(s->base), "%s", s->name);
	const char *dash = strrchr(s->name, '-');
	if (!dash || dash == s->name)
		return;
	size_t d = strspn(dash + 1, "0123456789");
	if (!d || strcmp(dash + 1 + d, "gb"))
		return;
	s->gb = atoi(dash + 1);
	snprintf(s->base, sizeof(s->base), "%.*s", (int)(dash - s->name), s->name);
}

/* Whether one of nt's `models` names carries a memory size of gb ("h100-80gb", "v100-16"). */
static bool name_has_size(const struct node_type *nt, int gb)
{
	for (size_t i = 0; i < nt->nmodels; i++) {
		const char *dash = strrchr(nt->models[i], '-');
		if (!dash || dash == nt->models[i])
			continue;
		size_t d = strspn(dash + 1, "0123456789");
		if (d && d <= 3 && (!dash[1 + d] || !strcmp(dash + 1 + d, "gb") || !strcmp(dash + 1 + d, "g")) &&
		    atoi(dash + 1) == gb)
			return true;
	}
	return false;
}

/* A model with its memory ("a100-80gb"): a node type that lists it, or the model's own name on nodes
 * whose GPUs have exactly that memory. Any other model: by name. */
static bool model_matches(const struct node_type *nt, const char *model)
{
	/* the vendor alone ("the AMD GPUs", "Intel GPUs"): the node types with that vendor's GPUs */
	if (!strcmp(model, "amd") || !strcmp(model, "intel") || !strcmp(model, "nvidia"))
		return !strcmp(model, nt->hw.gpu_vendor ? nt->hw.gpu_vendor : "nvidia");
	struct model_spec s;
	parse_model(model, &s);
	if (model_matches_name(nt, s.name))
		return true;
	/* "the 80GB GPUs" (a size named exactly, any model): also nodes whose `models` carry that size, as
	 * users name them ("h100-80gb" on Stampede3, listed by TACC with 96 GB) */
	if (s.gb && s.exact && !strcmp(s.base, "gpu") && name_has_size(nt, s.gb))
		return true;
	if (!s.gb || nt->hw.gpu_memory_gb != s.gb)
		return false;
	/* "gpu-80gb": the memory alone ("80GB GPUs"), any model */
	return !strcmp(s.base, "gpu") || model_matches_name(nt, s.base);
}

/* Whether nt's GPUs are of model base ("gpu": any model): one of its names, or one of its names that
 * carries a size ("a100-80gb" and "v100-16" name an A100 and a V100). */
static bool is_model(const struct node_type *nt, const char *base)
{
	if (!strcmp(base, "gpu") || model_matches_name(nt, base))
		return true;
	char want[64], have[96];
	squash(base, want, sizeof(want));
	for (size_t i = 0; want[0] && i < nt->nmodels; i++) {
		snprintf(have, sizeof(have), "%s", nt->models[i]);
		char *dash = strrchr(have, '-');
		if (!dash || dash == have)
			continue;
		size_t d = strspn(dash + 1, "0123456789");
		if (!d || d > 3 || (dash[1 + d] && strcmp(dash + 1 + d, "gb") && strcmp(dash + 1 + d, "g")))
			continue;
		*dash = '\0';
		char sq[96];
		squash(have, sq, sizeof(sq));
		if (!strcmp(sq, want))
			return true;
	}
	return false;
}

/* A size asked as a minimum ("a100-60gb", "gpu-80gb") that no node type has exactly: among the node
 * types of that model (reaching queue, where one is named) whose GPUs hold at least that much, the
 * default one if it does, else the one with the least memory that does; one with gpus_per_node GPUs
 * first. NULL: none holds it, or the size was asked exactly. */
static const struct node_type *at_least(const struct cluster *c, const char *queue, const char *model,
					int gpus_per_node)
{
	struct model_spec s;
	parse_model(model, &s);
	if (!s.gb || s.exact)
		return NULL;
	const struct node_type *def = default_nt(c), *best = NULL;
	bool best_fits = false;
	for (size_t i = 0; i < c->nnode_types; i++) {
		const struct node_type *nt = &c->node_types[i];
		if ((queue && !node_type_has_queue(nt, queue)) || nt->hw.gpu_memory_gb < s.gb || !is_model(nt, s.base))
			continue;
		bool fits = nt->hw.gpus_per_node >= gpus_per_node;
		if (!best || (fits && !best_fits) ||
		    (fits == best_fits && best != def && (nt == def || nt->hw.gpu_memory_gb < best->hw.gpu_memory_gb))) {
			best = nt;
			best_fits = fits;
		}
	}
	return best;
}

/* The model as said to a person: "gpu-80gb" (the memory alone) is "80 GB GPU", a size asked exactly
 * loses its mark ("a100-40gb-exact" is "a100-40gb"), others are as they are. */
static const char *model_words(const char *model, char *buf, size_t cap)
{
	if (!strcmp(model, "amd") || !strcmp(model, "intel") || !strcmp(model, "nvidia")) {
		snprintf(buf, cap, "%s GPU", !strcmp(model, "amd") ? "AMD" : !strcmp(model, "intel") ? "Intel" : "NVIDIA");
		return buf;
	}
	struct model_spec s;
	parse_model(model, &s);
	if (s.gb && !strcmp(s.base, "gpu"))
		snprintf(buf, cap, "%d GB GPU", s.gb);
	else
		snprintf(buf, cap, "%s", s.name);
	return buf;
}

/* What a size asked adds to "has no X nodes": " (none with 60 GB or more per GPU among its a100 GPUs)" or
 * " (60 GB exactly, as asked; the sizes it has: gpu40 has 40 GB, gpu80 has 80 GB)"; nothing for a model
 * without a size. */
static void size_words(const struct cluster *c, const char *queue, const char *model, struct strbuf *why)
{
	struct model_spec s;
	parse_model(model, &s);
	if (!s.gb)
		return;
	if (!s.exact) {
		bool any = !strcmp(s.base, "gpu");
		strbuf_addf(why, " (none with %d GB or more per GPU%s%s%s)", s.gb, any ? "" : " among its ", any ? "" : s.base,
			    any ? "" : " GPUs");
		return;
	}
	/* the sizes there are of that model (of any model for the memory alone), smaller ones too */
	strbuf_addf(why, " (%d GB exactly, as asked", s.gb);
	size_t n = 0;
	for (size_t i = 0; i < c->nnode_types; i++) {
		const struct node_type *nt = &c->node_types[i];
		if ((queue && !node_type_has_queue(nt, queue)) || !is_model(nt, s.base))
			continue;
		strbuf_addf(why, "%s%s has %d GB", n++ ? ", " : "; the sizes it has: ", nt->id, nt->hw.gpu_memory_gb);
	}
	strbuf_addch(why, ')');
}

static bool model_matches_name(const struct node_type *nt, const char *model)
{
	char want[64], have[160];
	squash(model, want, sizeof(want));
	if (!want[0])
		return false;
	if (nt->nmodels) {
		for (size_t i = 0; i < nt->nmodels; i++) {
			squash(nt->models[i], have, sizeof(have));
			if (!strcmp(have, want))
				return true;
		}
		return false;
	}
	squash(nt->hw.gpu_model ? nt->hw.gpu_model : "", have, sizeof(have));
	return strstr(have, want) != NULL;
}

bool node_type_has_queue(const struct node_type *nt, const char *queue)
{
	for (size_t i = 0; queue && i < nt->nqueues; i++)
		if (!strcasecmp(nt->queues[i], queue))
			return true;
	return false;
}

int cluster_max_gpus_per_node(const struct cluster *c)
{
	int most = 0;
	for (size_t i = 0; i < c->nnode_types; i++)
		if (c->node_types[i].hw.gpus_per_node > most)
			most = c->node_types[i].hw.gpus_per_node;
	return most ? most : c->hw.gpus_per_node;
}

const struct node_type *cluster_node_type_by_id(const struct cluster *c, const char *id)
{
	for (size_t i = 0; id && i < c->nnode_types; i++)
		if (!strcasecmp(c->node_types[i].id, id))
			return &c->node_types[i];
	return NULL;
}

void node_type_describe(const struct node_type *nt, struct strbuf *out)
{
	strbuf_addf(out, "%dx %s (%d GB)", nt->hw.gpus_per_node, nt->hw.gpu_model ? nt->hw.gpu_model : "?",
		    nt->hw.gpu_memory_gb);
}

static void list_models(const struct cluster *c, struct strbuf *why)
{
	for (size_t i = 0; i < c->nnode_types; i++) {
		const struct node_type *nt = &c->node_types[i];
		strbuf_addf(why, "%s%s: ", i ? "; " : "", nt->id);
		node_type_describe(nt, why);
		strbuf_adds(why, " via ");
		for (size_t k = 0; k < nt->nqueues; k++)
			strbuf_addf(why, "%s%s", k ? "/" : "", nt->queues[k]);
		if (!nt->nqueues)
			strbuf_adds(why, "(no queue)");
	}
	/* where those facts come from: each node type's hardware source, once */
	for (size_t i = 0, n = 0; i < c->nnode_types; i++) {
		const char *u = c->node_types[i].hw.src.url;
		bool seen = !u;
		for (size_t k = 0; k < i && !seen; k++)
			seen = c->node_types[k].hw.src.url && !strcmp(c->node_types[k].hw.src.url, u);
		if (!seen)
			strbuf_addf(why, "%s%s", n++ ? ", " : " [hardware: ", u);
		if (n && i + 1 == c->nnode_types)
			strbuf_addch(why, ']');
	}
}

/* The source of c's queue list for messages: its queues' URLs, each once ("[queues: URL]"). */
static void queue_sources(const struct cluster *c, struct strbuf *why)
{
	size_t n = 0;
	for (size_t i = 0; i < c->nqueues; i++) {
		const char *u = c->queues[i].src.url;
		bool seen = !u;
		for (size_t k = 0; k < i && !seen; k++)
			seen = c->queues[k].src.url && !strcmp(c->queues[k].src.url, u);
		if (!seen)
			strbuf_addf(why, "%s%s", n++ ? ", " : " [queues: ", u);
	}
	if (n)
		strbuf_addch(why, ']');
}

/* Why no node type of c has the GPUs the request names, where the data knows more than "none": nodes
 * the centre has and maple does not model (`unmodelled:`), or a MIG slice (maple writes whole GPUs).
 * Writes the sentence and returns true; false where there is nothing to add. */
static bool explain_unmodelled(const struct cluster *c, const char *gpu_model, struct strbuf *why)
{
	char want[64], have[64];
	squash(gpu_model, want, sizeof(want));
	for (size_t i = 0; i < c->nunmodelled; i++) {
		const struct unmodelled_nodes *u = &c->unmodelled[i];
		bool hit = false;
		for (size_t k = 0; k < u->nmodels && !hit; k++) {
			squash(u->models[k], have, sizeof(have));
			/* "l40s" and "l40s-48gb" (the model with its memory) both mean the nodes listed as "l40s" */
			hit = !strcmp(have, want) || (!strncmp(want, have, strlen(have)) && strstr(want + strlen(have), "gb"));
		}
		if (!hit)
			continue;
		if (why) {
			strbuf_addf(why, "%s has %s, which maple's data does not model (%s), so maple cannot write a job for them "
					 "[%s]; the node types it models: ",
				    c->id, u->what, u->why, u->src.url ? u->src.url : "no source");
			list_models(c, why);
		}
		return true;
	}
	if (!strcmp(gpu_model, "mig")) {
		if (why) {
			strbuf_addf(why, "maple writes jobs on whole GPUs only: a MIG slice (a fraction of one GPU) is not in its "
					 "data for %s; ask for 1 GPU or more, or follow the centre's own MIG instructions; its node types: ",
				    c->id);
			list_models(c, why);
		}
		return true;
	}
	return false;
}

/* A size asked as a minimum that no modelled node type has, but nodes the centre has and maple does not
 * model have exactly ("48GB GPUs" on Bridges-2: its L40S-48GB nodes): those are the nodes meant, so the
 * request is refused saying so (and naming the modelled GPUs with more memory) rather than put on other
 * GPUs. Writes the sentence and returns true; false where no unmodelled nodes have that size. */
static bool unmodelled_size(const struct cluster *c, const char *queue, const char *gpu_model, struct strbuf *why)
{
	struct model_spec s;
	parse_model(gpu_model, &s);
	if (!s.gb)
		return false;
	char want[64];
	squash(s.base, want, sizeof(want));
	for (size_t i = 0; i < c->nunmodelled; i++) {
		const struct unmodelled_nodes *u = &c->unmodelled[i];
		bool hit = false;
		for (size_t k = 0; k < u->nmodels && !hit; k++) {
			char name[96];
			snprintf(name, sizeof(name), "%s", u->models[k]);
			char *dash = strrchr(name, '-');
			if (!dash || dash == name || atoi(dash + 1) != s.gb)
				continue;
			*dash = '\0';
			char have[96];
			squash(name, have, sizeof(have));
			hit = !strcmp(s.base, "gpu") || !strcmp(have, want);
		}
		if (!hit)
			continue;
		if (why) {
			strbuf_addf(why, "the GPUs with %d GB on %s are %s, which maple's data does not model (%s), so maple "
					 "cannot write a job for them [%s]",
				    s.gb, c->id, u->what, u->why, u->src.url ? u->src.url : "no source");
			size_t n = 0;
			for (size_t k = 0; k < c->nnode_types; k++) {
				const struct node_type *nt = &c->node_types[k];
				if ((queue && !node_type_has_queue(nt, queue)) || nt->hw.gpu_memory_gb < s.gb ||
				    !is_model(nt, s.base))
					continue;
				strbuf_addf(why, "%s%s (%d GB)", n++ ? ", " : "; GPUs with more memory it can write for, if you ask "
									   "for them: ",
					    nt->id, nt->hw.gpu_memory_gb);
			}
			strbuf_adds(why, "; its node types: ");
			list_models(c, why);
		}
		return true;
	}
	return false;
}

const struct node_type *cluster_node_type(const struct cluster *c, const char *queue, const char *gpu_model,
					  struct strbuf *why)
{
	return cluster_node_type_for(c, queue, gpu_model, 0, why);
}

const struct node_type *cluster_node_type_for(const struct cluster *c, const char *queue, const char *gpu_model,
					      int gpus_per_node, struct strbuf *why)
{
	if (gpu_model && !*gpu_model)
		gpu_model = NULL;
	if (queue) {
		const struct queue *q = cluster_queue(c, queue);
		if (!q) {
			if (why) {
				strbuf_addf(why, "queue '%s' does not exist on %s; its queues are: ", queue, c->id);
				for (size_t i = 0; i < c->nqueues; i++)
					strbuf_addf(why, "%s%s%s", i ? ", " : "", c->queues[i].name,
						    c->queues[i].cpu_only ? " (CPU only)" : "");
				queue_sources(c, why);
			}
			return NULL;
		}
		if (q->cpu_only) {
			if (why) {
				strbuf_addf(why, "queue '%s' on %s has no GPUs (CPU-only); GPU queues: ", q->name, c->id);
				size_t n = 0;
				for (size_t i = 0; i < c->nqueues; i++)
					if (!c->queues[i].cpu_only)
						strbuf_addf(why, "%s%s", n++ ? ", " : "", c->queues[i].name);
				if (q->src.url)
					strbuf_addf(why, " [%s]", q->src.url);
			}
			return NULL;
		}
		const struct node_type *first = NULL, *def = default_nt(c);
		for (size_t i = 0; i < c->nnode_types; i++) {
			const struct node_type *nt = &c->node_types[i];
			if (!node_type_has_queue(nt, q->name))
				continue;
			if (gpu_model && model_matches(nt, gpu_model))
				return nt;
			if (!first || nt == def)
				first = nt;
		}
		if (first && gpu_model) {
			if (unmodelled_size(c, q->name, gpu_model, why))
				return NULL;
			const struct node_type *big = at_least(c, q->name, gpu_model, gpus_per_node);
			if (big)
				return big; /* "queue h100 with 80GB GPUs" on Stampede3: its 96 GB hold 80 */
			if (why && explain_unmodelled(c, gpu_model, why))
				return NULL;
			if (why) {
				strbuf_addf(why, "queue '%s' on %s reaches ", q->name, c->id);
				size_t n = 0;
				for (size_t i = 0; i < c->nnode_types; i++)
					if (node_type_has_queue(&c->node_types[i], q->name)) {
						strbuf_adds(why, n++ ? " and " : "");
						node_type_describe(&c->node_types[i], why);
					}
				char words[96];
				strbuf_addf(why, " nodes, not %s", model_words(gpu_model, words, sizeof(words)));
				size_words(c, q->name, gpu_model, why);
				strbuf_adds(why, "; node types: ");
				list_models(c, why);
			}
			return NULL;
		}
		if (!first && why)
			strbuf_addf(why, "queue '%s' on %s reaches no node type in maple's data", q->name, c->id);
		return first;
	}
	if (gpu_model) {
		/* the default node type first, then the others; one with enough GPUs per node wins ("8 A100s
		 * each" on Delta is its a100x8 nodes, not the default a100x4) */
		const struct node_type *def = default_nt(c), *any = NULL;
		if (def && model_matches(def, gpu_model)) {
			if (def->hw.gpus_per_node >= gpus_per_node)
				return def;
			any = def;
		}
		for (size_t i = 0; i < c->nnode_types; i++) {
			const struct node_type *nt = &c->node_types[i];
			if (!model_matches(nt, gpu_model))
				continue;
			if (nt->hw.gpus_per_node >= gpus_per_node)
				return nt;
			if (!any)
				any = nt;
		}
		/* a size asked as a minimum that no node type has exactly: the GPUs that hold it ("80GB GPUs" on
		 * Stampede3 are its H100s, listed with 96 GB) */
		if (any)
			return any; /* the rules say that it has too few GPUs */
		if (unmodelled_size(c, NULL, gpu_model, why))
			return NULL;
		const struct node_type *big = at_least(c, NULL, gpu_model, gpus_per_node);
		if (big)
			return big;
		if (why && explain_unmodelled(c, gpu_model, why))
			return NULL;
		if (why) {
			char words[96];
			strbuf_addf(why, "%s has no %s nodes", c->id, model_words(gpu_model, words, sizeof(words)));
			size_words(c, NULL, gpu_model, why);
			strbuf_adds(why, "; its node types: ");
			list_models(c, why);
		}
		return NULL;
	}
	return default_nt(c);
}

bool node_type_size_note(const struct cluster *c, const struct node_type *nt, const char *gpu_model, struct strbuf *out)
{
	if (!nt || !gpu_model)
		return false;
	struct model_spec s;
	parse_model(gpu_model, &s);
	if (!s.gb || s.exact || nt->hw.gpu_memory_gb <= s.gb || model_matches_name(nt, s.name))
		return false;
	strbuf_addf(out,
		    "%d GB per GPU asked: no %s on %s has exactly that, so the job uses the %s nodes, whose GPUs have %d GB "
		    "each (%s; the %s that holds %d GB) [%s]",
		    s.gb, strcmp(s.base, "gpu") ? s.base : "GPU", c->id, nt->id, nt->hw.gpu_memory_gb,
		    nt->hw.gpu_model ? nt->hw.gpu_model : "?", nt->is_default ? "default node type" : "smallest GPU",
		    s.gb, nt->hw.src.url ? nt->hw.src.url : "no source");
	return true;
}

bool template_fits(const struct template *t, const struct node_type *nt)
{
	if (!t->nnode_types || !nt)
		return true;
	for (size_t i = 0; i < t->nnode_types; i++)
		if (!strcasecmp(t->node_types[i], nt->id))
			return true;
	return false;
}

/* ---------------------------------------------------------------------------------------------- */

static const char *const model_keys[] = {"name", "note", "source", "reliability", NULL};
static const char *const model_req[] = {"name", "source", NULL};

/* Whether name (or its base, less a size: "a100-40gb", "v100-16") is said by the hardware's gpu_model
 * ("NVIDIA A100-SXM4-40GB"), so that the hardware's source is its source. */
static bool model_evident(const char *name, const char *gpu_model)
{
	char want[80], have[200];
	squash(gpu_model ? gpu_model : "", have, sizeof(have));
	squash(name, want, sizeof(want));
	if (want[0] && strstr(have, want))
		return true;
	char base[80];
	snprintf(base, sizeof(base), "%s", name);
	char *dash = strrchr(base, '-');
	if (!dash || dash == base)
		return false;
	size_t d = strspn(dash + 1, "0123456789");
	if (!d || (dash[1 + d] && strcmp(dash + 1 + d, "gb") && strcmp(dash + 1 + d, "g")))
		return false;
	*dash = '\0';
	squash(base, want, sizeof(want));
	return want[0] && strstr(have, want) != NULL;
}

/* models: names (or {name, source, reliability, note} for a name the hardware's gpu_model does not say:
 * every name that selects the node type has a source). Read after the hardware. */
void rl_models(struct ydoc *y, yaml_node_t *seq, struct node_type *nt)
{
	nt->nmodels = 0;
	if (!seq)
		return;
	if (!yis_seq(seq)) {
		yerr(y, seq, "'models' must be a list of GPU model names (or {name, source} items)");
		return;
	}
	size_t len = yseq_len(seq);
	nt->models = arena_alloc(y->arena, (len + 1) * sizeof(*nt->models));
	nt->model_srcs = arena_alloc(y->arena, (len + 1) * sizeof(*nt->model_srcs));
	nt->model_notes = arena_alloc(y->arena, (len + 1) * sizeof(*nt->model_notes));
	for (size_t i = 0; i < len; i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		const char *name = NULL, *note = NULL;
		struct fact_src src = nt->hw.src;
		if (yis_map(it)) {
			if (!ymap_check(y, it, "model name", model_keys, model_req))
				continue;
			yget_str(y, it, "name", &name);
			yget_str(y, it, "note", &note);
			rl_source(y, it, &src, true);
		} else {
			name = yscalar(y, it, "model name");
			if (name && !model_evident(name, nt->hw.gpu_model))
				yerr(y, it, "model name '%s' is not in the hardware's gpu_model '%s': give it as {name: %s, source: "
					    "URL} with the page that calls these GPUs so", name, nt->hw.gpu_model ? nt->hw.gpu_model : "",
				     name);
		}
		if (!name)
			continue;
		for (const char *p = name; *p; p++)
			if (!(islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '-')) {
				yerr(y, it, "model name '%s' is lower case letters, digits and '-' (as the lexicon's gpu_models ids)",
				     name);
				break;
			}
		nt->models[nt->nmodels] = name;
		nt->model_srcs[nt->nmodels] = src;
		nt->model_notes[nt->nmodels] = note;
		nt->nmodels++;
	}
}

static const char *const nt_keys[] = {"id",	 "default", "models", "nodes",	"queues", "hardware", "backend",
				      "header", "modules", "env",    "software", "note",	  "source",   "reliability",
				      NULL};
static const char *const nt_req[] = {"id", "hardware", "queues", NULL};

static const char *vendor_backend(const char *vendor)
{
	if (vendor && !strcmp(vendor, "amd"))
		return "rccl";
	if (vendor && !strcmp(vendor, "intel"))
		return "xccl";
	return "nccl";
}

/* Communication settings that do not fit the node type's GPUs: NVIDIA's NCCL/CUDA modules on AMD or
 * Intel nodes, NCCL_* variables on Intel nodes (oneCCL), a backend of another vendor. */
static void check_vendor(struct ydoc *y, yaml_node_t *node, const struct node_type *nt,
			 struct sourced_line *const *mods, const size_t *nmods, const struct env_var *env,
			 size_t nenv)
{
	const char *v = nt->hw.gpu_vendor ? nt->hw.gpu_vendor : "nvidia";
	bool nv = !strcmp(v, "nvidia");
	const char *b = nt->backend;
	if ((!strcmp(b, "nccl") && !nv) || (!strcmp(b, "rccl") && strcmp(v, "amd")) ||
	    ((!strcmp(b, "xccl") || !strcmp(b, "ccl")) && strcmp(v, "intel")))
		yerr(y, node, "node type '%s': backend %s does not run on %s GPUs (nvidia: nccl, amd: rccl, intel: xccl or ccl)",
		     nt->id, b, v);
	if (!nv)
		for (int f = 0; f < FW_COUNT; f++)
			for (size_t i = 0; i < nmods[f]; i++) {
				const char *t = mods[f][i].text;
				if (t && (strstr(t, "module load nccl") || strstr(t, "module load cuda") ||
					  strstr(t, "module load cudnn")))
					yerr(y, node, "node type '%s' has %s GPUs: '%s' is NVIDIA software; give the node type its own modules",
					     nt->id, v, t);
			}
	if (!strcmp(v, "intel"))
		for (size_t i = 0; i < nenv; i++)
			if (env[i].name && !strncmp(env[i].name, "NCCL_", 5))
				yerr(y, node, "node type '%s' has Intel GPUs (oneCCL): %s is an NCCL setting; give the node type its own env",
				     nt->id, env[i].name);
}

static void load_one(struct ydoc *y, yaml_node_t *it, struct cluster *c, struct node_type *nt)
{
	ymap_check(y, it, "node type", nt_keys, nt_req);
	yget_str(y, it, "id", &nt->id);
	yget_bool(y, it, "default", &nt->is_default);
	yget_int(y, it, "nodes", 1, 10000000, &nt->nodes);
	yget_strlist(y, it, "queues", &nt->queues, &nt->nqueues);
	yaml_node_t *hw = ymap_get(y, it, "hardware");
	if (hw)
		rl_hardware(y, hw, &nt->hw);
	rl_models(y, ymap_get(y, it, "models"), nt);
	yget_str(y, it, "backend", &nt->backend);
	yget_str(y, it, "note", &nt->note);
	rl_source(y, it, &nt->src, false);
	if (!nt->src.url)
		nt->src = nt->hw.src;
	yaml_node_t *h = ymap_get(y, it, "header");
	if ((nt->has_header = h != NULL)) {
		rl_lines(y, h, "header", &nt->header, &nt->nheader, true);
		rl_check_header(y, h, c, nt->header, nt->nheader);
	}
	yaml_node_t *m = ymap_get(y, it, "modules");
	if ((nt->has_modules = m != NULL))
		rl_modules(y, m, nt->modules, nt->nmodules);
	yaml_node_t *e = ymap_get(y, it, "env");
	if ((nt->has_env = e != NULL))
		rl_env(y, e, &nt->env, &nt->nenv);
	yaml_node_t *sw = ymap_get(y, it, "software");
	if (sw)
		rl_software(y, sw, &nt->software);
	static const char *const backends[] = {"nccl", "rccl", "xccl", "ccl", "gloo", NULL};
	if (nt->backend) {
		bool ok = false;
		for (const char *const *b = backends; *b; b++)
			ok |= !strcmp(*b, nt->backend);
		if (!ok)
			yerr(y, ymap_get(y, it, "backend"), "backend must be nccl, rccl, xccl, ccl or gloo, not '%s'",
			     nt->backend);
	}
}

/* The view of c from nt: c's fields with nt's hardware and whatever nt overrides. */
static void apply(struct cluster *v, const struct node_type *nt)
{
	v->hw = nt->hw;
	v->node_type = nt;
	if (nt->has_header) {
		v->header = nt->header;
		v->nheader = nt->nheader;
	}
	if (nt->has_modules)
		for (int f = 0; f < FW_COUNT; f++) {
			v->modules[f] = nt->modules[f];
			v->nmodules[f] = nt->nmodules[f];
		}
	if (nt->has_env) {
		v->env = nt->env;
		v->nenv = nt->nenv;
	}
	if (nt->software.set)
		v->software = nt->software;
}

void rl_node_types(struct ydoc *y, yaml_node_t *root, struct cluster *c)
{
	yaml_node_t *hw = ymap_get(y, root, "hardware");
	yaml_node_t *seq = ymap_get(y, root, "node_types");
	if (!c->software.set) {
		c->software.provided = true;
		c->software.kind = SW_MODULE;
	}
	if (hw && seq) {
		yerr(y, hw, "give either 'hardware' (one node type) or 'node_types' (each with its hardware), not both");
		return;
	}
	if (seq && ymap_get(y, root, "models"))
		yerr(y, ymap_get(y, root, "models"), "'models' belongs to each node type (the cluster lists node_types)");
	if (!hw && !seq) {
		yerr(y, root, "missing required field 'node_types' (or 'hardware' for a cluster with one node type)");
		return;
	}
	if (hw) {
		struct node_type *nt = arena_alloc(y->arena, sizeof(*nt));
		nt->id = c->id;
		nt->is_default = true;
		rl_hardware(y, hw, &nt->hw);
		nt->src = nt->hw.src;
		rl_models(y, ymap_get(y, root, "models"), nt);
		nt->queues = arena_alloc(y->arena, (c->nqueues + 1) * sizeof(*nt->queues));
		for (size_t i = 0; i < c->nqueues; i++)
			if (!c->queues[i].cpu_only && c->queues[i].name)
				nt->queues[nt->nqueues++] = c->queues[i].name;
		c->node_types = nt;
		c->nnode_types = 1;
	} else {
		if (!yis_seq(seq) || !yseq_len(seq)) {
			yerr(y, seq, "'node_types' must be a non-empty list");
			return;
		}
		size_t len = yseq_len(seq);
		c->node_types = arena_alloc(y->arena, len * sizeof(*c->node_types));
		for (size_t i = 0; i < len; i++) {
			yaml_node_t *it = yseq_at(y, seq, i);
			if (!yis_map(it)) {
				yerr(y, it, "each node type is a map {id, hardware, queues, ...}");
				continue;
			}
			struct node_type *nt = &c->node_types[c->nnode_types++];
			load_one(y, it, c, nt);
			for (size_t j = 0; nt->id && j + 1 < c->nnode_types; j++)
				if (c->node_types[j].id && !strcasecmp(c->node_types[j].id, nt->id))
					yerr(y, it, "duplicate node type '%s'", nt->id);
			for (size_t k = 0; k < nt->nqueues; k++) {
				const struct queue *q = cluster_queue(c, nt->queues[k]);
				if (!q)
					yerr(y, ymap_get(y, it, "queues"), "node type '%s': queue '%s' is not one of the cluster's queues",
					     nt->id ? nt->id : "?", nt->queues[k]);
				else if (q->cpu_only)
					yerr(y, ymap_get(y, it, "queues"), "node type '%s': queue '%s' is cpu_only",
					     nt->id ? nt->id : "?", q->name);
				else if (q->max_gpus > nt->hw.gpus_per_node && nt->hw.gpus_per_node)
					yerr(y, ymap_get(y, it, "queues"),
					     "queue '%s' allows %d GPUs per job, more than node type '%s' has per node (%d)", q->name,
					     q->max_gpus, nt->id ? nt->id : "?", nt->hw.gpus_per_node);
			}
		}
		size_t ndef = 0;
		for (size_t i = 0; i < c->nnode_types; i++)
			ndef += c->node_types[i].is_default;
		if (ndef > 1)
			yerr(y, seq, "more than one node type says 'default: true'");
		if (!ndef && c->nnode_types)
			c->node_types[0].is_default = true;
		/* every GPU queue reaches a node type */
		for (size_t i = 0; i < c->nqueues; i++) {
			const struct queue *q = &c->queues[i];
			if (q->cpu_only || !q->name)
				continue;
			bool reached = false;
			for (size_t k = 0; k < c->nnode_types; k++)
				reached |= node_type_has_queue(&c->node_types[k], q->name);
			if (!reached)
				yerr(y, seq, "queue '%s' reaches no node type: list it in a node type's 'queues' or mark it 'cpu_only: true'",
				     q->name);
		}
	}
	const struct node_type *def = default_nt(c);
	if (def && c->default_queue && cluster_queue(c, c->default_queue) && !node_type_has_queue(def, c->default_queue))
		yerr(y, ymap_get(y, root, "default_queue"), "default_queue '%s' does not reach the default node type '%s'",
		     c->default_queue, def->id);
	struct cluster base = *c;
	for (size_t i = 0; i < c->nnode_types; i++) {
		struct node_type *nt = &c->node_types[i];
		if (!nt->backend)
			nt->backend = vendor_backend(nt->hw.gpu_vendor);
		/* the node type's default queue: the cluster's if it reaches it, else its first automatic one */
		const struct queue *dq = c->default_queue ? cluster_queue(c, c->default_queue) : NULL;
		if (dq && node_type_has_queue(nt, c->default_queue))
			nt->default_queue = dq->name; /* (a default queue the cluster lacks is reported elsewhere) */
		for (size_t k = 0; !nt->default_queue && k < nt->nqueues; k++) {
			const struct queue *q = cluster_queue(c, nt->queues[k]);
			if (q && q->auto_select)
				nt->default_queue = q->name;
		}
		struct cluster *v = nt->is_default ? c : arena_alloc(y->arena, sizeof(*v));
		*v = base;
		apply(v, nt);
		nt->view = v;
		check_vendor(y, seq ? seq : hw, nt, (struct sourced_line *const *)v->modules, v->nmodules, v->env, v->nenv);
	}
}

const struct cluster *repo_cluster_view(const struct repo *r, const char *spec)
{
	const char *colon = strchr(spec, ':');
	char id[128];
	snprintf(id, sizeof(id), "%.*s", colon ? (int)(colon - spec) : (int)strlen(spec), spec);
	const struct cluster *c = repo_cluster(r, id);
	if (!c || !colon)
		return c;
	const struct node_type *nt = cluster_node_type_by_id(c, colon + 1);
	if (!nt) {
		const struct queue *q = cluster_queue(c, colon + 1);
		if (q)
			nt = cluster_node_type(c, q->name, NULL, NULL);
	}
	return nt ? nt->view : NULL;
}

static const char *const um_keys[] = {"models", "what", "why", "source", "reliability", NULL};
static const char *const um_req[] = {"models", "what", "why", "source", NULL};

void rl_unmodelled(struct ydoc *y, yaml_node_t *seq, struct cluster *c)
{
	if (!seq)
		return;
	if (!yis_seq(seq)) {
		yerr(y, seq, "'unmodelled' is a list of {models, what, why, source}");
		return;
	}
	size_t len = yseq_len(seq);
	c->unmodelled = arena_alloc(y->arena, (len ? len : 1) * sizeof(*c->unmodelled));
	for (size_t i = 0; i < len; i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		if (!yis_map(it)) {
			yerr(y, it, "each 'unmodelled' entry is a map {models, what, why, source}");
			continue;
		}
		struct unmodelled_nodes *u = &c->unmodelled[c->nunmodelled++];
		ymap_check(y, it, "unmodelled entry", um_keys, um_req);
		yget_strlist(y, it, "models", &u->models, &u->nmodels);
		yget_str(y, it, "what", &u->what);
		yget_str(y, it, "why", &u->why);
		rl_source(y, it, &u->src, true);
		if (!u->what)
			u->what = "other nodes";
		if (!u->why)
			u->why = "not stated";
		/* a model a node type carries is modelled: naming it here would hide that node type */
		for (size_t k = 0; k < u->nmodels; k++)
			for (size_t n = 0; n < c->nnode_types; n++)
				if (model_matches_name(&c->node_types[n], u->models[k]))
					yerr(y, it, "unmodelled model '%s' is a GPU of node type '%s'", u->models[k],
					     c->node_types[n].id ? c->node_types[n].id : "?");
	}
}

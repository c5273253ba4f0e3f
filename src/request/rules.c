/* rules.c - defaults, count arithmetic, queue selection and limit checks (issue #2, rule 6). */
#include "rules.h"
#include "extract.h"
#include "vocab.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void resolution_init(struct resolution *res)
{
	memset(res, 0, sizeof(*res));
	strvec_init(&res->missing);
	strvec_init(&res->errors);
}

void resolution_release(struct resolution *res)
{
	strvec_clear(&res->missing);
	strvec_clear(&res->errors);
	resolution_init(res);
}

const char *status_name(enum req_status s)
{
	return s == REQ_OK ? "ok" : s == REQ_INCOMPLETE ? "incomplete" : "error";
}

void format_walltime(int minutes, char *out, size_t cap)
{
	snprintf(out, cap, "%02d:%02d:00", minutes / 60, minutes % 60);
}

static void fmt_wt(int minutes, char *out, size_t cap)
{
	if (minutes % 60 == 0)
		snprintf(out, cap, "%d h", minutes / 60);
	else if (minutes < 60)
		snprintf(out, cap, "%d min", minutes);
	else
		snprintf(out, cap, "%d h %02d min", minutes / 60, minutes % 60);
}

/* The documentation a queue's limit comes from, after a sentence that holds a job against it. */
static void cite_queue(struct strbuf *why, const struct queue *q)
{
	if (why && q->src.url)
		strbuf_addf(why, " [%s]", q->src.url);
}

/* The size class of queue q that a job of this many nodes falls in (the last listed that holds it), NULL
 * when none does or the queue has no classes. */
static const struct queue_bin *bin_for(const struct queue *q, int nodes)
{
	const struct queue_bin *bin = NULL;
	for (size_t i = 0; i < q->nbins; i++)
		if (nodes >= q->bins[i].min_nodes && nodes <= q->bins[i].max_nodes)
			bin = &q->bins[i];
	return bin;
}

bool queue_admits(const struct queue *q, int nodes, int walltime_min, struct strbuf *why)
{
	char a[32], b[32];
	if (nodes < q->min_nodes) {
		if (why)
			strbuf_addf(why, "queue '%s' needs at least %d nodes (asked: %d)", q->name, q->min_nodes, nodes);
		cite_queue(why, q);
		return false;
	}
	if (nodes > q->max_nodes) {
		if (why)
			strbuf_addf(why, "queue '%s' allows at most %d nodes (asked: %d)", q->name, q->max_nodes, nodes);
		cite_queue(why, q);
		return false;
	}
	int max_wt = q->max_walltime_min;
	if (q->nbins) {
		const struct queue_bin *bin = bin_for(q, nodes);
		if (!bin) {
			if (why)
				strbuf_addf(why, "queue '%s' has no limit class for %d nodes", q->name, nodes);
			cite_queue(why, q);
			return false;
		}
		max_wt = bin->max_walltime_min;
		if (walltime_min > max_wt) {
			fmt_wt(max_wt, a, sizeof(a));
			fmt_wt(walltime_min, b, sizeof(b));
			if (why)
				strbuf_addf(why, "queue '%s' allows at most %s for jobs of %d-%d nodes (asked: %s)", q->name, a,
					    bin->min_nodes, bin->max_nodes, b);
			cite_queue(why, q);
			return false;
		}
	}
	if (walltime_min > max_wt) {
		fmt_wt(max_wt, a, sizeof(a));
		fmt_wt(walltime_min, b, sizeof(b));
		if (why)
			strbuf_addf(why, "queue '%s' allows at most %s of walltime (asked: %s)", q->name, a, b);
		cite_queue(why, q);
		return false;
	}
	/* (a walltime under the queue's floor: ALCF's queues take at least 5 minutes) */
	if (walltime_min > 0 && q->min_walltime_min > 0 && walltime_min < q->min_walltime_min) {
		fmt_wt(q->min_walltime_min, a, sizeof(a));
		fmt_wt(walltime_min, b, sizeof(b));
		if (why)
			strbuf_addf(why, "queue '%s' needs at least %s of walltime (asked: %s)", q->name, a, b);
		cite_queue(why, q);
		return false;
	}
	return true;
}

static void error(struct resolution *res, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void error(struct resolution *res, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	strvec_push_nodup(&res->errors, strbuf_detach(&sb));
}

/* "queues that would admit it: regular, premium" (auto queues first, all that fit). */
static void admitting(const struct cluster *c, int nodes, int wt, struct strbuf *out)
{
	size_t n = 0;
	for (size_t i = 0; i < c->nqueues; i++) {
		if (!queue_admits(&c->queues[i], nodes, wt, NULL))
			continue;
		if (c->queues[i].cpu_only || (c->node_type && !node_type_has_queue(c->node_type, c->queues[i].name)))
			continue; /* issue14: only the queues that reach the job's node type */
		strbuf_addf(out, "%s%s", n++ ? ", " : "", c->queues[i].name);
	}
	if (!n)
		strbuf_adds(out, "none");
}

static bool safe_directive_value(const char *s)
{
	if (!*s)
		return false;
	for (const char *p = s; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr("_.:@+-", *p)))
			return false;
	return true;
}

static int effective_walltime(const struct queue *q)
{
	if (q->default_walltime_min)
		return q->default_walltime_min;
	return q->max_walltime_min < 60 ? q->max_walltime_min : 60;
}

/* --- issue14: node types (src/repo/nodetype.c) ------------------------------------------------- */
/* "delta gpuA100x4 (4x NVIDIA A100 ...)" for messages about a cluster view. */
static const char *node_type_name(const struct cluster *c)
{
	static char buf[192];
	const struct node_type *nt = c->node_type;
	if (!nt || c->nnode_types < 2)
		snprintf(buf, sizeof(buf), "%s", c->id);
	else
		snprintf(buf, sizeof(buf), "%s nodes (%s)", nt->id, nt->hw.gpu_model ? nt->hw.gpu_model : "?");
	return buf;
}

/* "; node types with N GPUs per node: a100x8 (gpuA100x8), ..." or "". */
static void node_types_with_gpus(const struct cluster *c, int gpn, struct strbuf *out)
{
	size_t n = 0;
	for (size_t i = 0; i < c->nnode_types; i++) {
		const struct node_type *nt = &c->node_types[i];
		if (nt->hw.gpus_per_node < gpn || nt == c->node_type)
			continue;
		strbuf_addf(out, "%s%s (%d GPUs/node, queue %s)", n++ ? ", " : "; node types with enough GPUs: ",
			    nt->id, nt->hw.gpus_per_node, nt->nqueues ? nt->queues[0] : "-");
	}
}

/* A job on more nodes than its node type has (Bridges-2's 10 h100-80 nodes, Perlmutter's 256 80-GB nodes)
 * cannot start although its queue's limit admits it: an error naming the count and the node types that
 * have that many nodes and a queue that takes them. Only where the script pins the node type: its own
 * header lines (--gpus=h100-80:N, -C gpu&hbm80g) or a queue that reaches no other node type; a default
 * node type whose header also takes the others' nodes (Perlmutter's -C gpu) is no limit. */
static void check_node_type_count(const struct cluster *c, const struct request *r, const struct queue *q,
				  struct resolution *res)
{
	const struct node_type *nt = c->node_type;
	if (!nt || c->nnode_types < 2 || nt->nodes <= 0 || r->nodes <= nt->nodes)
		return;
	size_t reach = 0;
	for (size_t i = 0; q && i < c->nnode_types; i++)
		reach += node_type_has_queue(&c->node_types[i], q->name);
	if (!nt->has_header && reach != 1)
		return;
	struct strbuf more = STRBUF_INIT;
	size_t n = 0;
	for (size_t i = 0; i < c->nnode_types; i++) {
		const struct node_type *o = &c->node_types[i];
		if (o == nt || o->nodes < r->nodes || o->hw.gpus_per_node < r->gpus_per_node)
			continue;
		bool admits = false; /* only where one of its queues takes that many nodes */
		for (size_t k = 0; k < o->nqueues && !admits; k++) {
			const struct queue *q = cluster_queue(c, o->queues[k]);
			admits = q && q->max_nodes >= r->nodes;
		}
		if (!admits)
			continue;
		strbuf_addf(&more, "%s%s (%d nodes, %s)", n++ ? ", " : "; node types with that many: ", o->id, o->nodes,
			    o->hw.gpu_model ? o->hw.gpu_model : "?");
	}
	error(res, "%d nodes asked, but %s has %d %s nodes (%s) [%s]%s", r->nodes, c->id, nt->nodes, nt->id,
	      nt->hw.gpu_model ? nt->hw.gpu_model : "?", nt->src.url ? nt->src.url : c->source, more.buf);
	strbuf_release(&more);
}

/* Whether a part of a queue's name (split at - and _) names the role the word names: both all letters,
 * and one begins the other over at least 3 letters ("dev" / "development", "preempt" / "preemptable",
 * "interactive"). Parts with digits (gpuA100x4, a100) name hardware, not a role. */
static bool role_part_matches(const char *qname, const char *word)
{
	size_t wl = strlen(word);
	for (size_t i = 0; i < wl; i++)
		if (!isalpha((unsigned char)word[i]))
			return false;
	for (const char *p = qname; *p;) {
		size_t n = strcspn(p, "-_"), k = 0;
		while (k < n && isalpha((unsigned char)p[k]))
			k++;
		size_t m = n < wl ? n : wl;
		if (k == n && m >= 3 && !strncasecmp(p, word, m))
			return true;
		/* (or the same word spelt another way past 6 letters: "preemptible" / "preemptable") */
		size_t same = 0;
		while (same < m && tolower((unsigned char)p[same]) == tolower((unsigned char)word[same]))
			same++;
		if (k == n && same >= 6 && n >= 8 && wl >= 8)
			return true;
		p += n;
		p += *p != '\0';
	}
	return false;
}

/* A queue named by its role ("the dev queue", "development partition", "interactive", "preempt") where
 * no queue of that name takes GPU jobs: the one GPU queue whose name carries the role (gpu-a100-dev,
 * gh-dev, ghx4-interactive, GPU-shared), narrowed by the GPU model asked for, else the default queue or
 * the default node type's queues. Several left: an error naming them; none: the name stays, and the
 * node-type check says what the cluster has. */
static void queue_by_role(const struct cluster *c, struct request *r, struct resolution *res)
{
	const struct queue *exact = cluster_queue(c, r->queue);
	if (exact && !exact->cpu_only)
		return;
	const struct queue *cand[64];
	size_t n = 0;
	for (size_t i = 0; i < c->nqueues && n < 64; i++) {
		const struct queue *q = &c->queues[i];
		if (q->cpu_only || q == exact || !role_part_matches(q->name, r->queue))
			continue;
		if (r->gpu_model && *r->gpu_model && !cluster_node_type_for(c, q->name, r->gpu_model, 0, NULL))
			continue;
		cand[n++] = q;
	}
	if (n > 1) {
		const struct node_type *def_nt = c->default_queue ? cluster_node_type(c, c->default_queue, NULL, NULL) : NULL;
		size_t m = 0;
		for (size_t i = 0; i < n; i++)
			if (c->default_queue && !strcmp(cand[i]->name, c->default_queue)) {
				cand[0] = cand[i];
				m = 1;
				break;
			}
		for (size_t i = 0; !m && def_nt && i < n; i++)
			if (node_type_has_queue(def_nt, cand[i]->name))
				cand[m++] = cand[i];
		if (m)
			n = m;
	}
	if (n == 1) {
		if (exact)
			request_warn(r, "queue '%s' on %s takes no GPU jobs (CPU only): using %s, its GPU queue of that kind [%s]",
				     exact->name, c->id, cand[0]->name, cand[0]->src.url ? cand[0]->src.url : c->source);
		else
			request_warn(r, "'%s' queue read as %s, the GPU queue of %s named so [%s]", r->queue, cand[0]->name, c->id,
				     cand[0]->src.url ? cand[0]->src.url : c->source);
		request_set(&r->queue, cand[0]->name);
	} else if (n > 1) {
		struct strbuf names = STRBUF_INIT;
		for (size_t i = 0; i < n; i++)
			strbuf_addf(&names, "%s%s", i ? ", " : "", cand[i]->name);
		error(res, "queue '%s' on %s could be any of %s: name one (or the GPU model)", r->queue, c->id, names.buf);
		strbuf_release(&names);
	}
}

/* The node type the request lands on; errors (unknown or CPU-only queue, GPU model the cluster or
 * the queue does not have, NVIDIA settings on AMD/Intel GPUs) name what the cluster has. */
static const struct cluster *pick_node_type(const struct cluster *c, struct request *r, struct resolution *res)
{
	struct strbuf why = STRBUF_INIT;
	/* "delta 1 node 8x A100": a total over the nodes that no default node holds says how many GPUs each
	 * node has, which picks the node type (the 8-way A100 nodes) */
	int gpn = r->gpus_per_node;
	if (!gpn && r->total_gpus > 0 && r->nodes > 0 && r->gpu_model)
		gpn = (r->total_gpus + r->nodes - 1) / r->nodes;
	const struct node_type *nt = cluster_node_type_for(c, r->queue, r->gpu_model, gpn, &why);
	if (!nt && gpn != r->gpus_per_node) {
		strbuf_reset(&why);
		nt = cluster_node_type_for(c, r->queue, r->gpu_model, r->gpus_per_node, &why);
	}
	if (!nt) {
		error(res, "%s", why.buf);
		strbuf_release(&why);
		return c;
	}
	strbuf_release(&why);
	const char *v = nt->hw.gpu_vendor ? nt->hw.gpu_vendor : "nvidia";
	if (strcmp(v, "nvidia")) {
		for (size_t i = 0; i < r->modules.nr; i++)
			if (!strncmp(r->modules.v[i], "nccl", 4) || !strncmp(r->modules.v[i], "cuda", 4) ||
			    !strncmp(r->modules.v[i], "cudnn", 5))
				error(res, "module '%s' is NVIDIA software, but %s %s has %s GPUs (backend %s)", r->modules.v[i],
				      c->id, nt->id, v, nt->backend);
		for (size_t i = 0; !strcmp(v, "intel") && i < r->env_names.nr; i++)
			if (!strncmp(r->env_names.v[i], "NCCL_", 5))
				error(res, "%s is an NCCL setting, but %s %s has Intel GPUs (backend %s, oneCCL)",
				      r->env_names.v[i], c->id, nt->id, nt->backend);
	}
	if (nt->view != c && c->nnode_types > 1 && !r->queue)
		request_warn(r, "%s: using the %s nodes (%dx %s)", c->id, nt->id, nt->hw.gpus_per_node, nt->hw.gpu_model);
	return nt->view;
}

/* A shared queue's GPUs-per-job cap (Perlmutter shared: 2, Bridges-2 GPU-shared: 4). */
static void check_queue_gpus(const struct cluster *c, const struct request *r, const struct queue *q,
			     struct resolution *res)
{
	if (!q || !q->max_gpus || r->total_gpus <= q->max_gpus)
		return;
	error(res, "queue '%s' on %s allows at most %d GPUs per job (asked: %d) [%s]; for more use a whole-node queue",
	      q->name, c->id, q->max_gpus, r->total_gpus, q->src.url ? q->src.url : c->source);
}
/* A queue's cap on the GPUs one user holds at once (Anvil: 12 on gpu and ai): a bigger job is accepted by
 * the scheduler and then waits for ever (or until the centre raises the cap), so it is said, with the source. */
static void check_user_gpus(const struct cluster *c, struct request *r, const struct queue *q)
{
	if (!q || !q->max_gpus_per_user || r->total_gpus <= q->max_gpus_per_user)
		return;
	request_warn(r, "queue '%s' on %s lets one user hold at most %d GPUs at a time (%s); this job asks for %d, so it "
			"would wait until the centre raises that limit: ask for %d GPUs or fewer, or ask the centre first",
		     q->name, c->id, q->max_gpus_per_user, q->src.url ? q->src.url : "the centre's documentation",
		     r->total_gpus, q->max_gpus_per_user);
}

/* A shared queue named without a GPU count: its cap, not the whole node. */
static void shared_queue_default(const struct cluster *c, struct request *r)
{
	const struct queue *q = r->queue ? cluster_queue(c, r->queue) : NULL;
	if (!q || !q->max_gpus || r->gpus_per_node || r->total_gpus || q->max_gpus >= c->hw.gpus_per_node)
		return;
	r->gpus_per_node = q->max_gpus;
	request_warn(r, "queue '%s' allows at most %d GPUs per job: using %d GPU%s per node", q->name, q->max_gpus,
		     q->max_gpus, q->max_gpus == 1 ? "" : "s");
}
/* --- end issue14 --- */

/* Whether the words that gave a GPU count name the physical GPUs of a node whose GPUs each hold several
 * devices: the GPU's model ("4 MI250X", "6 Max 1550"), "all" of them (per node only), or "GPUs" where the
 * centre calls the packages GPUs (ALCF's Aurora: data's gpus_named_as; per node only). A count in the
 * devices' own unit ("6 tiles", "8 GCDs"), of ranks, tasks or processes, or "6 of the 12 GPUs" does not. */
static bool names_packages(const struct cluster *c, const char *said, bool per_node)
{
	char from[256];
	snprintf(from, sizeof(from), "%s", said);
	static const char *const device_words[] = {"tile", "gcd", "rank", "process", "worker", "task", "device",
						   "xpu", "stack", "half", NULL};
	for (int i = 0; device_words[i]; i++)
		if (strcasestr(from, device_words[i]))
			return false;
	if (strstr(said, " of ")) /* "6 of the 12 GPUs": part of the node, said so */
		return false;
	bool whole = false;
	char prev[64] = "";
	for (char *save = NULL, *w = strtok_r(from, " \t,;:()", &save); w && !whole; w = strtok_r(NULL, " \t,;:()", &save)) {
		for (char *q = w; *q; q++)
			*q = (char)tolower((unsigned char)*q);
		char joined[128]; /* a model written as two words ("Max 1550") */
		snprintf(joined, sizeof(joined), "%s-%s", prev, w);
		snprintf(prev, sizeof(prev), "%s", w);
		/* (and the GPUs as such: "8 nodes, 6 GPUs per node" on Aurora is every GPU of the node, as
		 * ALCF's and OLCF's pages count them - 6 GPUs of 2 tiles, 4 MI250X of 2 GCDs) */
		/* ("cards": the physical GPUs, OLCF's 4 MI250X cards of a node, never a GCD or tile) */
		whole = vocab_gpu_model(w) != NULL || (joined[0] != '-' && vocab_gpu_model(joined) != NULL) ||
			!strcmp(w, "card") || !strcmp(w, "cards") ||
			(per_node && (!strcmp(w, "all") ||
				      (c->hw.packages_are_gpus && (!strcmp(w, "gpus") || !strcmp(w, "gpu") ||
								   !strcmp(w, "gpus/node") || !strcmp(w, "gpu/node")))));
	}
	return whole;
}

/* "4 MI250X each" on Frontier, "all 6 GPUs" or "6 GPUs per node" on Aurora: the physical GPUs of a node
 * whose GPUs each hold several devices (GCDs, tiles) that run a rank each. Named by the GPU's model, as
 * "all" of them, or as "GPUs" where the centre calls the packages GPUs, the count means the whole node;
 * a total named by the model ("8 MI250X", "4 MI250X" on one node) counts packages too: 8 MI250X are 16
 * GCDs, two whole nodes (OLCF: each MI250X holds 2 GCDs, each seen as a GPU). */
static void package_counts(const struct cluster *c, struct request *r)
{
	int P = c->hw.gpu_packages_per_node, G = c->hw.gpus_per_node;
	if (!P || P >= G || G % P || r->from_script)
		return;
	const char *unit = c->hw.device_unit ? c->hw.device_unit : "devices";
	if (r->gpus_per_node == P && r->from[RF_GPUS_PER_NODE] && names_packages(c, r->from[RF_GPUS_PER_NODE], true)) {
		r->gpus_per_node = G;
		if (r->total_gpus == r->nodes * P)
			r->total_gpus = r->nodes * G;
		request_warn(r,
			     "%d GPUs per node on %s read as the whole node: its %d GPUs are %d %s, one rank each; say \"%d "
			     "%s per node\" to use half of each node",
			     P, c->id, P, G, unit, P, unit);
		return;
	}
	/* fewer of them named by the model or as cards ("2 MI250X per node"): their devices, part of the node
	 * ("all" and the centre's "GPUs" only ever mean the whole node, handled above) */
	if (r->gpus_per_node > 0 && r->gpus_per_node < P && r->from[RF_GPUS_PER_NODE] &&
	    names_packages(c, r->from[RF_GPUS_PER_NODE], false)) {
		int said = r->gpus_per_node;
		r->gpus_per_node = said * (G / P);
		if (r->total_gpus == r->nodes * said)
			r->total_gpus = r->nodes * r->gpus_per_node;
		request_warn(r, "\"%s\" on %s read as %d %s per node: each of its GPUs holds %d %s, one rank each; say "
				"\"%d %s per node\" for that many ranks",
			     r->from[RF_GPUS_PER_NODE], c->id, r->gpus_per_node, unit, G / P, unit, said, unit);
		return;
	}
	if (r->total_gpus && !r->gpus_per_node && r->from[RF_TOTAL_GPUS] &&
	    names_packages(c, r->from[RF_TOTAL_GPUS], false)) {
		int said = r->total_gpus;
		r->total_gpus = said * (G / P);
		request_warn(r, "\"%s\" on %s read as %d %s: each of its GPUs holds %d %s, one rank each; say \"%d %s\" "
				"for that many ranks",
			     r->from[RF_TOTAL_GPUS], c->id, r->total_gpus, unit, G / P, unit, said, unit);
	}
}

static void resolve_counts(const struct cluster *c, struct request *r, struct resolution *res)
{
	package_counts(c, r);
	int G = c->hw.gpus_per_node;
	/* "2 H100 nodes (all 8 GPUs)": the GPUs of all the nodes said, read as each node's, are their total
	 * when the nodes' GPUs add up to it (and no node has that many) */
	const char *gf = r->from[RF_GPUS_PER_NODE];
	if (r->gpus_per_node > G && r->nodes > 1 && !r->total_gpus && r->nodes * G == r->gpus_per_node && gf &&
	    !strncasecmp(gf, "all ", 4) && strchr(gf, ')')) {
		request_warn(r, "\"%s\" read as the %d GPUs of all %d nodes (%d each): %s has %d GPUs per node", gf,
			     r->gpus_per_node, r->nodes, G, c->id, G);
		r->total_gpus = r->gpus_per_node;
		r->gpus_per_node = G;
	}
	if (r->gpus_per_node > G) {
		/* issue14: name the node type and the ones that have more GPUs per node */
		struct strbuf more = STRBUF_INIT;
		node_types_with_gpus(c, r->gpus_per_node, &more);
		error(res, "%d GPUs per node asked, but %s has %d GPUs per node%s%s [%s]%s", r->gpus_per_node, c->id, G,
		      c->nnode_types > 1 ? " on its " : "", c->nnode_types > 1 ? node_type_name(c) : "",
		      c->hw.src.url ? c->hw.src.url : c->source, more.buf);
		strbuf_release(&more);
		return;
	}
	if (r->nodes && r->gpus_per_node && r->total_gpus) {
		if (r->nodes * r->gpus_per_node != r->total_gpus)
			error(res, "%d nodes x %d GPUs per node is %d GPUs, not the %d GPUs asked", r->nodes,
			      r->gpus_per_node, r->nodes * r->gpus_per_node, r->total_gpus);
		return;
	}
	if (r->nodes && r->total_gpus) {
		if (r->total_gpus % r->nodes) {
			error(res, "%d GPUs do not divide evenly over %d nodes (every node runs the same number of ranks)",
			      r->total_gpus, r->nodes);
			return;
		}
		r->gpus_per_node = r->total_gpus / r->nodes;
		if (r->gpus_per_node > G) {
			error(res, "%d GPUs over %d nodes is %d GPUs per node, but %s has %d GPUs per node (use %d nodes)%s%s [%s]",
			      r->total_gpus, r->nodes, r->gpus_per_node, c->id, G, (r->total_gpus + G - 1) / G,
			      c->nnode_types > 1 ? " on its " : "", c->nnode_types > 1 ? node_type_name(c) : "",
			      c->hw.src.url ? c->hw.src.url : c->source);
			r->gpus_per_node = 0;
		}
		return;
	}
	if (r->nodes && r->gpus_per_node) {
		r->total_gpus = r->nodes * r->gpus_per_node;
		return;
	}
	if (r->nodes) {
		r->gpus_per_node = G;
		r->total_gpus = r->nodes * G;
		return;
	}
	if (r->gpus_per_node && r->total_gpus) {
		if (r->total_gpus % r->gpus_per_node) {
			error(res, "%d GPUs in total is not a multiple of %d GPUs per node", r->total_gpus,
			      r->gpus_per_node);
			return;
		}
		r->nodes = r->total_gpus / r->gpus_per_node;
		return;
	}
	if (r->gpus_per_node) {
		r->nodes = 1;
		r->total_gpus = r->gpus_per_node;
		request_warn(r, "no node count given: using 1 node with %d GPUs", r->gpus_per_node);
		return;
	}
	/* only a total */
	int T = r->total_gpus;
	int per = T < G ? T : G;
	if (T % per == 0) {
		r->gpus_per_node = per;
		r->nodes = T / per;
		return;
	}
	/* a total that whole nodes do not hold: which layout is meant is the user's call (an even spread
	 * over more nodes, or whole nodes and more GPUs), so it is asked, with both */
	for (int n = (T + G - 1) / G; n <= T; n++) {
		if (T % n == 0 && T / n <= G) {
			error(res,
			      "%d GPUs do not fill %d-GPU nodes evenly (every node runs the same number of ranks): say "
			      "\"%d nodes x %d GPUs\" (the fewest nodes over which %d divides) or \"%d nodes\" (%d GPUs)",
			      T, G, n, T / n, T, (T + G - 1) / G, (T + G - 1) / G * G);
			return;
		}
	}
}

/* The longest walltime queue q allows a job of this many nodes (its size class's limit where it has
 * classes), 0 when no class takes that size. */
static int queue_limit_for(const struct queue *q, int nodes)
{
	if (!q->nbins)
		return q->max_walltime_min;
	const struct queue_bin *bin = bin_for(q, nodes);
	return bin ? bin->max_walltime_min : 0;
}

/* "as long as the queue allows": the walltime put in for queue q, said with the limit's source. */
static int queue_max_walltime(struct request *r, const struct queue *q)
{
	int w = queue_limit_for(q, r->nodes > 0 ? r->nodes : 1);
	if (w > 0) {
		char wt[32];
		format_walltime(w, wt, sizeof(wt));
		request_warn(r, "walltime %s: the longest queue '%s' allows for %d node%s, as asked%s%s%s", wt, q->name,
			     r->nodes > 0 ? r->nodes : 1, r->nodes == 1 ? "" : "s", q->src.url ? " [" : "",
			     q->src.url ? q->src.url : "", q->src.url ? "]" : "");
	}
	return w;
}

static void resolve_queue(const struct cluster *c, struct request *r, struct resolution *res)
{
	char wt[32];
	if (r->queue) {
		const struct queue *q = cluster_queue(c, r->queue);
		if (!q) {
			struct strbuf names = STRBUF_INIT;
			for (size_t i = 0; i < c->nqueues; i++)
				strbuf_addf(&names, "%s%s", i ? ", " : "", c->queues[i].name);
			request_warn(r, "queue '%s' is not in maple's data for %s (known: %s); its limits are not checked",
				     r->queue, c->id, names.buf);
			strbuf_release(&names);
			if (!r->walltime_min) {
				r->walltime_min = 60;
				request_warn(r, "no walltime given: using 1 h");
			}
			return;
		}
		res->queue = q;
		if (strcmp(r->queue, q->name))
			request_set(&r->queue, q->name); /* the scheduler's spelling: partition names are case-sensitive */
		if (!r->walltime_min && r->walltime_queue_max)
			r->walltime_min = queue_max_walltime(r, q);
		int w = r->walltime_min ? r->walltime_min : effective_walltime(q);
		struct strbuf why = STRBUF_INIT;
		bool admits = queue_admits(q, r->nodes, w, &why);
		if (!admits && r->queue_from_older) {
			request_warn(r, "%s: the queue '%s' named earlier (before the size was stated again) is not used for "
					"this job's size; choosing one that admits it",
				     why.buf, q->name);
			strbuf_release(&why);
			request_set(&r->queue, NULL);
			r->queue_from_older = false;
			resolve_queue(c, r, res);
			return;
		}
		if (!admits) {
			struct strbuf alt = STRBUF_INIT;
			admitting(c, r->nodes, w, &alt);
			error(res, "%s; queues on %s that would admit %d nodes for %s: %s", why.buf, c->id, r->nodes,
			      (format_walltime(w, wt, sizeof(wt)), wt), alt.buf);
			strbuf_release(&alt);
		}
		strbuf_release(&why);
		if (!r->walltime_min) {
			r->walltime_min = w;
			request_warn(r, "no walltime given: using %s (%s)", (format_walltime(w, wt, sizeof(wt)), wt),
				     q->default_walltime_min ? "the queue's default" : "1 h or the queue's maximum");
		}
		return;
	}
	/* choose: the default queue first, then the others in the profile's order */
	const struct queue *order[64];
	size_t n = 0;
	const struct queue *def = cluster_queue(c, c->default_queue);
	if (def && def->auto_select)
		order[n++] = def;
	if (def && c->node_type && !node_type_has_queue(c->node_type, def->name))
		n = 0; /* issue14: the cluster's default queue does not reach this node type */
	for (size_t i = 0; i < c->nqueues && n < 64; i++)
		if (&c->queues[i] != def && c->queues[i].auto_select &&
		    (!c->node_type || node_type_has_queue(c->node_type, c->queues[i].name)))
			order[n++] = &c->queues[i];
	/* a node type that no automatically chosen queue reaches (Delta's a100x8): its own queues */
	if (!n && c->node_type)
		for (size_t i = 0; i < c->nqueues && n < 64; i++)
			if (!c->queues[i].cpu_only && node_type_has_queue(c->node_type, c->queues[i].name))
				order[n++] = &c->queues[i];
	/* a queue the text rules out ("not the extended queue") is never chosen for it */
	size_t kept = 0;
	for (size_t i = 0; i < n; i++) {
		bool out = false;
		for (size_t k = 0; k < r->not_queues.nr && !out; k++)
			out = !strcasecmp(r->not_queues.v[k], order[i]->name);
		if (!out)
			order[kept++] = order[i];
	}
	n = kept;
	/* "as long as possible" without a queue: of the queues maple picks on its own that take the size, the
	 * one that allows the longest (the first in order on a tie) */
	if ((!r->walltime_min && r->walltime_queue_max) || r->walltime_budget_cap) {
		const struct queue *best = NULL;
		int best_w = 0, nodes = r->nodes > 0 ? r->nodes : 1;
		for (size_t i = 0; i < n; i++) {
			int lim = queue_limit_for(order[i], nodes);
			if (lim > best_w && queue_admits(order[i], r->nodes, lim, NULL))
				best = order[i], best_w = lim;
		}
		/* a budget's walltime past every queue's limit: the longest a queue allows */
		if (best && r->walltime_budget_cap && r->walltime_min > best_w) {
			char was[32];
			format_walltime(r->walltime_min, was, sizeof(was));
			request_warn(r, "the budget would last %s, longer than any queue allows for this size", was);
			r->walltime_min = 0;
		}
		if (best && !r->walltime_min) {
			res->queue = best;
			request_set(&r->queue, best->name);
			r->walltime_min = queue_max_walltime(r, best);
			return;
		}
	}
	for (size_t i = 0; i < n; i++) {
		int w = r->walltime_min ? r->walltime_min : effective_walltime(order[i]);
		if (queue_admits(order[i], r->nodes, w, NULL)) {
			res->queue = order[i];
			request_set(&r->queue, order[i]->name);
			if (!r->walltime_min) {
				r->walltime_min = w;
				request_warn(r, "no walltime given: using %s (%s)", (format_walltime(w, wt, sizeof(wt)), wt),
					     order[i]->default_walltime_min ? "the queue's default" : "1 h");
			}
			return;
		}
	}
	int w = r->walltime_min ? r->walltime_min : 60;
	struct strbuf why = STRBUF_INIT;
	for (size_t i = 0; i < n; i++) {
		strbuf_addf(&why, "%s", i ? "; " : "");
		queue_admits(order[i], r->nodes, w, &why);
	}
	for (size_t k = 0; k < r->not_queues.nr; k++)
		strbuf_addf(&why, "%s'%s' ruled out in the request", why.len ? "; " : "", r->not_queues.v[k]);
	struct strbuf alt = STRBUF_INIT;
	admitting(c, r->nodes, w, &alt);
	if (strcmp(alt.buf, "none"))
		error(res, "no queue maple picks on its own admits %d nodes for %s on %s: %s; queues that would, if you ask "
			   "for one (\"queue NAME\"; read their terms first): %s",
		      r->nodes, (format_walltime(w, wt, sizeof(wt)), wt), c->id, why.buf, alt.buf);
	else
		error(res, "no queue on %s admits %d nodes for %s: %s", c->id, r->nodes,
		      (format_walltime(w, wt, sizeof(wt)), wt), why.buf);
	strbuf_release(&alt);
	strbuf_release(&why);
}

static void default_job_name(struct request *r)
{
	if (r->job_name)
		return;
	const char *src = r->model;
	char buf[64];
	if (!src && r->script) {
		const char *base = strrchr(r->script, '/');
		base = base ? base + 1 : r->script;
		snprintf(buf, sizeof(buf), "%s", base);
		char *dot = strrchr(buf, '.');
		if (dot && dot != buf && !r->script_is_module)
			*dot = '\0';
		src = buf;
	}
	if (!src || !*src)
		src = "maple-job";
	char out[64];
	size_t o = 0;
	for (const char *p = src; *p && o + 1 < sizeof(out); p++)
		out[o++] = (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '-') ? *p : '-';
	out[o] = '\0';
	request_set(&r->job_name, out);
}

/* A container the request names: the cluster must have a route for it (its runtime, when named), and
 * the image must be one a directive and the launch line can carry; a runtime or container named
 * without an image is a question. */
static void check_container(const struct repo *repo, const struct cluster *c, struct request *r,
			    struct resolution *res)
{
	if (!c->ncontainers) {
		struct strbuf sb = STRBUF_INIT;
		for (size_t k = 0, n = 0; k < repo_cluster_count(repo); k++) {
			const struct cluster *o = repo_cluster_at(repo, k);
			for (size_t i = 0; i < o->ncontainers; i++)
				strbuf_addf(&sb, "%s%s (%s)", n++ ? ", " : "", o->id, o->containers[i].runtime);
		}
		error(res, "%s has no container route in maple's data%s%s%s; leave the container out to use %s's own "
			   "software environment",
		      c->id, sb.len ? " (clusters with one: " : "", sb.buf, sb.len ? ")" : "", c->id);
		strbuf_release(&sb);
		return;
	}
	const struct container_route *rt = cluster_container(c, r->container_runtime);
	/* Apptainer is Singularity renamed, and keeps `singularity` as a command of its own
	 * (https://apptainer.org/docs/user/latest/singularity_compatibility.html): an image asked for with one
	 * runs with the cluster's route of the other */
	static const char *const sif_family[] = {"apptainer", "singularity", NULL};
	bool asked_sif = r->container_runtime && (!strcasecmp(r->container_runtime, sif_family[0]) ||
						  !strcasecmp(r->container_runtime, sif_family[1]));
	for (size_t i = 0; !rt && asked_sif && i < c->ncontainers; i++)
		if (!strcasecmp(c->containers[i].runtime, sif_family[0]) || !strcasecmp(c->containers[i].runtime, sif_family[1])) {
			rt = &c->containers[i];
			request_warn(r, "%s runs Singularity images with %s (Apptainer is Singularity renamed): using %s for "
					"the %s image",
				     c->id, rt->runtime, rt->runtime, r->container_runtime);
			request_set(&r->container_runtime, rt->runtime);
		}
	if (!rt) {
		struct strbuf sb = STRBUF_INIT;
		for (size_t i = 0; i < c->ncontainers; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "", c->containers[i].runtime);
		error(res, "%s runs containers with %s, not %s (as far as maple's data knows)", c->id, sb.buf,
		      r->container_runtime);
		strbuf_release(&sb);
		return;
	}
	const char *img = r->container_image;
	if (!img || !*img) {
		strvec_pushf(&res->missing, "container image (say e.g. \"%s image %s\")", rt->runtime,
			     rt->example_image ? rt->example_image : "NAME");
		return;
	}
	bool ok = strlen(img) < 512;
	for (const char *p = img; ok && *p; p++)
		ok = isalnum((unsigned char)*p) || strchr("_./:@+-", *p) || (p == img && *p == '~');
	if (!ok)
		error(res, "container image '%s' has characters maple does not put in a job script; use letters, digits, "
			   "a leading ~ and _ . / : @ + -",
		      img);
	else if (rt->nheader && (img[0] == '/' || img[0] == '~' || img[0] == '.'))
		error(res, "%s takes an image name (e.g. %s), not a file path: '%s'", rt->runtime,
		      rt->example_image ? rt->example_image : "NAME:TAG", img);
	else if (!r->container_runtime)
		request_set(&r->container_runtime, rt->runtime);
}

/* Whether the reader rejected shell text as the account (rejected_names reports it; no "no account given"). */
static bool account_was_shell_text(const struct request *r)
{
	for (size_t i = 0; i < r->rejected.nr; i++) {
		const char *e = r->rejected.v[i], *w = strrchr(e, '\t');
		if (!strncmp(e, "account\t", 8) && w &&
		    (!strcmp(w + 1, REQUEST_NOT_A_NAME) || !strcmp(w + 1, REQUEST_NOT_ONE_NAME) || !strcmp(w + 1, REQUEST_NAME_TOO_LONG)))
			return true;
	}
	return false;
}

/* Shell text where a name belongs ("account $(id)", "module load x;rm -rf ~", "conda env `id`"): the reader
 * left it out and recorded why (REQUEST_NOT_A_NAME). Unless a later value took the field, the request is an
 * error naming the words: a script without them would charge another account, run in another queue, or
 * without the module or environment asked for, and exit 0 would hide that (issue 18). The reader's warning
 * for those words goes: the error says it. */
static void rejected_names(struct request *r, struct resolution *res)
{
	static const struct {
		enum req_field f;
		const char *what, *example;
	} names[] = {
		{RF_ACCOUNT, "account", "account m1234"},
		{RF_QUEUE, "queue", "queue regular"},
		{RF_JOB_NAME, "job name", "job name vit-beans"},
		{RF_CONDA, "conda environment", "conda env torch2"},
		{RF_VENV, "virtual environment", "venv ~/envs/torch"},
		{RF_MODULES, "module", "module load pytorch/2.1"},
		{RF_CONTAINER, "container image", "shifter image nvcr.io/nvidia/pytorch:24.01"},
	};
	for (size_t i = 0; i < r->rejected.nr; i++) {
		const char *e = r->rejected.v[i], *t = strchr(e, '\t'), *w = t ? strrchr(e, '\t') : NULL;
		if (!t || w <= t || (strcmp(w + 1, REQUEST_NOT_A_NAME) && strcmp(w + 1, REQUEST_NOT_ONE_NAME) &&
				     strcmp(w + 1, REQUEST_NAME_TOO_LONG)))
			continue;
		const bool shell = !strcmp(w + 1, REQUEST_NOT_A_NAME);
		size_t k = 0;
		while (k < sizeof(names) / sizeof(names[0]) &&
		       (strlen(req_field_name(names[k].f)) != (size_t)(t - e) || strncmp(e, req_field_name(names[k].f), (size_t)(t - e))))
			k++;
		if (k == sizeof(names) / sizeof(names[0]))
			continue;
		const enum req_field f = names[k].f;
		/* a later value of the text took the field ("account $(id) -- sorry, account m1234"): the reader's
		 * warning stays (a default - the queue maple picks, the job named after its script - is no value) */
		const char *now = f == RF_ACCOUNT ? r->account : f == RF_QUEUE ? r->queue : f == RF_JOB_NAME ? r->job_name
				  : f == RF_CONDA ? r->conda_env : f == RF_VENV ? r->venv : f == RF_CONTAINER ? r->container_image : NULL;
		if (now && *now && r->from[f])
			continue;
		const int len = (int)(w - t - 1);
		/* one plain word in backquotes the reader could not take ("account `id`", "`whoami`": a command as
		 * much as a code span) is an error too, not a warning with exit 0: left out, the job would charge
		 * the default account (or run without the environment asked for) and `generate > job.sh && sbatch
		 * job.sh` would submit it. Names in backquotes the reader can take ("`m1234`", "`AI_Sci2`") never
		 * come here. */
		const bool word = len > 2 && t[1] == '`' && t[len] == '`' &&
				  (int)strspn(t + 2, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") == len - 2;
		if (!strcmp(w + 1, REQUEST_NAME_TOO_LONG))
			error(res, "the %s '%.*s%s' is %d characters long, more than maple reads as a name (it is never cut short): "
				   "write the name itself, e.g. \"%s\"",
			      names[k].what, len > 48 ? 40 : len, t + 1, len > 48 ? "..." : "", len, names[k].example);
		else if (word)
			error(res, "the %s '%.*s' in backquotes may be a command (maple never runs one, and never guesses its "
				   "output): write the name itself without them, e.g. \"%s\"",
			      names[k].what, len, t + 1, names[k].example);
		else if (shell)
			error(res, "the %s '%.*s' is shell text, not a name maple puts in a job script: write the name itself "
				   "(letters, digits, '-', '_', '.'), e.g. \"%s\"",
			      names[k].what, len, t + 1, names[k].example);
		else
			error(res, "the %s '%.*s' is not one name a scheduler directive can carry (blanks, quotes, marks or a "
				   "first '-'): write the name itself (letters, digits, '-', '_', '.'), e.g. \"%s\"",
			      names[k].what, len, t + 1, names[k].example);
		/* the reader's "'WORDS' is not a name maple can put in a job script" for these words */
		struct strbuf said = STRBUF_INIT;
		strbuf_addf(&said, "'%.*s' is not a name maple can put in a job script", len, t + 1);
		size_t o = 0;
		for (size_t j = 0; j < r->warnings.nr; j++) {
			if (strstr(r->warnings.v[j], said.buf))
				free(r->warnings.v[j]);
			else
				r->warnings.v[o++] = r->warnings.v[j];
		}
		r->warnings.nr = o;
		r->warnings.v[o] = NULL;
		strbuf_release(&said);
	}
}

/* "--mem=512G" on Delta's 256 GB A100 nodes, "128 cores" on a 40-core node: more host memory or CPU cores per
 * node than the node type has (its hardware's source named) - the job would be rejected or never start. */
static void check_host_resources(const struct cluster *c, const struct request *r, struct resolution *res)
{
	const char *src = c->hw.src.url ? c->hw.src.url : c->source;
	char type[160]; /* "vista's nodes", "delta's a100x4 nodes (NVIDIA A100-SXM4-40GB)" */
	snprintf(type, sizeof(type), "%s's %s", c->id, c->nnode_types > 1 ? node_type_name(c) : "nodes");
	if (r->mem_per_node_gb > 0 && c->hw.memory_gb_per_node > 0 && r->mem_per_node_gb > c->hw.memory_gb_per_node) {
		error(res, "%d GB of memory per node asked, but %s have %d GB [%s]", r->mem_per_node_gb, type,
		      c->hw.memory_gb_per_node, src);
		return;
	}
	int nodes = r->nodes > 0 ? r->nodes : 1;
	int cpn = r->cpus_per_node > 0 ? r->cpus_per_node : r->cpus_total > 0 ? (r->cpus_total + nodes - 1) / nodes : 0;
	if (cpn > 0 && c->hw.cpu_cores_per_node > 0 && cpn > c->hw.cpu_cores_per_node)
		error(res, "%d CPU cores per node asked, but %s have %d [%s]", cpn, type, c->hw.cpu_cores_per_node, src);
}

void rules_apply(const struct repo *repo, struct request *r, struct resolution *res)
{
	const struct cluster *c = NULL;
	if (!r->cluster) {
		strvec_push(&res->missing, "cluster");
	} else if (!(c = repo_cluster(repo, r->cluster))) {
		char low[128];
		size_t q = 0;
		for (const char *p = r->cluster; *p && q + 1 < sizeof(low); p++)
			low[q++] = (char)tolower((unsigned char)*p);
		low[q] = '\0';
		/* a system maple has no profile for is never read as a known cluster's typo ("Frontera") */
		const struct cluster *m = vocab_other_system(low) ? NULL : match_cluster_name(repo, r->cluster);
		if (m) {
			request_warn(r, "cluster '%s' read as '%s'", r->cluster, m->id);
			request_set(&r->cluster, m->id);
			c = m;
		} else {
			struct strbuf sb = STRBUF_INIT;
			unknown_cluster_message(repo, r->cluster, &sb);
			error(res, "%s", sb.buf);
			strbuf_release(&sb);
		}
	}
	res->cluster = c;
	if (r->nodes < 0 || r->gpus_per_node < 0 || r->total_gpus < 0 || r->nodes == -999999) {
		/* the words as they were said: a count past the reader's range (1e6) is held as -999999 */
		const enum req_field cf[] = {RF_NODES, RF_GPUS_PER_NODE, RF_TOTAL_GPUS};
		const int cv[] = {r->nodes, r->gpus_per_node, r->total_gpus};
		struct strbuf said = STRBUF_INIT;
		for (int i = 0; i < 3; i++)
			if (cv[i] < 0 && r->from[cf[i]])
				strbuf_addf(&said, "%s\"%s\"", said.len ? ", " : " (asked: ", r->from[cf[i]]);
		error(res, "node and GPU counts must be positive whole numbers, at most 100000 nodes%s%s", said.buf,
		      said.len ? ")" : "");
		strbuf_release(&said);
	}
	/* counts no cluster has are errors naming the value (and the products below never overflow) */
	/* a form's value past the reader's range is held as 100001: the words said name it */
#define ASKED(f) r->from[f] ? " (asked: \"" : "", r->from[f] ? r->from[f] : "", r->from[f] ? "\")" : ""
	if (r->nodes > 100000 && r->from[RF_NODES])
		error(res, "more nodes than any cluster has (at most 100000)%s%s%s", ASKED(RF_NODES));
	else if (r->nodes > 100000)
		error(res, "%d nodes: more than any cluster has (at most 100000)", r->nodes);
	if (r->gpus_per_node > 1024 && r->from[RF_GPUS_PER_NODE])
		error(res, "more GPUs per node than any node has (at most 1024)%s%s%s", ASKED(RF_GPUS_PER_NODE));
	else if (r->gpus_per_node > 1024)
		error(res, "%d GPUs per node: more than any node has (at most 1024)", r->gpus_per_node);
	if (r->total_gpus > 100000000 && r->from[RF_TOTAL_GPUS])
		error(res, "more GPUs than any cluster has%s%s%s", ASKED(RF_TOTAL_GPUS));
	else if (r->total_gpus > 100000000)
		error(res, "%d GPUs: more than any cluster has", r->total_gpus);
	bool zero = false;
	if (r->from[RF_NODES] && r->nodes == 0)
		zero = true;
	if (r->from[RF_GPUS_PER_NODE] && r->gpus_per_node == 0)
		zero = true;
	if (r->from[RF_TOTAL_GPUS] && r->total_gpus == 0)
		zero = true;
	if (zero) {
		const enum req_field zf = r->from[RF_NODES] && r->nodes == 0	       ? RF_NODES
					  : r->from[RF_GPUS_PER_NODE] && r->gpus_per_node == 0 ? RF_GPUS_PER_NODE
											       : RF_TOTAL_GPUS;
		error(res, "node and GPU counts must be at least 1%s%s%s", ASKED(zf));
	}
#undef ASKED
	if ((!r->nodes && !r->gpus_per_node && !r->total_gpus && !zero) || (r->nodes_undecided && !r->nodes && !r->total_gpus))
		strvec_push(&res->missing, "nodes");

	/* framework and strategy; a ZeRO stage DeepSpeed has not is an error naming it (never a default stage) */
	const char *bad_stage = NULL;
	for (size_t i = 0; i < r->rejected.nr && !bad_stage; i++) {
		const char *f = r->rejected.v[i], *t = strchr(f, '\t'), *w = t ? strrchr(f, '\t') : NULL;
		if (t && w > t && !strncmp(f, "strategy\t", 9) && !strcmp(w + 1, REQUEST_BAD_ZERO_STAGE))
			bad_stage = t + 1;
	}
	if (bad_stage && (r->strategy == ST_NONE || r->strategy >= ST_ZERO1))
		error(res, "no ZeRO stage DeepSpeed has (asked: \"%.*s\"): its stages are 1, 2 and 3 (stage 0 turns ZeRO "
			   "off: say DDP for that)",
		      (int)(strrchr(bad_stage, '\t') - bad_stage), bad_stage);
	else
		bad_stage = NULL;
	if (r->framework == FW_NONE) {
		if (r->strategy >= ST_ZERO1)
			r->framework = FW_DEEPSPEED;
		else
			r->framework = FW_PYTORCH;
	}
	if (r->strategy == ST_NONE) {
		if (r->framework == FW_DEEPSPEED) {
			r->strategy = ST_ZERO3;
			const char *cfg = request_ds_config(r);
			if (r->strategy_from_config)
				; /* a port said the stage is the user's config's, unknown */
			else if (bad_stage)
				; /* named in its error above */
			else if (cfg)
				request_warn(r, "no ZeRO stage given: your DeepSpeed config%s%s%s decides it; maple labels the job "
						"ZeRO stage 3 (say \"zero2\" ... to label it as your config has it)",
					     *cfg ? " (" : "", cfg, *cfg ? ")" : "");
			else
				request_warn(r, "no ZeRO stage given: using DeepSpeed ZeRO stage 3");
		} else {
			r->strategy = ST_DDP;
		}
	}
	if (!framework_allows(r->framework, r->strategy))
		error(res, "%s does not run %s (pytorch: ddp, fsdp; deepspeed: zero1-3; accelerate: all)",
		      framework_name(r->framework), strategy_name(r->strategy));
	if (!r->script) {
		request_set(&r->script, "train.py");
		request_warn(r, "no training script named: using train.py");
	}
	if (r->master_port && (r->master_port < 1024 || r->master_port > 65535)) {
		/* the value as it was said: a number past the reader's range is held as -999999 */
		/* -1 stands for a port 0 said ("port 0" would read as no port) */
		if ((r->master_port == -999999 || r->master_port == -1) && r->from[RF_PORT])
			error(res, "port out of range (asked: \"%s\"): use 1024-65535", r->from[RF_PORT]);
		else
			error(res, "port %d is out of range: use 1024-65535", r->master_port);
	}
	if (!r->master_port)
		r->master_port = 29500;
	const char *what[] = {"account", "queue", "job name"};
	char *vals[] = {r->account, r->queue, r->job_name};
	for (int i = 0; i < 3; i++)
		if (vals[i] && !safe_directive_value(vals[i]))
			error(res,
			      "%s '%s' has characters a scheduler directive cannot carry; use letters, digits and _ . : @ + -",
			      what[i], vals[i]);
	if (r->walltime_min < 0 || (r->from[RF_WALLTIME] && r->walltime_min == 0))
		error(res, "the walltime must be more than 0 and at most a year (asked: \"%s\")",
		      r->from[RF_WALLTIME] ? r->from[RF_WALLTIME] : "?");
	default_job_name(r);
	if (c && r->container_image)
		check_container(repo, c, r, res);

	/* GPUs the cluster has no node for (a model it lacks, nodes maple does not model, a MIG slice): an
	 * error now, not a question about the node count first ("Delta B200, 1 hour" is no job at all) */
	if (c && res->missing.nr && !res->errors.nr && r->gpu_model && *r->gpu_model) {
		struct strbuf why = STRBUF_INIT;
		if (!cluster_node_type_for(c, NULL, r->gpu_model, 0, &why) && why.len)
			error(res, "%s", why.buf);
		strbuf_release(&why);
	}
	if (c && !res->missing.nr && !res->errors.nr) {
		if (r->queue)
			queue_by_role(c, r, res);
		if (!res->errors.nr)
			res->cluster = c = pick_node_type(c, r, res); /* issue14 */
		if (!res->errors.nr)
			shared_queue_default(c, r); /* issue14 */
		if (!res->errors.nr)
			resolve_counts(c, r, res);
		if (!res->errors.nr)
			resolve_queue(c, r, res);
		if (!res->errors.nr)
			check_node_type_count(c, r, res->queue, res); /* issue14 */
		if (!res->errors.nr)
			check_queue_gpus(c, r, res->queue, res); /* issue14 */
		if (!res->errors.nr)
			check_user_gpus(c, r, res->queue);
		if (!res->errors.nr)
			check_host_resources(c, r, res);
		if (!r->account && c->account_required && !account_was_shell_text(r))
			request_warn(r, "no account given: %s rejects jobs without one; replace YOUR_ACCOUNT in the script "
					"or say \"account NAME\"",
				     c->id);
	} else if (!c && !res->errors.nr) {
		/* no cluster yet: still do the arithmetic the statements allow */
		if (r->nodes > 0 && r->gpus_per_node > 0 && !r->total_gpus)
			r->total_gpus = r->nodes * r->gpus_per_node;
		else if (r->gpus_per_node > 0 && r->total_gpus > 0 && !r->nodes && r->total_gpus % r->gpus_per_node == 0)
			r->nodes = r->total_gpus / r->gpus_per_node;
		else if (r->nodes > 0 && r->total_gpus > 0 && !r->gpus_per_node && r->total_gpus % r->nodes == 0)
			r->gpus_per_node = r->total_gpus / r->nodes;
	}
	rejected_names(r, res);
	res->status = res->errors.nr ? REQ_ERROR : res->missing.nr ? REQ_INCOMPLETE : REQ_OK;
}

int cluster_max_walltime(const struct cluster *c, int nodes)
{
	int best = 0;
	for (size_t i = 0; i < c->nqueues; i++) {
		const struct queue *q = &c->queues[i];
		if (!q->auto_select || nodes < q->min_nodes || nodes > q->max_nodes)
			continue;
		int max = queue_limit_for(q, nodes);
		if (max > best)
			best = max;
	}
	return best;
}

/* spec_blocks.c - a cloud or orchestrator spec pasted as the job to move (a SkyPilot task, a Kubeflow
 * PyTorchJob or MPIJob, a Ray cluster YAML, a GitHub Actions job): its lines are the source's, like a job
 * script pasted from another cluster. Its counts rank below what the request says in words, its
 * "cluster_name:" or "name:" is no cluster of the target's, and "the same 2 x 8" refers to them.
 * A spec is known by its keys (data/lexicon's source_spec_keys); it is the source only when the text
 * outside it names a cluster maple knows (where the job goes). */
#include "extract.h"
#include "reader.h"
#include "vocab.h"

#include "../util/byteset.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Whether line s[0..n) is a line of a YAML or JSON-like spec: indented, a list item, "key:" at its
 * start, or only brackets. */
static bool spec_line(const char *s, size_t n)
{
	if (!n)
		return false;
	/* (a list item's "- ", a YAML document's "---"; not an arrow that opens the request: "-> Frontier, ...") */
	if (s[0] == '-' && n > 1 && (s[1] == '>' || s[1] == '-') && !(n >= 3 && s[1] == '-' && s[2] == '-'))
		return false;
	if (s[0] == ' ' || s[0] == '\t' || s[0] == '-' || s[0] == '}' || s[0] == ']' || s[0] == '{' || s[0] == '[')
		return true;
	size_t k = 0;
	while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '_' || s[k] == '-' || s[k] == '.' || s[k] == '/'))
		k++;
	return k > 0 && k < n && s[k] == ':' && (k + 1 == n || s[k + 1] == ' ' || s[k + 1] == '\t');
}

/* Where line s[0..n) names a Kubernetes GPU resource ("nvidia.com/gpu", "amd.com/gpu"), or NULL. */
static const char *gpu_resource(const char *s, size_t n)
{
	for (size_t q = 0; q + 15 <= n; q++)
		if (!strncmp(s + q, "nvidia.com/gpu", 14) || !strncmp(s + q, "amd.com/gpu", 11))
			return s + q;
	return NULL;
}

/* Whether line s[0..n) holds a key only cloud and orchestrator specs use ("accelerators: A100:8",
 * "apiVersion: kubeflow.org/v1", "runs-on: [self-hosted, gpu]"). */
static bool spec_key_line(const char *s, size_t n)
{
	size_t k = 0;
	while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '-' || s[k] == '{' || s[k] == '"'))
		k++;
	size_t a = k;
	while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '_' || s[k] == '-' || s[k] == '.' || s[k] == '/'))
		k++;
	/* (a Kubernetes GPU resource after an elision: "... nvidia.com/gpu: 4") */
	if (k == a || k - a >= 48 || k >= n || (s[k] != ':' && s[k] != '"' && s[k] != '='))
		return gpu_resource(s, n) != NULL;
	char key[48];
	for (size_t q = a; q < k; q++)
		key[q - a] = (char)tolower((unsigned char)s[q]);
	key[k - a] = '\0';
	/* (a submitit executor's keyword on an indented line of its own: "    timeout_min=600,"; not "provider=..."
	 * of a Parsl config, whose keywords are the request's) */
	if (s[k] == '=')
		return (s[0] == ' ' || s[0] == '\t') && (!strcmp(key, "timeout_min") || !strcmp(key, "submitit_folder"));
	if (vocab_in(VL_SOURCE_SPEC_KEY, key))
		return true;
	/* a GPU resource of Kubernetes anywhere on the line ("resources: {limits: {nvidia.com/gpu: 3}}") */
	return gpu_resource(s, n) != NULL;
}

/* Whether text[a, b) names a cluster maple knows, as a word. */
static bool names_known_cluster(const struct ctx *c, size_t a, size_t b)
{
	for (size_t p = a; p < b;) {
		while (p < b && !isalnum((unsigned char)c->text[p]))
			p++;
		size_t s = p;
		while (p < b && (isalnum((unsigned char)c->text[p]) || c->text[p] == '-' || c->text[p] == '_'))
			p++;
		char w[32];
		if (p - s < 3 || p - s >= sizeof(w))
			continue;
		for (size_t k = s; k < p; k++)
			w[k - s] = (char)tolower((unsigned char)c->text[k]);
		w[p - s] = '\0';
		if (match_cluster_name_exact(c->repo, w))
			return true;
	}
	return false;
}

/* The start of the first and of the last word of the text naming a cluster maple knows (*first == c->len
 * when none): names_known_cluster(c, 0, a) for a line start a is *first < a, and names_known_cluster(c,
 * b, c->len) for a line end b is *last >= b, read once instead of once per spec (3,000 short specs in
 * 64 KB had taken 10 s). */
static void cluster_words(const struct ctx *c, size_t *first, size_t *last)
{
	*first = *last = c->len;
	for (size_t p = 0; p < c->len;) {
		while (p < c->len && !isalnum((unsigned char)c->text[p]))
			p++;
		size_t s = p;
		while (p < c->len && (isalnum((unsigned char)c->text[p]) || c->text[p] == '-' || c->text[p] == '_'))
			p++;
		if (p > s && names_known_cluster(c, s, p)) {
			if (*first == c->len)
				*first = s;
			*last = s;
		}
	}
}

/* Records text[ba, bb) as another system's block when a cluster maple knows is named outside it (the
 * target the block moves to); the names' places are found once (*read). */
static bool foreign_if_target_named(struct ctx *c, size_t ba, size_t bb, size_t *first, size_t *last, bool *read)
{
	if (!*read) {
		cluster_words(c, first, last);
		*read = true;
	}
	if (!(*first < ba || (*last < c->len && *last >= bb)))
		return false;
	c->foreign_a[c->nforeign] = ba;
	c->foreign_b[c->nforeign] = bb;
	c->foreign_cluster[c->nforeign] = NULL;
	c->nforeign++;
	return true;
}

/* Ray Train's "ScalingConfig(num_workers=16, use_gpu=True, ...)" in text: the offset of its '(' and of
 * its ')' (balanced), searched from *from; false when there is none. */
static bool scaling_config(const struct ctx *c, size_t *from, size_t *open, size_t *close)
{
	static const char key[] = "ScalingConfig(";
	for (size_t p = *from; p + sizeof(key) - 1 < c->len; p++) {
		if (strncmp(c->text + p, key, sizeof(key) - 1) || (p > 0 && (isalnum((unsigned char)c->text[p - 1]) || c->text[p - 1] == '_')))
			continue;
		size_t q = p + sizeof(key) - 1;
		int depth = 1;
		while (q < c->len && q < p + 2000 && depth > 0) {
			if (c->text[q] == '(')
				depth++;
			else if (c->text[q] == ')')
				depth--;
			q++;
		}
		*from = q;
		if (depth)
			continue;
		*open = p + sizeof(key) - 2;
		*close = q - 1;
		return true;
	}
	return false;
}

/* The integer after "name=" or "\"name\": " in text[a, b) (a word boundary before it), or -1. */
static int keyword_int(const struct ctx *c, size_t a, size_t b, const char *name)
{
	size_t n = strlen(name);
	for (size_t p = a; p + n < b; p++) {
		if (strncmp(c->text + p, name, n) || (p > a && (isalnum((unsigned char)c->text[p - 1]) || c->text[p - 1] == '_')))
			continue;
		size_t q = p + n;
		if (q < b && (c->text[q] == '"' || c->text[q] == '\''))
			q++;
		while (q < b && c->text[q] == ' ')
			q++;
		if (q >= b || (c->text[q] != '=' && c->text[q] != ':'))
			continue;
		q++;
		while (q < b && c->text[q] == ' ')
			q++;
		if (q < b && isdigit((unsigned char)c->text[q]))
			return atoi(c->text + q);
	}
	return -1;
}

void rd_find_spec_blocks(struct ctx *c)
{
	size_t first_cluster = 0, last_cluster = 0;
	bool clusters_read = false;
	/* Ray Train's ScalingConfig: the lines that hold it are the Ray job's, the source's where the text
	 * names a cluster maple knows outside them */
	for (size_t from = 0, o, e; c->nforeign < sizeof(c->foreign_a) / sizeof(*c->foreign_a) && scaling_config(c, &from, &o, &e);) {
		size_t ba = o, bb = e;
		while (ba > 0 && c->text[ba - 1] != '\n')
			ba--;
		while (bb < c->len && c->text[bb] != '\n')
			bb++;
		if (rd_foreign_block_at(c, ba))
			continue;
		if (foreign_if_target_named(c, ba, bb, &first_cluster, &last_cluster, &clusters_read)) {
			/* its arguments are Ray's resources ("resources_per_worker={\"GPU\": 1}" is per worker, not the
			 * job's): blanked from the working copy; rd_read_spec_sizes reads them from the text */
			for (size_t q = o + 1; q < e; q++)
				if (c->nl[q] != '\n')
					c->nl[q] = ' ';
			/* and the Ray script's file-name heading right above it ("ray_train.py (excerpt):"): that file
			 * is the job being replaced, not the program to run */
			size_t hb = ba;
			while (hb > 0 && (c->text[hb - 1] == '\n' || c->text[hb - 1] == ' '))
				hb--;
			size_t ha = hb;
			while (ha > 0 && c->text[ha - 1] != '\n')
				ha--;
			size_t w = ha;
			while (w < hb && !isspace((unsigned char)c->text[w]))
				w++;
			if (hb > ha && c->text[hb - 1] == ':' && w - ha > 4 && !strncmp(c->text + (w - 3), ".py", 3) &&
			    !names_known_cluster(c, ha, hb))
				memset(c->nl + ha, ' ', hb - ha);
		}
	}
	for (size_t la = 0; la < c->len && c->nforeign < sizeof(c->foreign_a) / sizeof(*c->foreign_a);) {
		size_t lb = la;
		while (lb < c->len && c->text[lb] != '\n')
			lb++;
		if (rd_foreign_block_at(c, la) || !spec_key_line(c->text + la, lb - la)) {
			la = lb + 1;
			continue;
		}
		/* the run of spec lines around it (blank lines inside it kept when a spec line follows) */
		size_t ba = la;
		while (ba > 0) {
			size_t pe = ba - 1, ps = pe;
			while (ps > 0 && c->text[ps - 1] != '\n')
				ps--;
			if (!spec_line(c->text + ps, pe - ps))
				break;
			ba = ps;
		}
		size_t bb = lb;
		for (size_t p = lb; p < c->len;) {
			size_t q = p + 1, qe = q;
			while (qe < c->len && c->text[qe] != '\n')
				qe++;
			if (q >= c->len)
				break;
			if (qe == q) { /* a blank line: part of the spec when a spec line follows it */
				size_t r = qe + 1, re = r;
				while (re < c->len && c->text[re] != '\n')
					re++;
				if (r >= c->len || !spec_line(c->text + r, re - r) || !(c->text[r] == ' ' || c->text[r] == '\t' || c->text[r] == '-'))
					break;
				p = qe;
				continue;
			}
			if (!spec_line(c->text + q, qe - q))
				break;
			bb = qe;
			p = qe;
		}
		/* its introduction ending in a colon right above it ("This is our K8s Job spec (single pod, 3
		 * GPUs):"): said of the spec, unless it names the target */
		size_t ia = ba;
		while (ia > 0 && (c->text[ia - 1] == '\n' || c->text[ia - 1] == ' '))
			ia--;
		if (ia > 0 && ia < ba && c->text[ia - 1] == ':') {
			size_t ls = ia - 1;
			while (ls > 0 && c->text[ls - 1] != '\n')
				ls--;
			if (!names_known_cluster(c, ls, ia))
				ba = ls;
		}
		foreign_if_target_named(c, ba, bb, &first_cluster, &last_cluster, &clusters_read);
		la = bb + 1;
	}
}

/* The value after "key:" on line s[0..n) (the key matched in any case after the indentation, a list
 * item's "- " or an opening quote), or NULL. */
static const char *spec_value(const char *s, size_t n, const char *key)
{
	size_t k = 0;
	while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '-' || s[k] == '"' || s[k] == '{'))
		k++;
	size_t l = strlen(key);
	if (k + l >= n || strncasecmp(s + k, key, l))
		return NULL;
	k += l;
	if (k < n && s[k] == '"')
		k++;
	/* (and "nodes=3," of a submitit call's lines) */
	if (k >= n || (s[k] != ':' && s[k] != '='))
		return NULL;
	k++;
	while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '"'))
		k++;
	return k < n ? s + k : NULL;
}

/* Whether line s[0..n) opens a replica group and which: 1 a group that runs training (Master, Worker,
 * Chief), 2 one that does not (Launcher of an MPIJob, PS, Evaluator), 0 none. */
static int replica_group(const char *s, size_t n)
{
	size_t k = 0;
	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	static const char *const runs[] = {"master:", "worker:", "chief:", NULL};
	static const char *const idle[] = {"launcher:", "ps:", "evaluator:", NULL};
	for (size_t q = 0; runs[q]; q++)
		if (n - k >= strlen(runs[q]) && !strncasecmp(s + k, runs[q], strlen(runs[q])))
			return 1;
	for (size_t q = 0; idle[q]; q++)
		if (n - k >= strlen(idle[q]) && !strncasecmp(s + k, idle[q], strlen(idle[q])))
			return 2;
	return 0;
}

/* The size a pasted spec states, as the source's (RK_COPIED: the request's own words outrank it, "the
 * same shape" refers to it): a Kubeflow PyTorchJob's or MPIJob's training pods (the replicas of its
 * Master and Worker groups, not an MPIJob's Launcher) with the GPUs each pod's resources give
 * ("nvidia.com/gpu: 4"), one node each; a SkyPilot task's "num_nodes: 4" and "accelerators: A100:8". */
void rd_read_spec_sizes(struct ctx *c)
{
	for (size_t f = 0; f < c->nforeign; f++) {
		size_t a = c->foreign_a[f], b = c->foreign_b[f];
		bool spec = false, submitit = false;
		int pods = 0, group = 0, gpus = 0, nodes = 0, accel = 0, hydra_nodes = 0, hydra_gpn = 0, hydra_tasks = 0,
		    timeout = 0;
		size_t hna = a, hnb = b, hga = a, hgb = b, ta = a, tb = b;
		size_t ga = a, gb = b, na = a, nb = b; /* the lines that give the GPUs and the nodes */
		size_t pa = b; /* the first replicas line */
		for (size_t la = a; la < b;) {
			size_t lb = la;
			while (lb < b && c->text[lb] != '\n')
				lb++;
			const char *s = c->text + la, *v;
			size_t n = lb - la;
			spec = spec || spec_key_line(s, n);
			int g = replica_group(s, n);
			if (g)
				group = g;
			if ((v = spec_value(s, n, "replicas")) && isdigit((unsigned char)*v) && group == 1) {
				pods += atoi(v);
				if (pa == b)
					pa = la;
				na = pa, nb = lb;
			}
			const char *res = gpu_resource(s, n);
			if (res) {
				const char *p = memchr(res, ':', (size_t)(s + n - res));
				while (p && p < s + n && !isdigit((unsigned char)*p))
					p++;
				if (p && p < s + n && atoi(p) > gpus && !accel)
					gpus = atoi(p), ga = la, gb = lb;
			}
			/* a Hydra submitit launcher's "nodes:", "gpus_per_node:", "tasks_per_node:", "timeout_min:" */
			if ((v = spec_value(s, n, "timeout_min")) && isdigit((unsigned char)*v))
				submitit = true, timeout = atoi(v), ta = la, tb = lb;
			if ((v = spec_value(s, n, "nodes")) && isdigit((unsigned char)*v))
				hydra_nodes = atoi(v), hna = la, hnb = lb;
			if ((v = spec_value(s, n, "gpus_per_node")) && isdigit((unsigned char)*v))
				hydra_gpn = atoi(v), hga = la, hgb = lb;
			if ((v = spec_value(s, n, "tasks_per_node")) && isdigit((unsigned char)*v))
				hydra_tasks = atoi(v);
			if ((v = spec_value(s, n, "num_nodes")) && isdigit((unsigned char)*v))
				nodes = atoi(v), na = la, nb = lb;
			if ((v = spec_value(s, n, "accelerators"))) {
				/* "A100:8", "{A100: 8}", "H100-80GB:8" */
				const char *colon = memchr(v, ':', (size_t)(s + n - v));
				if (colon) {
					const char *d = colon + 1;
					while (d < s + n && (*d == ' ' || *d == '\t'))
						d++;
					if (d < s + n && isdigit((unsigned char)*d))
						accel = atoi(d), ga = la, gb = lb;
				}
			}
			la = lb + 1;
		}
		/* Ray Train's workers, one GPU each unless resources_per_worker says how many: the GPUs in all */
		size_t from = a, o, e;
		if (scaling_config(c, &from, &o, &e) && o < b) {
			int workers = keyword_int(c, o, e, "num_workers"), per = keyword_int(c, o, e, "GPU");
			bool gpu = per > 0 || (mem_find(c->text + o, e - o, "use_gpu=True", 12) != NULL);
			if (per <= 0)
				per = 1;
			if (gpu && workers > 0 && (long)workers * per <= 100000 && c->total_rank <= RK_COPIED) {
				rd_state_total(c, workers * per, o, e, RK_COPIED);
				if (!c->src_total)
					c->src_total = workers * per;
			}
			continue;
		}
		if (!spec)
			continue;
		if (submitit) {
			if (!nodes && hydra_nodes > 0)
				nodes = hydra_nodes, na = hna, nb = hnb;
			if (hydra_gpn <= 0 && hydra_tasks > 0)
				hydra_gpn = hydra_tasks; /* (one GPU per task) */
			if (!accel && hydra_gpn > 0)
				accel = hydra_gpn, ga = hga, gb = hgb;
			if (timeout > 0 && !c->copied_walltime)
				c->copied_walltime = timeout, c->copied_walltime_a = ta, c->copied_walltime_b = tb;
		}
		int spec_nodes = nodes > 0 ? nodes : pods;
		int spec_gpn = accel > 0 ? accel : gpus;
		if (spec_nodes > 0 && spec_nodes <= 100000 && c->nodes_rank <= RK_COPIED) {
			rd_state_nodes(c, spec_nodes, na, nb, RK_COPIED);
			if (!c->src_nodes)
				c->src_nodes = spec_nodes; /* what "the same number of GPUs" measures */
		}
		if (spec_gpn > 0 && spec_gpn <= 64 && c->gpn_rank <= RK_COPIED) {
			rd_state_gpn(c, spec_gpn, ga, gb, RK_COPIED);
			if (!c->src_gpn)
				c->src_gpn = spec_gpn;
		}
	}
}

/* counts.c - node and GPU counts in prose: "8 GPUs across 2 nodes", "2x4", "four GPUs on each". */
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* counts */


static bool is_gpuish(const char *w)
{
	return is_gpu_unit(w) || !strcmp(w, "gpu");
}

/* Past the GPU words after a count: units, models and their qualifiers ("4 A100 80GB each", "4 A100
 * (80 GB) per node", "8 V100-32GB GPUs"); the index of the first word after them. */
static size_t past_gpu_words(const struct ctx *c, size_t k)
{
	while (k < c->n) {
		const char *w = rd_norm_at(c, k);
		if (is_gpuish(w) || vocab_gpu_qualifier(w) || vocab_gpu_model(w))
			k++;
		else if (c->t[k].is_num && !c->t[k].num_word && k + 1 < c->n &&
			 (rd_is(c, k + 1, "gb") || rd_is(c, k + 1, "gib") || rd_is(c, k + 1, "g")))
			k += 2; /* "80 GB" */
		else
			break;
	}
	return k;
}

const char *const rd_count_adjectives[] = {
	"compute", "physical", "full", "whole", "separate", "different", "distinct", "more", "nvidia", "amd",
	"intel",   "dedicated", "total", "exclusive", "available", "identical", "big", "large", "worker", "training",
	"a100",    "h100",	"h200", "v100", "a40", "gh200", "mi250x", "mi250", "pvc", "gpu", "gpus", "cpu+gpu",
	"40gb",	   "80gb",	"32gb", "96gb", "hbm80g", "sxm", "sxm4", "pcie", "more", "of", "grace-hopper",
	"idle",    "free",	"spare", "unused", "empty", "such", "similar",
	NULL};

/* The characters (code points) of a UTF-8 word. */
static size_t utf8_chars(const char *w)
{
	size_t n = 0;
	for (; *w; w++)
		n += ((unsigned char)*w & 0xC0) != 0x80;
	return n;
}

/* "per node", "each", "on each node", "apiece", "a node", "/node" after a GPU count */
static bool per_node_after(const struct ctx *c, size_t i)
{
	static const char *const each[] = {"each", "ea", "apiece", "pernode", "per-node", "per_node", NULL};
	if (rd_is_any(c, i, each))
		return true;
	/* "per node", and the same preposition in the other languages ("4 GPU par noeud", "4 GPUs por nodo",
	 * "4 GPUs pro Knoten": read as "per", data/lexicon's per_words) */
	/* (Spanish and Portuguese "por" is "for" too: "por 4 horas"; only before a node word here) */
	static const char *const per[] = {"per", "a", "an", "por", NULL};
	if (rd_is_any(c, i, per) && i + 1 < c->n && is_node_unit(rd_norm_at(c, i + 1)))
		return true;
	/* "per each node", "in every node", "on one node" */
	if ((rd_is(c, i, "per") || rd_is(c, i, "in") || rd_is(c, i, "on") || rd_is(c, i, "for")) &&
	    (rd_is(c, i + 1, "each") || rd_is(c, i + 1, "every") || rd_is(c, i + 1, "one") || rd_is(c, i + 1, "a")) &&
	    (is_node_unit(rd_norm_at(c, i + 2)) || rd_is(c, i + 2, "of")))
		return true;
	/* "... 2 GPUs on each", "4 GPUs in each,", and the prepositions of other languages before their "each"
	 * (data/lexicon's each_words: "cuatro GPUs en cada uno", "las 4 GPUs de cada nodo", "4 GPU dans chaque
	 * nœud", "4 GPU su ogni nodo", "4 GPU pe fiecare nod", "4 GPUs auf jedem Knoten"; the prepositions
	 * are data/lexicon's each_prepositions) */
	if (vocab_in(VL_EACH_PREPOSITION, c->t[i].norm) && rd_is(c, i + 1, "each") &&
	    (i + 2 >= c->n || c->t[i + 1].trail || !rd_is_any(c, i + 2, (const char *const[]){"gpu", "gpus", "card", NULL})))
		return true;
	if (rd_is(c, i, "per") && (rd_is(c, i + 1, "compute") || rd_is(c, i + 1, "gpu") || rd_is(c, i + 1, "worker") ||
				   rd_is(c, i + 1, "training") || rd_is(c, i + 1, "physical")) &&
	    is_node_unit(rd_norm_at(c, i + 2)))
		return true; /* "8 GPUs per worker node" */
	/* a short word of another language between the count and a node word with no number of its own ("4 GPU
	 * na uzol", "8 GCD po čvoru", "3 GPU á hnút"): that language's "per" (not "and", "or", "of", "x") */
	if (i + 1 < c->n && !c->t[i].is_num && !c->t[i].trail && is_node_unit(rd_norm_at(c, i + 1)) &&
	    !(i + 2 < c->n && c->t[i + 2].is_num && !c->t[i + 1].trail) && utf8_chars(c->t[i].norm) <= 3 &&
	    (isalpha((unsigned char)c->t[i].raw[0]) || (unsigned char)c->t[i].raw[0] >= 0x80)) {
		static const char *const not_per[] = {"and", "or", "of", "x", "the", "to", "all", "two", "six", "ten", "one",
						      "few", "any", "our", "my", "gpu", "cpu", "vs", "+", "&", NULL};
		if (!rd_is_any(c, i, not_per) && !vocab_in(VL_NUMBER_JOINER, c->t[i].norm) && !c->t[i].neg)
			return true;
	}
	return false;
}

/* "4 GPUs a node", "4 GPUs per node": the words after the count that made it one of each node's are
 * used ("a node" is then no count of nodes) */
static void used_per_node_words(struct ctx *c, size_t i)
{
	static const char *const per[] = {"per", "a", "an", "por", NULL};
	if (rd_is_any(c, i, per) && i + 1 < c->n && is_node_unit(rd_norm_at(c, i + 1)))
		c->t[i].used = c->t[i + 1].used = true;
}

static bool total_after(const struct ctx *c, size_t i)
{
	static const char *const tot[] = {"total", "overall", "altogether", "combined", "in-total", NULL};
	if (rd_is_any(c, i, tot))
		return true;
	if (rd_is(c, i, "in") && rd_is_any(c, i + 1, tot))
		return true;
	return false;
}

static bool per_node_before(const struct ctx *c, size_t num)
{
	/* "2 nodes of 4 GPUs", "4 nodes with 3 GPUs", "3 nodes @ 4 GPUs" */
	if (num >= 2 && (rd_is(c, num - 1, "of") || rd_is(c, num - 1, "with") || !strcmp(c->t[num - 1].raw, "@")) &&
	    is_node_unit(rd_norm_at(c, num - 2)))
		return true;
	/* the same in the other languages requests arrive in: "4 nodes à 4 GPU", "4 Knoten mit (je) 4 GPUs",
	 * "4 nodos con 4 GPUs", "8 noeuds avec 4 GPU", "2 nodi da 4 GPU", "4 узла по 2 GPU" */
	static const char *const per[] = {"à", "a", "mit", "je", "con", "avec", "de", "da", "\u043f\u043e" /* по */, NULL};
	if (num >= 2 && rd_is_any(c, num - 1, per) && !c->t[num - 2].trail) {
		size_t u = num - 2;
		if (rd_is(c, num - 1, "je") && u >= 1 && rd_is(c, u, "mit") && !c->t[u - 1].trail)
			u--;
		if (is_node_unit(rd_norm_at(c, u)))
			return true;
	}
	if (num >= 1 && c->t[num].start > 0 && c->text[c->t[num].start] == '@' && is_node_unit(rd_norm_at(c, num - 1)))
		return true; /* "3 nodes @4 GPUs" */
	/* "full node (8 GPUs)", "tam düğüm (8 GPU)": what one whole node holds */
	if (c->text[c->t[num].start] == '(' && num >= 2 && is_node_unit(rd_norm_at(c, num - 1)) &&
	    rd_is_any(c, num - 2, (const char *const[]){"full", "whole", "entire", "complete", "tam", "completo", "completos",
						       "complet", "complets", "ganze", "ganzen", "pieno", "pieni", "inteiro", NULL}))
		return true;
	if (c->text[c->t[num].start] == '(')
		return false; /* "(12 GPUs)" restates a total */
	/* Russian "по 4 GPU" and Polish/Czech "po 2 GPU" (so many GPUs each), also after the comma that closes
	 * the node count ("2 узла, по 4 GPU") */
	if (num >= 1 && (rd_is(c, num - 1, "\u043f\u043e") || (rd_is(c, num - 1, "po") && num >= 2 && is_node_unit(rd_norm_at(c, num - 2)))))
		return true;
	/* "Delta's A100 nodes have four GPUs", "the node has 4 GPUs" */
	if (num >= 2 && (rd_is(c, num - 1, "have") || rd_is(c, num - 1, "has") || rd_is(c, num - 1, "having")) &&
	    is_node_unit(rd_norm_at(c, num - 2)))
		return true;
	/* "nvidia-smi shows 4 GPUs", "rocm-smi on Frontier shows 8 GCDs": one node's (count_statements.c) */
	if (rd_shown_by_device_tool(c, num))
		return true;
	/* "each node has 4 GPUs", "each with 4 GPUs", "x 4 GPUs", "per node: 4 GPUs" */
	for (size_t k = 1; k <= 4 && k <= num; k++) {
		const char *w = rd_norm_at(c, num - k);
		if (rd_newline_between(c, num - k, num - k + 1))
			return false; /* a bullet ("* 15 GPUs") or the line before */
		if (rd_sentence_end_after(c, num - k))
			return false; /* "... 8 GPUs each? I need 16 GPUs": another sentence's "each" */
		if (!strcmp(w, "*") && (num - k == 0 || rd_newline_between(c, num - k - 1, num - k)))
			return false; /* a bullet ("* 15 GPUs"), not a product */
		size_t wl = strlen(w);
		if (!strcmp(w, "each") || !strcmp(w, "every") || !strcmp(w, "x") || !strcmp(w, "×") || !strcmp(w, "*") ||
		    strstr(w, "\u6bcf") /* 每, also inside a phrase: "上每个节点" */ || !strncmp(w, "\u5404", 3) || !strcmp(w, "\uac01") || !strcmp(w, "cada") ||
		    !strcmp(w, "chaque") || (wl >= 3 && !strcmp(w + wl - 3, "\ub2f9")) ||
		    (wl >= 9 && (!strcmp(w + wl - 9, "\u3042\u305f\u308a") || !strcmp(w + wl - 9, "\u5f53\u305f\u308a"))))
			/* 每, 各, 각, ...당, ...あたり, ...当たり: "每个节点 8 个 GPU", "各4GPU", "노드당 4 GPU", "노드 당 8 GCD",
			 * "ノードあたり4GPU" */
			return true;
		/* "per node: 4 GPUs", "per node 2 GPUs", "per-node 2 GPUs"; not the "per node" that closes a count
		 * before it ("4 GPUs per node, 16 GPUs total") */
		bool closes_before = num >= 3 && (c->t[num - 1].trail || is_gpu_unit(rd_norm_at(c, num - 3)) ||
						  rd_is(c, num - 3, "gpu") || c->t[num - 3].is_num);
		if ((k == 1 && (!strcmp(w, "per") || !strcmp(w, "per-node") || !strcmp(w, "pernode"))) ||
		    (k == 2 && !strcmp(w, "per") && is_node_unit(rd_norm_at(c, num - 1)) && !closes_before))
			return true;
		if (!strcmp(w, "and") || !strcmp(w, "across") || !strcmp(w, "over") || !strcmp(w, "total") ||
		    c->t[num - k].is_num)
			return false;
	}
	return false;
}

/* The same count restated in the other unit, after the GPU words at gpu_at ("6 GPUs each (12 tiles)",
 * "12 tiles (6 GPUs)", "4 MI250X (8 GCDs) per node", or after "=": "4x MI250X = 8 GCDs", "6 GPUs = 12
 * tiles", two devices a GPU as on Frontier and Aurora; "2 nodes x 4 MI250X = 16 GCDs" is a product, not
 * this): one count, the one in tiles or GCDs (what maple counts on those machines) wins, and "each" may
 * stand on either side. Updates *v and *after (past the restatement); true when "each" (or a per-node
 * word after the restatement) makes the count one of each node's. */
static bool restated_in_devices(struct ctx *c, int *v, double num, size_t gpu_at, size_t *after)
{
	static const char *const dev[] = {"tile", "tiles", "gcd", "gcds", NULL};
	size_t q = *after;
	bool each_mid = rd_is(c, q, "each") || rd_is(c, q, "apiece");
	if (each_mid)
		q++;
	bool eq = rd_is(c, q, "=") && q + 2 < c->n && c->t[q + 1].is_num && !c->t[q + 1].num_word && !c->t[q + 1].used &&
		  rd_is_any(c, q + 2, dev) && !rd_is_any(c, gpu_at, dev) && c->t[q + 1].num == 2 * num;
	if (eq)
		q++;
	if (!(q + 1 < c->n && (eq || c->text[c->t[q].start] == '(') && c->t[q].is_num && !c->t[q].used &&
	      is_gpuish(rd_norm_at(c, q + 1))))
		return false;
	/* the same devices counted twice as many or half as many ("6 GPUs (12 tiles)", "8 GCDs (4 MI250X)"), not
	 * another count in the aside ("48 GPUs (12 tiles per node)") */
	double d = c->t[q].num;
	if (!eq && d != num && d != 2 * num && 2 * d != num)
		return false;
	if (rd_is_any(c, q + 1, dev) && !rd_is_any(c, gpu_at, dev))
		*v = rd_as_count(c->t[q].num);
	c->t[q].used = true;
	size_t past = past_gpu_words(c, q + 1);
	if (each_mid || per_node_after(c, past)) {
		*after = past;
		return true;
	}
	return false;
}

static bool total_before(const struct ctx *c, size_t num)
{
	for (size_t k = 1; k <= 3 && k <= num; k++) {
		const char *w = rd_norm_at(c, num - k);
		if (!strcmp(w, "total") || !strcmp(w, "overall") || !strcmp(w, "altogether"))
			return true;
		if (c->t[num - k].is_num)
			return false;
	}
	return false;
}

/* The length of the multiplication sign that opens s ("x", "*", "×", "✕", "✖"), 0 when none. */
static size_t times_sign_len(const char *s)
{
	static const char *const wide[] = {"×", "✕", "✖", NULL};
	if (*s == 'x' || *s == '*')
		return 1;
	for (size_t k = 0; wide[k]; k++)
		if (!strncmp(s, wide[k], strlen(wide[k])))
			return strlen(wide[k]);
	return 0;
}

/* "2x4", "2×4": nodes x GPUs per node */
static bool read_product(struct ctx *c, size_t i)
{
	const char *w = c->t[i].norm;
	char *x;
	long a = strtol(w, &x, 10);
	if (x == w || !(*x == 'x' || !strncmp(x, "×", strlen("×")) || *x == '*'))
		return false;
	const char *rest = *x == 'x' || *x == '*' ? x + 1 : x + strlen("×");
	char *end;
	long b = strtol(rest, &end, 10);
	if (end == rest) {
		/* "8xA100", "4xH100": a count of GPUs by model */
		if (vocab_gpu_model(rest) || is_gpu_unit(rest) || !strcmp(rest, "gpu")) {
			/* "two nodes of 8xA100", "8xA100 per node", "one 8xH200 node" */
			if (per_node_after(c, i + 1) || per_node_before(c, i) ||
			    (i + 1 < c->n && is_node_unit(rd_norm_at(c, i + 1)) && i > 0 && c->t[i - 1].is_num))
				rd_say_gpn(c, (int)a, i, i + 1);
			else
				rd_say_total(c, (int)a, i, i);
			c->t[i].used = true;
			return true;
		}
		return false;
	}
	if (*end)
		return false;
	/* "512x512 images", "224x224 crops": a size, not nodes x GPUs */
	static const char *const sizes[] = {"images", "image", "pixels", "px", "resolution", "crops", "patches", "input",
					    "inputs", "frames", "res", "matrix", "matrices", "grid", NULL};
	if ((i + 1 < c->n && rd_is_any(c, i + 1, sizes)) || (a == b && a >= 32) || a > 4096 || b > 64)
		return false;
	rd_say_nodes(c, (int)a, i, i);
	rd_say_gpn(c, (int)b, i, i);
	c->t[i].used = true;
	return true;
}

/* The node word at most three words after `from`, past GPU models and adjectives ("A100 nodes",
 * "nodes"); 0 when there is none. */
static size_t node_word_after(const struct ctx *c, size_t from)
{
	for (size_t j = from; j < c->n && j <= from + 2; j++) {
		const char *w = rd_norm_at(c, j);
		if (is_node_unit(w))
			return j;
		if (c->t[j - 1].trail || !(vocab_gpu_model(w) || is_gpu_unit(w) || rd_in_list(w, rd_count_adjectives)))
			return 0;
	}
	return 0;
}

/* "4-GPU nodes", "4-GPU A100 nodes" after the count at k: the node word's index, 0 when none. */
static size_t node_after_per_node_gpus(const struct ctx *c, size_t k)
{
	if (k + 2 >= c->n || !is_gpuish(rd_norm_at(c, k + 1)))
		return 0;
	return node_word_after(c, k + 2);
}

/* The GPUs of the node a size word describes: "8-GPU" / "8 GPU" / "8-way" (the number said, with the
 * tokens it takes in *len), or a GPU model ("H200": the GPUs per node of the node type it picks). 0: none. */
static int node_size_word(const struct ctx *c, size_t k, size_t *len)
{
	const char *w = rd_norm_at(c, k);
	*len = 1;
	if (!w[0])
		return 0;
	char *end;
	long n = strtol(w, &end, 10);
	if (end != w && n >= 2 && n <= 64 &&
	    (!strcmp(end, "-gpu") || !strcmp(end, "gpu") || !strcmp(end, "-way") || !strcmp(end, "-gcd")))
		return (int)n;
	if (c->t[k].is_num && !c->t[k].num_word && c->t[k].num >= 2 && c->t[k].num <= 64 && !c->t[k].trail &&
	    (rd_is(c, k + 1, "gpu") || rd_is(c, k + 1, "-gpu") || rd_is(c, k + 1, "way"))) {
		*len = 2;
		return (int)c->t[k].num;
	}
	const char *m = vocab_gpu_model(w);
	if (m && c->cluster) {
		const struct node_type *nt = cluster_node_type(c->cluster, NULL, m, NULL);
		return nt ? nt->hw.gpus_per_node : 0;
	}
	return 0;
}

/* "half a node" (half the node's GPUs on one node), "N of the M GPUs" (N GPUs of a node), "zero GPUs",
 * "4 nodes with 3 each", "3 per node" (a per-node count without its unit). */
static void read_node_shares(struct ctx *c)
{
	int G = c->cluster ? c->cluster->hw.gpus_per_node : 0;
	for (size_t i = 0; i < c->n; i++) {
		struct tok *t = &c->t[i];
		if (t->used || t->source || t->neg)
			continue;
		/* "half a Frontier node": the cluster's name between is skipped */
		bool art = rd_is(c, i + 1, "a") || rd_is(c, i + 1, "an");
		/* "half an Aurora node", "half an A100 node", "half an 8-GPU node": the cluster's name, the GPU
		 * model or the node's size between; a size or model gives the node's GPUs (half an H200 node on
		 * Delta is 4 GPUs, half its default A100 node 2) */
		size_t cl = 0;
		int size = 0;
		while (art && rd_is(c, i, "half") && i + 2 + cl < c->n) {
			size_t len;
			int g = node_size_word(c, i + 2 + cl, &len);
			if (g) {
				size = size ? size : g;
				cl += len;
			} else if (c->t[i + 2 + cl].cluster) {
				cl++;
			} else {
				break;
			}
		}
		if (cl && rd_is(c, i, "half") && is_node_unit(rd_norm_at(c, i + 2 + cl))) {
			int g = size ? size : G;
			rd_say_nodes(c, 1, i, i + 2 + cl);
			if (g >= 2)
				rd_say_gpn(c, g / 2, i, i + 2 + cl);
			for (size_t k = i; k <= i + 2 + cl; k++)
				c->t[k].used = true;
			continue;
		}
		if (rd_is(c, i, "half") && ((art && is_node_unit(rd_norm_at(c, i + 2))) ||
					    (rd_is(c, i + 1, "of") && rd_is(c, i + 2, "a") && is_node_unit(rd_norm_at(c, i + 3))) ||
					    is_node_unit(rd_norm_at(c, i + 1)))) {
			size_t e = i + (rd_is(c, i + 1, "of") ? 3 : art ? 2 : 1);
			rd_say_nodes(c, 1, i, e);
			if (G >= 2)
				rd_say_gpn(c, G / 2, i, e);
			for (size_t k = i; k <= e; k++)
				c->t[k].used = true;
			continue;
		}
		/* "half its GPUs", "half the GPUs", "half of the node's GPUs": half of one node's GPUs */
		if (rd_is(c, i, "half") && G >= 2) {
			size_t k = i + 1;
			if (rd_is(c, k, "of"))
				k++;
			static const char *const whose[] = {"its", "the", "their", "a", "one", "each", "every", NULL};
			if (rd_is_any(c, k, whose))
				k++;
			if (rd_is(c, k, "node's") || rd_is(c, k, "nodes") || rd_is(c, k, "node"))
				k++;
			if (k < c->n && k > i + 1 && (is_gpu_unit(rd_norm_at(c, k)) || rd_is(c, k, "gpu"))) {
				rd_say_gpn(c, G / 2, i, k);
				for (size_t q = i; q <= k; q++)
					c->t[q].used = true;
				continue;
			}
		}
		/* "5 of those nodes", "3 of these Polaris nodes": a count of nodes like the one shown */
		if (t->is_num && !t->num_word && rd_is(c, i + 1, "of") &&
		    (rd_is(c, i + 2, "those") || rd_is(c, i + 2, "these") || rd_is(c, i + 2, "the"))) {
			size_t k = i + 3;
			while (k < c->n && k < i + 6 && (c->t[k].cluster || vocab_gpu_model(c->t[k].norm)))
				k++;
			if (k < c->n && is_node_unit(c->t[k].norm)) {
				rd_say_nodes(c, rd_as_count(t->num), i, k);
				for (size_t q = i; q <= k; q++)
					c->t[q].used = true;
				continue;
			}
			/* "4 of these GPUs per node", "2 of those H100s on each node": GPUs of the node shown (a
			 * model's plural, "A100s", is its own unit) */
			if (k > i + 3 && k <= c->n && is_gpuish(c->t[k - 1].norm) && !(k < c->n && is_gpuish(c->t[k].norm)))
				k--;
			if (k < c->n && is_gpuish(c->t[k].norm)) {
				size_t e = k;
				if (rd_is(c, k + 1, "per") && is_node_unit(rd_norm_at(c, k + 2)))
					e = k + 2;
				else if (rd_is(c, k + 1, "on") && rd_is(c, k + 2, "each") && is_node_unit(rd_norm_at(c, k + 3)))
					e = k + 3;
				if (e > k) {
					rd_say_gpn(c, rd_as_count(t->num), i, e);
					for (size_t q = i; q <= e; q++)
						c->t[q].used = true;
					continue;
				}
			}
		}
		/* "GH200 nodes, 4 of them": the count of the unit named just before */
		if (t->is_num && !t->num_word && rd_is(c, i + 1, "of") && rd_is(c, i + 2, "them") && i > 0) {
			for (size_t k = i; k-- > 0 && k + 6 >= i;) {
				if (c->t[k].is_num || (c->t[k].used && !c->t[k].cluster))
					break;
				if (is_node_unit(c->t[k].norm)) {
					rd_say_nodes(c, rd_as_count(t->num), k, i + 2);
					t->used = c->t[k].used = true;
					break;
				}
				if (is_gpuish(c->t[k].norm)) {
					rd_say_total(c, rd_as_count(t->num), k, i + 2);
					t->used = c->t[k].used = true;
					break;
				}
			}
			if (t->used)
				continue;
		}
		/* "2 of 4 GPUs", "6 of the 12 tiles", "4 of the 8 V100s": the first number is what is used */
		if (t->is_num && !t->num_word && rd_is(c, i + 1, "of")) {
			size_t k = i + 2;
			if (rd_is(c, k, "the") || rd_is(c, k, "its") || rd_is(c, k, "all"))
				k++;
			size_t u = k + 1; /* "2 of the 4 Max 1550 GPUs": the model before its unit */
			if (u + 1 < c->n && vocab_gpu_model(rd_norm_at(c, u)) &&
			    (is_gpu_unit(rd_norm_at(c, u + 1)) || rd_is(c, u + 1, "gpu")) && !c->t[u].trail)
				u++;
			if (u < c->n && c->t[k].is_num && (is_gpu_unit(rd_norm_at(c, u)) || rd_is(c, u, "gpu")) &&
			    !node_word_after(c, u + 1)) { /* "2 of the 4-GPU nodes" counts nodes */
				rd_say_gpn(c, rd_as_count(t->num), i, u);
				for (size_t q = k; q <= u; q++)
					c->t[q].used = true;
				t->used = true;
				continue;
			}
		}
		/* "zero GPUs", "zero nodes" (ZeRO, DeepSpeed's, is followed by a stage, never by a unit) */
		if (!strcmp(t->norm, "zero") && i + 1 < c->n) {
			const char *u = rd_norm_at(c, i + 1);
			if (is_node_unit(u))
				rd_say_nodes(c, 0, i, i + 1), t->used = true;
			else if (is_gpu_unit(u) || !strcmp(u, "gpu"))
				rd_say_total(c, 0, i, i + 1), t->used = true;
			continue;
		}
		/* "all four GPUs", "all 8 V100 per node": the node's GPUs */
		if (rd_is(c, i, "all") && i + 2 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word &&
		    (is_gpu_unit(rd_norm_at(c, i + 2)) || rd_is(c, i + 2, "gpu"))) {
			rd_say_gpn(c, rd_as_count(c->t[i + 1].num), i, i + 2);
			c->t[i + 1].used = c->t[i + 2].used = true;
			continue;
		}
		/* "A100x8" (read as "A100" "x8" from one word): the GPUs of each node */
		if (t->norm[0] == 'x' && isdigit((unsigned char)t->norm[1]) && i > 0 && c->t[i - 1].start == t->start &&
		    vocab_gpu_model(c->t[i - 1].norm)) {
			char *end = NULL;
			long v = strtol(t->norm + 1, &end, 10);
			if (end && !*end && v > 0 && v < 100) {
				rd_say_gpn(c, (int)v, i - 1, i);
				t->used = true;
				continue;
			}
		}
		/* "x2 nodes", "×2 nodes" */
		size_t sl = times_sign_len(t->norm);
		if (sl && isdigit((unsigned char)t->norm[sl]) && i + 1 < c->n && is_node_unit(rd_norm_at(c, i + 1))) {
			char *end = NULL;
			long v = strtol(t->norm + sl, &end, 10);
			if (end && !*end && v > 0 && v < 100000) {
				rd_say_nodes(c, (int)v, i, i + 1);
				t->used = c->t[i + 1].used = true;
				continue;
			}
		}
		/* "2x nodes", "3x A100 nodes", "2× full nodes": a multiplier written before the nodes (and their
		 * GPU model or "full"/"whole"); not after a count of the nodes ("one 8x H200 node": 8 GPUs each) */
		size_t tl = strlen(t->norm), dl = strspn(t->norm, "0123456789");
		/* after "a", "an", "one" or nothing countable */
		bool one_before = !(i > 0 && c->t[i - 1].is_num) || c->t[i - 1].num == 1;
		if (dl >= 1 && dl <= 5 && tl > dl && times_sign_len(t->norm + dl) == tl - dl && one_before) {
			size_t j = i + 1;
			while (j < c->n && j < i + 3 &&
			       (vocab_gpu_model(c->t[j].norm) || rd_is(c, j, "full") || rd_is(c, j, "whole")))
				j++;
			long v = strtol(t->norm, NULL, 10);
			/* "an 8x A100 node", "8x V100-32GB node": the node said in the singular after a GPU model is
			 * one node that holds that many of them (as "a 4-GPU node"), not a count of nodes */
			if (j < c->n && j > i + 1 && rd_is(c, j, "node") && vocab_gpu_model(c->t[j - 1].norm) && v > 1 && v <= 64) {
				rd_say_gpn(c, (int)v, i, j - 1);
				if (!c->nodes)
					rd_say_nodes(c, 1, i, j);
				t->used = c->t[j].used = true;
				continue;
			}
			/* (after a count, "one 8x H200 nodes", it is no multiplier of the nodes) */
			if (!(i > 0 && c->t[i - 1].is_num) && j < c->n && is_node_unit(rd_norm_at(c, j)) && v > 0 && v < 100000) {
				rd_say_nodes(c, (int)v, i, j);
				t->used = c->t[j].used = true;
				continue;
			}
		}
		/* "full nodes x3", "nodes ×3", "nodes × 3" */
		/* (not "2 nodes x 4": nodes times GPUs per node) */
		size_t nl = i + 1 < c->n && !(i > 0 && c->t[i - 1].is_num) ? times_sign_len(c->t[i + 1].norm) : 0;
		if (is_node_unit(t->norm) && nl && isdigit((unsigned char)c->t[i + 1].norm[nl])) {
			rd_say_nodes(c, atoi(c->t[i + 1].norm + nl), i, i + 1);
			c->t[i + 1].used = true;
			continue;
		}
		if (is_node_unit(t->norm) && nl && !c->t[i + 1].norm[nl] && i + 2 < c->n && c->t[i + 2].is_num &&
		    !c->t[i + 2].num_word && !c->t[i + 2].used && c->t[i + 2].num >= 1 && c->t[i + 2].num <= 100000 &&
		    !is_gpuish(rd_norm_at(c, i + 3)) && /* not "nodes x 4 GPUs" */
		    (i + 3 >= c->n || (c->t[i + 3].start != c->t[i + 2].start && !duration_unit(rd_norm_at(c, i + 3))))) {
			/* not "25 nodes x 6h = 150 node-hours" */
			rd_say_nodes(c, rd_as_count(c->t[i + 2].num), i, i + 2);
			c->t[i + 1].used = c->t[i + 2].used = true;
			continue;
		}
		/* "4 × full node", "3 x whole nodes" */
		if (t->is_num && !t->num_word && i + 3 < c->n && times_sign_len(c->t[i + 1].norm) &&
		    !c->t[i + 1].norm[times_sign_len(c->t[i + 1].norm)] && (rd_is(c, i + 2, "full") || rd_is(c, i + 2, "whole")) &&
		    is_node_unit(rd_norm_at(c, i + 3))) {
			rd_say_nodes(c, rd_as_count(t->num), i, i + 3);
			t->used = c->t[i + 1].used = c->t[i + 3].used = true;
			continue;
		}
		/* "4 nodes with 3 each", "I only get 3 per node": a count per node without its unit */
		if (t->is_num && !t->num_word && t->num >= 1 && t->num <= 16 &&
		    (rd_is(c, i + 1, "each") || rd_is(c, i + 1, "apiece") ||
		     (rd_is(c, i + 1, "per") && is_node_unit(rd_norm_at(c, i + 2)))) &&
		    i > 0 && (!is_node_unit(rd_norm_at(c, i - 1)) || c->t[i - 1].trail) && !c->t[i - 1].is_num) {
			static const char *const not_gpus[] = {"batch", "bs", "workers", "epochs", "steps", "tasks", "cpus", "cores",
							       "threads", NULL};
			if (!rd_is_any(c, i - 1, not_gpus) && (rd_is(c, i - 1, "with") || rd_is(c, i - 1, "get") ||
							      rd_is(c, i - 1, "all") || /* "sorry, all 4 per node" */
							      rd_is(c, i - 1, "using") || rd_is(c, i - 1, "and") ||
							      /* "3 nodes, 2 per node", "No wait: 2 per node" */
							      c->t[i - 1].trail == ',' || c->t[i - 1].trail == ':' ||
							      rd_sentence_end_after(c, i - 1))) {
				rd_say_gpn(c, rd_as_count(t->num), i, i + 1);
				t->used = true;
			}
		}
	}
}

/* A list of "unit number" items: "cluster Bridges2, node 1, gpu 8, hour 4" (the number after its unit,
 * each item closed by a comma or the end). */
static void read_unit_first_items(struct ctx *c)
{
	for (size_t i = 0; i + 1 < c->n; i++) {
		struct tok *t = &c->t[i], *v = &c->t[i + 1];
		if (t->used || v->used || !v->is_num || v->num_word || t->source || t->neg)
			continue;
		/* an item opens the text, a clause, or follows the cluster's name or a word that introduces the
		 * job's shape ("polaris nodes 2, ...", "perlmutter with nodes 2", "polaris job -> nodes 2") */
		static const char *const intro[] = {"with", "job", "->", "=>", "using", "and", "but", "except", "want",
						    "need", "needs", "use", "now", "then", "so", "also", "plus", "just", "only",
						    "request", "requesting", "asking", NULL};
		bool opens = i == 0 || c->t[i - 1].trail == ',' || c->t[i - 1].trail == ';' || c->t[i - 1].trail == ':' ||
			     rd_sentence_end_after(c, i - 1) || (c->t[i - 1].cluster && !c->t[i - 1].source) ||
			     rd_is_any(c, i - 1, intro);
		/* and ends at a comma, the end, or before a word that does not continue the count ("nodes 2
		 * train.py", "nodes 2 2h"; not "gpus 8 per node", "nodes 2 hours") */
		static const char *const goes_on[] = {"per", "each", "every", "x", "times", "of", "a", "an", "/", NULL};
		const char *nx = i + 2 < c->n ? c->t[i + 2].norm : "";
		bool closes = v->trail == ',' || v->trail == ';' || rd_sentence_end_after(c, i + 1) || i + 2 >= c->n ||
			      (!rd_is_any(c, i + 2, goes_on) && !is_gpuish(nx) && !is_node_unit(nx) && !duration_unit(nx));
		/* "GPUs 2 per node", "gpus 2 each", "GPUs 2 (per node)": the count per node, said unit first */
		bool gpu_word = !strcmp(t->norm, "gpu") || !strcmp(t->norm, "gpus");
		size_t per_end = 0;
		if (gpu_word && !v->trail && i + 2 < c->n) {
			if (rd_is(c, i + 2, "each"))
				per_end = i + 2;
			else if ((rd_is(c, i + 2, "per") || rd_is(c, i + 2, "a")) && is_node_unit(rd_norm_at(c, i + 3)))
				per_end = i + 3;
		}
		if (per_end && opens && !t->trail && v->num >= 1) {
			rd_say_gpn(c, rd_as_count(v->num), i, per_end);
			for (size_t k = i; k <= per_end; k++)
				c->t[k].used = true;
			continue;
		}
		if (!opens || !closes || t->trail)
			continue;
		/* "GPU 0 has a total capacity of 39.39 GiB", "node 3 failed": a device or node named by its index
		 * (a quoted error's words), not a count */
		static const char *const index_verbs[] = {"has", "is", "was", "had", "ran", "failed", "shows", "reports",
							  "reported", "died", "crashed", "hit", "hung", "raised", NULL};
		if (v->num < 1 || ((!strcmp(t->norm, "gpu") || !strcmp(t->norm, "node")) && rd_is_any(c, i + 2, index_verbs)))
			continue;
		int n = rd_as_count(v->num);
		if (is_node_unit(t->norm))
			rd_say_nodes(c, n, i, i + 1);
		else if (!strcmp(t->norm, "gpu") || !strcmp(t->norm, "gpus") || !strcmp(t->norm, "gpu/node") ||
			 !strcmp(t->norm, "gpus/node"))
			rd_say_total(c, n, i, i + 1); /* as a form's "GPUs: 8" */
		else
			continue;
		t->used = v->used = true;
	}
}

/* A count after what it counts and a times sign: "Vista GH200 x 4", "delta A40 x 8" (GPUs in total),
 * "80GB A100 nodes (hbm80g) x 4" (nodes); a parenthesis between them is skipped. Not "2 x 4 GPUs" (a
 * product, read_product) nor "x 4 GPUs" (the count's own unit follows). */
static void read_times_after_unit(struct ctx *c)
{
	for (size_t i = 1; i + 1 < c->n; i++) {
		struct tok *x = &c->t[i], *v = &c->t[i + 1];
		if (!(rd_is(c, i, "x") || rd_is(c, i, "×") || !strcmp(x->raw, "*")) || !v->is_num || v->num_word || v->used ||
		    x->used || v->source || v->num < 1 || v->num != floor(v->num) || c->t[i - 1].is_num)
			continue;
		if (i + 2 < c->n && !v->trail && (is_gpuish(c->t[i + 2].norm) || is_node_unit(c->t[i + 2].norm) ||
						  duration_unit(c->t[i + 2].norm)))
			continue;
		size_t h = i - 1; /* the counted word, past "(hbm80g)" */
		if (c->t[h].trail == ')' || strchr(c->t[h].raw, ')')) {
			size_t q = h;
			while (q > 0 && c->text[c->t[q].start] != '(' && !strchr(c->t[q].raw, '('))
				q--;
			if (q == 0 || i - q > 6)
				continue;
			h = q - 1;
		}
		if (c->t[h].trail || (h > 0 && c->t[h - 1].is_num) || (i + 2 < c->n && vocab_gpu_model(c->t[i + 2].norm)))
			continue; /* "2 nodes x 4", "3 nodes × 2": a product (GPUs per node); "x 6 PVC GPUs" */
		int n = rd_as_count(v->num);
		if (is_node_unit(c->t[h].norm))
			rd_say_nodes(c, n, h, i + 1);
		else if (vocab_gpu_model(c->t[h].norm) || is_gpu_unit(c->t[h].norm) || rd_is(c, h, "gpu"))
			rd_say_total(c, n, h, i + 1);
		else
			continue;
		x->used = v->used = true;
	}
}

/* A correction with a bare number: "3 nodes... actually make it 6", "make it 4 ... ok 4 then". The number
 * takes the unit of the nearest count stated before it. */
static void read_bare_corrections(struct ctx *c)
{
	for (size_t i = 1; i < c->n; i++) {
		struct tok *t = &c->t[i];
		if (!t->is_num || t->num_word || t->used || t->source || t->neg || t->num < 1 || t->num > 100000)
			continue;
		bool cue = c->t[i - 1].corr_cue || (i >= 2 && c->t[i - 2].corr_cue && (rd_is(c, i - 1, "it") || rd_is(c, i - 1, "to")));
		bool then = rd_is(c, i + 1, "then");
		if (!(cue && t->corr > 0) && !then)
			continue;
		if (i + 1 < c->n && !then && !c->t[i].trail && !rd_sentence_end_after(c, i) &&
		    (duration_unit(c->t[i + 1].norm) || is_gpuish(c->t[i + 1].norm) || is_node_unit(c->t[i + 1].norm) ||
		     isalpha((unsigned char)c->t[i + 1].norm[0])))
			continue; /* "make it 12 hours", "make it 4 A100s": the unit is there (or another noun) */
		int kind = 0;
		double old_count = 0, old_time = 0;
		for (size_t k = i; k-- > 0 && !kind;) {
			/* the last time said before it, in its own unit ("30 min", "2h") */
			if (!old_time && duration_unit(c->t[k].norm) && k > 0 && c->t[k - 1].is_num && !c->t[k].source)
				old_time = c->t[k - 1].num;
			if (!c->t[k].used || c->t[k].source)
				continue;
			if (is_node_unit(c->t[k].norm))
				kind = 1;
			else if (is_gpuish(c->t[k].norm))
				kind = c->gpn_rank != RK_NONE && c->total_rank == RK_NONE ? 2 : 3;
			if (kind && k > 0 && c->t[k - 1].is_num)
				old_count = c->t[k - 1].num;
		}
		/* "4 nodes, 30 min... make it 60": a time said after the count, and nearer in size to the number
		 * than the count is, is what the number changes (a time's correction: not read here) */
		if (kind && old_time > 0 && old_count > 0) {
			double rt = t->num > old_time ? t->num / old_time : old_time / t->num;
			double rc = t->num > old_count ? t->num / old_count : old_count / t->num;
			if (rt < rc)
				continue;
		}
		int v = rd_as_count(t->num);
		if (kind == 1)
			rd_say_nodes(c, v, i, i);
		else if (kind == 2)
			rd_say_gpn(c, v, i, i);
		else if (kind == 3)
			rd_say_total(c, v, i, i);
		else
			continue;
		t->used = true;
	}
}

/* Whether a line break stands between tokens a and b. */
static bool line_between(const struct ctx *c, size_t a, size_t b)
{
	return memchr(c->text + c->t[a].end, '\n', c->t[b].start - c->t[a].end) != NULL;
}

/* A chat transcript's question and the reply that answers it with a bare number:
 * "assistant: How many nodes?\nuser: 4, for 2 hours" (4 nodes), "How many GPUs per node?\n> 2". */
static void read_answered_counts(struct ctx *c)
{
	static const char *const roles[] = {"user", "me", "human", "you", "i", "researcher", NULL};
	for (size_t i = 0; i + 2 < c->n; i++) {
		if (!rd_is(c, i, "how") || !rd_is(c, i + 1, "many"))
			continue;
		const char *unit = rd_norm_at(c, i + 2);
		bool nodes = is_node_unit(unit), gpus = is_gpuish(unit);
		size_t q = i + 2; /* the question's last word */
		bool per_node = gpus && rd_is(c, i + 3, "per") && is_node_unit(rd_norm_at(c, i + 4));
		if (per_node)
			q = i + 4;
		else if (gpus && (rd_is(c, i + 3, "in") && rd_is(c, i + 4, "total")))
			q = i + 4;
		/* the question may go on past its unit: "How many nodes do you need?", "... will you use?" */
		for (size_t e = q; c->t[q].trail != '?' && e + 1 < c->n && e < q + 6 && !line_between(c, e, e + 1) &&
				   !c->t[e].trail && !c->t[e + 1].is_num;)
			if (c->t[++e].trail == '?')
				q = e;
		if ((!nodes && !gpus) || c->t[q].trail != '?' || q + 1 >= c->n)
			continue;
		/* the reply: the first word on a later line, past a speaker's name ("user:") */
		size_t k = q + 1;
		if (!line_between(c, q, k))
			continue;
		if (rd_is_any(c, k, roles) && c->t[k].trail == ':')
			k++;
		if (k >= c->n)
			continue;
		struct tok *v = &c->t[k];
		bool bare = v->is_num && !v->num_word && !v->used && !v->source && !v->neg && v->num >= 1 && v->num <= 100000 &&
			    (v->trail || k + 1 >= c->n || line_between(c, k, k + 1) ||
			     !(is_node_unit(rd_norm_at(c, k + 1)) || is_gpuish(rd_norm_at(c, k + 1)) ||
			       duration_unit(rd_norm_at(c, k + 1))));
		if (!bare)
			continue;
		int n = rd_as_count(v->num);
		if (nodes)
			rd_say_nodes(c, n, k, k);
		else if (per_node)
			rd_say_gpn(c, n, k, k);
		else
			rd_say_total(c, n, k, k);
		v->used = true;
	}
}

/* "2 of the 4-way A100 nodes", "two 8-way nodes", "a 4-way node": an N-way node has N GPUs ("8-way
 * tensor parallelism" is no node and counts nothing). */
static void read_n_way_nodes(struct ctx *c)
{
	for (size_t k = 0; k < c->n; k++) {
		struct tok *t = &c->t[k];
		size_t d = strspn(t->norm, "0123456789");
		if (t->used || t->source || t->neg || !d || d > 3 || strcmp(t->norm + d, "-way") || t->trail)
			continue;
		size_t u = node_word_after(c, k + 1);
		if (!u)
			continue;
		rd_say_gpn(c, atoi(t->norm), k, k + 1);
		t->used = true;
		size_t n = k;
		if (n >= 3 && rd_is(c, n - 1, "the") && rd_is(c, n - 2, "of"))
			n -= 2; /* "2 of the 4-way nodes" */
		if (n > 0 && c->t[n - 1].is_num && !c->t[n - 1].used && !c->t[n - 1].trail) {
			rd_say_nodes(c, rd_as_count(c->t[n - 1].num), n - 1, u + 1);
			c->t[n - 1].used = true;
		} else if (!strcmp(rd_norm_at(c, u), "node") && !c->nodes) {
			rd_say_nodes(c, 1, k, u + 1);
		}
		c->t[u].used = true;
	}
}

/* Whether the node word at j is followed by what happened to a node or how it is ("one node is flaky",
 * "a node keeps crashing", "two nodes died", "one node was down"): a report about nodes, not the job's
 * size ("2 nodes is enough", "one node is fine" stay counts). */
static bool node_state_after(const struct ctx *c, size_t j)
{
	static const char *const be[] = {"is", "was", "were", "are", "seems", "seemed", "looks", "looked", "keeps",
					 "kept", "went", "goes", "got", "gets", "been", "has", "have", "had", "became",
					 "always", "randomly", "sometimes", "then", "just", "probably", "often", NULL};
	static const char *const state[] = {"flaky", "bad", "broken", "down", "dead", "faulty", "failing", "unhealthy",
					    "hung", "hanging", "stuck", "misbehaving", "drained", "draining", "offline",
					    "unreachable", "sick", "busted", "died", "dies", "dying", "failed", "fails",
					    "crashed", "crashes", "crashing", "hangs", "rebooted", "rebooting", "dropped",
					    "disappeared", "degraded", "flaked", "oomed", "timed", "segfaulted", "xid",
					    "erroring", "errored", "wedged", NULL};
	size_t k = j + 1;
	for (int hop = 0; hop < 2 && k < c->n && !c->t[k - 1].trail && rd_is_any(c, k, be); hop++)
		k++;
	return k < c->n && !c->t[k - 1].trail && rd_is_any(c, k, state);
}

/* "4 GCDs per node (i.e. 2 of the 4 MI250X)", "12 tiles per node (6 GPUs)": an aside right after a count
 * of the devices maple counts (GCDs, tiles) that counts the same hardware in cards says it again; its
 * numbers are no statements. */
static void skip_card_asides(struct ctx *c)
{
	static const char *const dev[] = {"gcd", "gcds", "tile", "tiles", NULL};
	for (size_t i = 1; i < c->n; i++) {
		if (c->text[c->t[i].start] != '(' || c->t[i].used)
			continue;
		bool after_dev = false;
		for (size_t k = i; k > 0 && i - k < 5 && !after_dev; k--) {
			if (rd_sentence_end_after(c, k - 1) && k < i)
				break;
			after_dev = rd_is_any(c, k - 1, dev) && k >= 2 && c->t[k - 2].is_num;
		}
		if (!after_dev)
			continue;
		size_t e = i;
		while (e < c->n && e < i + 12 && c->t[e].trail != ')' &&
		       !memchr(c->text + c->t[e].start, ')', c->t[e].end - c->t[e].start))
			e++;
		if (e >= c->n || e >= i + 12)
			continue;
		bool cards = false;
		for (size_t k = i; k <= e && !cards; k++)
			cards = (vocab_gpu_model(c->t[k].norm) || is_gpu_unit(c->t[k].norm) || rd_is(c, k, "gpu")) &&
				!rd_is_any(c, k, dev);
		if (!cards)
			continue;
		for (size_t k = i; k <= e; k++)
			c->t[k].used = true;
		i = e;
	}
}

void rd_read_counts(struct ctx *c)
{
	rd_fence_source_command(c);
	skip_card_asides(c);
	read_answered_counts(c);
	rd_read_hostfiles(c);
	rd_read_count_references(c);
	read_unit_first_items(c);
	read_times_after_unit(c);
	read_node_shares(c);
	read_n_way_nodes(c);
	rd_read_count_flags(c);
	for (size_t i = 0; i < c->n; i++) {
		struct tok *t = &c->t[i];
		if (t->used)
			continue;
		if (read_product(c, i))
			continue;
		/* "4x A100", "8x H100" */
		size_t l = strlen(t->norm);
		if (l >= 2 && t->norm[l - 1] == 'x' && isdigit((unsigned char)t->norm[0]) && i + 1 < c->n &&
		    is_gpuish(rd_norm_at(c, i + 1))) {
			int v = atoi(t->norm);
			size_t after = past_gpu_words(c, i + 1);
			bool each_mid = restated_in_devices(c, &v, atoi(t->norm), i + 1, &after);
			if (each_mid || per_node_after(c, after) || per_node_before(c, i))
				rd_say_gpn(c, v, i, after), used_per_node_words(c, after);
			else
				rd_say_total(c, v, i, i + 1);
			continue;
		}
		if (!t->is_num)
			continue;
		/* "2 x 4 GPUs" */
		/* (on one line: not a list's "* 3 epochs" under "batch size 256") */
		if ((rd_is(c, i + 1, "x") || rd_is(c, i + 1, "×") || rd_is(c, i + 1, "*")) && i + 2 < c->n && c->t[i + 2].is_num &&
		    !rd_newline_between(c, i, i + 1) && !rd_newline_between(c, i + 1, i + 2) &&
		    !is_node_unit(rd_norm_at(c, i + 3)) && (is_gpuish(rd_norm_at(c, i + 3)) || i + 3 >= c->n || !c->nodes) &&
		    !rd_is_any(c, i + 3, (const char *const[]){"gb", "gib", "tb", "mb", "g", "gigabytes", "gbs", NULL})) {
			/* not "2 x 40 GB": memory */
			rd_say_nodes(c, rd_as_count(t->num), i, i + 2);
			rd_say_gpn(c, rd_as_count(c->t[i + 2].num), i, i + 3);
			t->used = c->t[i + 2].used = true;
			continue;
		}
		/* number [adjectives] unit */
		size_t j = i + 1, of_end = 0;
		bool saw_gpu = false;
		size_t gpu_at = 0;
		/* "make it six, full GPUs on each": a comma after the number closes it (no unit follows) */
		while (j < c->n && j <= i + (of_end ? 6 : 4) && t->trail != ',' && t->trail != ';') {
			/* (not across a line's end or a closing parenthesis: "(uid 51234, group 8812)\nBridges-2 GPU
			 * partition") */
			if (rd_newline_between(c, j - 1, j) ||
			    memchr(c->text + c->t[j - 1].start, ')', c->t[j - 1].end - c->t[j - 1].start))
				break;
			const char *w = rd_norm_at(c, j);
			if (is_node_unit(w)) {
				/* "a 4-GPU node", "on 8-GPU nodes x 2": the number written onto its GPU word counts
				 * the GPUs of each node; a node said in the singular is one */
				if (saw_gpu && gpu_at == i + 1 && c->t[gpu_at].start == t->start && !t->num_word) {
					rd_say_gpn(c, rd_as_count(t->num), i, gpu_at);
					if ((rd_is(c, j + 1, "x") || rd_is(c, j + 1, "×")) && j + 2 < c->n && c->t[j + 2].is_num &&
					    !c->t[j + 2].used) { /* "4-GPU nodes x 2" */
						rd_say_nodes(c, rd_as_count(c->t[j + 2].num), j, j + 2);
						c->t[j + 2].used = true;
					} else if (!c->nodes && !strcmp(w, "node")) {
						rd_say_nodes(c, 1, i, j);
					}
					t->used = c->t[j].used = true;
					goto next;
				}
				if (node_state_after(c, j)) { /* "I think one node is flaky": a node's health, no size */
					t->used = c->t[j].used = true;
					goto next;
				}
				bool named = false; /* "a whole Frontier node" */
				for (size_t k = i + 1; k < j; k++)
					named = named || c->t[k].cluster;
				if (t->num_word && j > i + 2 && !saw_gpu && !named)
					break;
				int v = rd_as_count(t->num);
				rd_say_nodes(c, v, i, j);
				t->used = c->t[j].used = true;
				/* "3 nodes × 2", "2 nodes x 4,": the GPUs of each node after the sign (not "x 6h") */
				size_t xl = j + 2 < c->n ? times_sign_len(c->t[j + 1].norm) : 0;
				if (xl && !c->t[j + 1].norm[xl] && !c->t[j].trail && !rd_newline_between(c, j, j + 1) &&
				    !rd_newline_between(c, j + 1, j + 2) && c->t[j + 2].is_num && !c->t[j + 2].num_word &&
				    !c->t[j + 2].used && c->t[j + 2].num >= 1 && c->t[j + 2].num <= 16 &&
				    (j + 3 >= c->n || c->t[j + 2].trail || rd_sentence_end_after(c, j + 2))) {
					/* (with a unit after it, "2 nodes × 4 MI250X = 16 GCDs", the GPU readers read it) */
					rd_say_gpn(c, rd_as_count(c->t[j + 2].num), j + 1, j + 2);
					c->t[j + 1].used = c->t[j + 2].used = true;
				}
				/* "two 4-GPU nodes": the GPU count in between is per node */
				for (size_t k = i + 1; k < j; k++)
					if (c->t[k].is_num && !c->t[k].num_word && k + 1 < j && is_gpuish(rd_norm_at(c, k + 1))) {
						rd_say_gpn(c, rd_as_count(c->t[k].num), k, k + 1);
						c->t[k].used = true;
					}
				goto next;
			}
			/* "one A100x8 node": the GPU model is part of the node's name (its "x8" counts its GPUs) */
			if (vocab_gpu_model(w) && j + 1 < c->n && c->t[j + 1].start == c->t[j].start && c->t[j + 1].norm[0] == 'x' &&
			    isdigit((unsigned char)c->t[j + 1].norm[1])) {
				j += 2;
				continue;
			}
			if (is_gpu_unit(w) || !strcmp(w, "gpu")) {
				if (!saw_gpu) {
					saw_gpu = true;
					gpu_at = j;
				}
				j++;
				continue;
			}
			/* "2 of the 16GB nodes": any memory size glued to its unit is the nodes' kind */
			size_t md = strspn(w, "0123456789");
			if (md && md <= 4 && (!strcmp(w + md, "gb") || !strcmp(w + md, "gib")) && j + 1 < c->n &&
			    (is_node_unit(rd_norm_at(c, j + 1)) || vocab_gpu_model(rd_norm_at(c, j + 1)))) {
				j++;
				continue;
			}
			/* "2 of the 80 GB nodes": a memory size written apart, the nodes' kind */
			if (c->t[j].is_num && !c->t[j].num_word && j == of_end && of_end && j + 2 < c->n &&
			    (rd_is(c, j + 1, "gb") || rd_is(c, j + 1, "gib")) && is_node_unit(rd_norm_at(c, j + 2))) {
				j += 2;
				continue;
			}
			if (c->t[j].is_num && !c->t[j].num_word && saw_gpu == false && (j == i + 1 || j == of_end)) {
				/* "one 4-GPU node", "2 8-GPU nodes", "2 4-GPU A100 nodes", "2 of the 4-way A100
				 * nodes": the count of nodes, then their GPUs */
				if (node_after_per_node_gpus(c, j)) {
					j++;
					continue;
				}
				break;
			}
			/* "2 of the A100 nodes", "two of Polaris's nodes", "3 of our compute nodes": a part of the
			 * machine's nodes, counted */
			static const char *const owners[] = {"the", "its", "their", "our", "my", "your", NULL};
			if (j == i + 1 && !strcmp(w, "of") && !t->trail && j + 1 < c->n &&
			    (rd_is_any(c, j + 1, owners) || c->t[j + 1].cluster)) {
				j += 2;
				of_end = j;
				continue;
			}
			/* "3 gpuA100x4 nodes": a queue named as the nodes' kind */
			bool queue_word = c->cluster && j + 1 < c->n && is_node_unit(rd_norm_at(c, j + 1)) &&
					  cluster_queue(c->cluster, c->t[j].raw);
			if (rd_in_list(w, rd_count_adjectives) || c->t[j].cluster || vocab_gpu_model(w) || !strcmp(w, "grace") ||
			    !strcmp(w, "hopper") || queue_word)
				j++;
			else
				break;
		}
		if (saw_gpu) {
			int v = rd_as_count(t->num);
			size_t after = past_gpu_words(c, gpu_at + 1);
			/* "the dataloader keeps up with 8 workers", "8 data-loading workers": no ranks */
			if (rd_is(c, gpu_at, "workers") || rd_is(c, gpu_at, "worker")) {
				static const char *const data_words[] = {"dataloader", "dataloaders", "data", "loader", "loading",
									 "data-loading", "io", "cpu", NULL};
				bool data = false;
				for (size_t k = i; k > 0 && i - k < 6 && !data && !rd_sentence_end_after(c, k - 1); k--)
					data = rd_is_any(c, k - 1, data_words);
				for (size_t k = i + 1; k <= gpu_at && !data; k++)
					data = rd_is_any(c, k, data_words);
				if (data) {
					t->used = true;
					continue;
				}
			}
			/* "4 MI250X with two GCDs each", "6 GPUs with 2 tiles each": what each GPU holds, no count */
			if (i >= 2 && rd_is(c, i - 1, "with") &&
			    (is_gpu_unit(rd_norm_at(c, i - 2)) || vocab_gpu_model(rd_norm_at(c, i - 2)) || rd_is(c, i - 2, "gpu"))) {
				t->used = true;
				continue;
			}
			/* "one rank per GPU", "1 process per GCD": how ranks map to devices, no count */
			if (rd_is(c, after, "per") && after + 1 < c->n &&
			    (is_gpu_unit(rd_norm_at(c, after + 1)) || rd_is(c, after + 1, "gpu")) && !is_node_unit(rd_norm_at(c, after + 1))) {
				t->used = true;
				continue;
			}
			bool each_mid = restated_in_devices(c, &v, t->num, gpu_at, &after);
			if (each_mid || per_node_after(c, after) || per_node_before(c, i))
				rd_say_gpn(c, v, i, after), used_per_node_words(c, after);
			else if (total_after(c, after) || total_before(c, i))
				rd_say_total(c, v, i, after);
			else {
				/* "16 MI250X GCDs", "24 PVC tiles": the devices' unit after the model is part of
				 * what was said (a total named by the model alone counts whole GPUs: rules.c) */
				static const char *const dev[] = {"tile", "tiles", "gcd", "gcds", NULL};
				size_t end = gpu_at;
				if (end + 1 < after && !c->t[end].trail && vocab_gpu_model(rd_norm_at(c, end)) &&
				    !rd_is_any(c, end, dev) && rd_is_any(c, end + 1, dev))
					end++;
				rd_say_total(c, v, i, end);
			}
			t->used = true;
		}
	next:;
	}
	/* key: value forms: "nodes: 2", "gpus per node = 4", "number of nodes is 2", "node count 2" */
	for (size_t i = 0; i < c->n; i++) {
		if (c->t[i].used)
			continue;
		const char *w = rd_norm_at(c, i);
		size_t k = i + 1;
		int kind = 0; /* 1 nodes, 2 gpn, 3 total */
		if (is_node_unit(w) || !strcmp(w, "num_nodes") || !strcmp(w, "node_count")) {
			kind = 1;
		} else if (is_gpuish(w)) {
			if (i > 0 && rd_is_any(c, i - 1, (const char *const[]){"dataloader", "loader", "data", "cpu", "io", "num",
										"reader", "preprocessing", NULL}))
				continue; /* "DataLoader workers: 16", "CPU workers: 8": not GPUs */
			if (rd_is(c, k, "per") && is_node_unit(rd_norm_at(c, k + 1))) {
				kind = 2;
				k += 2;
			} else {
				kind = 3;
			}
		} else {
			continue;
		}
		if (rd_is(c, k, "count") || rd_is(c, k, "number"))
			k++;
		bool sep = false;
		if (rd_is(c, k, "is") || rd_is(c, k, "of") || rd_is(c, k, "=") || rd_is(c, k, ":")) {
			k++;
			sep = true;
		}
		sep |= c->t[i].trail == ':' || (k > i + 1 && c->t[k - 1].trail == ':');
		/* a form line without a colon: "nodes 2" alone on its line */
		if (!sep && k < c->n && k == i + 1 && (i == 0 || rd_newline_between(c, i - 1, i)) &&
		    (k + 1 >= c->n || rd_newline_between(c, k, k + 1)))
			sep = true;
		if (!sep || k >= c->n || !c->t[k].is_num || c->t[k].num_word || c->t[k].used)
			continue;
		int v = rd_as_count(c->t[k].num);
		/* "gpus: 4 per node", "GPUs = 4 each" */
		if (kind == 3 && (per_node_after(c, k + 1) || rd_is(c, k + 1, "each")))
			kind = 2;
		if (kind == 1)
			rd_say_nodes(c, v, i, k);
		else if (kind == 2)
			rd_say_gpn(c, v, i, k);
		else
			rd_say_total(c, v, i, k);
		c->t[k].used = true;
	}
	/* "number of nodes: 2" / "number of GPUs is 8" */
	for (size_t i = 0; i + 3 < c->n; i++) {
		if (!(rd_is(c, i, "number") && rd_is(c, i + 1, "of")))
			continue;
		const char *w = rd_norm_at(c, i + 2);
		size_t k = i + 3;
		/* "same number of GPUs, 14h": the clause ends at the unit */
		if (c->t[i + 2].trail == ',' || c->t[i + 2].trail == ';' || rd_sentence_end_after(c, i + 2))
			continue;
		if (rd_is(c, k, "is") || rd_is(c, k, "=") || rd_is(c, k, ":"))
			k++;
		if (k >= c->n || !c->t[k].is_num || c->t[k].num_word || c->t[k].used)
			continue;
		bool unit_attached = false; /* "14h", "90min": a duration, not a count */
		for (const char *q = c->t[k].raw; *q && !unit_attached; q++)
			unit_attached = isalpha((unsigned char)*q);
		if (unit_attached)
			continue;
		if (is_node_unit(w))
			rd_say_nodes(c, rd_as_count(c->t[k].num), i, k);
		else if (is_gpuish(w))
			rd_say_total(c, rd_as_count(c->t[k].num), i, k);
	}
	read_bare_corrections(c);
	/* "single-node" / "single node" without a count word */
	if (!c->nodes)
		for (size_t i = 0; i + 1 < c->n; i++)
			if ((rd_is(c, i, "single") || rd_is(c, i, "one")) && is_node_unit(rd_norm_at(c, i + 1)) && !c->t[i].used)
				rd_say_nodes(c, 1, i, i + 1); /* ("one node fewer" was read as a change: relative_size.c) */
	/* "using the MI100 node", "Lonestar6 H100 node, train.py": one node of the type named, when no count
	 * is said (not "the H100 node has 4 GPUs", which describes it) */
	static const char *const describes[] = {"has", "have", "is", "are", "was", "comes", "shows", "with", NULL};
	for (size_t i = 1; !c->nodes && !c->total && i + 1 < c->n; i++) {
		if (strcmp(c->t[i + 1].norm, "node") || c->t[i + 1].used || c->t[i + 1].source || !vocab_gpu_model(c->t[i].norm) ||
		    rd_is_any(c, i + 2, describes))
			continue;
		if (rd_is(c, i - 1, "the") || rd_is(c, i - 1, "that") || rd_is(c, i - 1, "this") || c->t[i - 1].cluster)
			rd_say_nodes(c, 1, i - 1, i + 1);
	}
}

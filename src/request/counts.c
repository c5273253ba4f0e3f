/* counts.c - node and GPU counts in prose: "8 GPUs across 2 nodes", "2x4", "four GPUs on each"; the
 * shares of a node and sized nodes are in count_shares.c, the other shapes of a count in count_forms.c. */
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


bool rd_count_gpuish(const char *w)
{
	return is_gpu_unit(w) || !strcmp(w, "gpu");
}

/* Past the GPU words after a count: units, models and their qualifiers ("4 A100 80GB each", "4 A100
 * (80 GB) per node", "8 V100-32GB GPUs"); the index of the first word after them. */
static size_t past_gpu_words(const struct ctx *c, size_t k)
{
	while (k < c->n) {
		const char *w = rd_norm_at(c, k);
		if (rd_count_gpuish(w) || vocab_gpu_qualifier(w) || vocab_gpu_model(w))
			k++;
		else if (c->t[k].is_num && !c->t[k].num_word && k + 1 < c->n &&
			 (rd_is(c, k + 1, "gb") || rd_is(c, k + 1, "gib") || rd_is(c, k + 1, "g")))
			k += 2; /* "80 GB" */
		else
			break;
	}
	return k;
}

/* Whether token k is a word that may stand between a count and the nodes it counts ("2 spare DGX-class
 * nodes", "3 big nodes"): letters (a hyphen or apostrophe inside), nothing after it, no unit of time, and not
 * one of data/lexicon's machine_count_stops ("2 hours on nodes", "24 core nodes", "5 seeds per node"). */
static bool modifier_word(const struct ctx *c, size_t k)
{
	const struct tok *t = &c->t[k];
	if (t->is_num || t->trail || strlen(t->norm) < 2 || duration_unit(t->norm) || vocab_in(VL_MACHINE_COUNT_STOP, t->norm) ||
	    c->text[t->start] == '(' || memchr(c->text + t->start, ')', t->end - t->start))
		return false;
	for (const char *p = t->norm; *p; p++)
		if (!isalpha((unsigned char)*p) && *p != '-' && *p != '\'')
			return false;
	return true;
}

/* Whether w is a node's GPUs written as one word: "4-way" (the tokens split "8-GPU" into "8" and "gpu"). */
static bool n_way_word(const char *w)
{
	size_t d = strspn(w, "0123456789");
	return d >= 1 && d <= 2 && !strcmp(w + d, "-way");
}

/* Whether the number at k is written onto a GPU word after it ("8-GPU", "single-GPU", "4-way"): the GPUs of
 * each node. */
static bool glued_gpus(const struct ctx *c, size_t k)
{
	return k + 1 < c->n && c->t[k + 1].start == c->t[k].start && !c->t[k].trail &&
	       (rd_count_gpuish(c->t[k + 1].norm) || rd_is(c, k + 1, "way"));
}

/* The characters (code points) of a UTF-8 word. */
static size_t utf8_chars(const char *w)
{
	size_t n = 0;
	for (; *w; w++)
		n += ((unsigned char)*w & 0xC0) != 0x80;
	return n;
}

/* Whether the GPU count at i (its words end before `after`) is of each rank: "each rank gets one A100", "every
 * task uses one GPU", "4 tasks per node with a GPU each", "8 ranks, one GPU each" (the ranks counted before). */
static bool rank_gets_one(const struct ctx *c, size_t i, size_t after)
{
	static const char *const one[] = {"rank", "task", "process", "proc", "worker", NULL};
	static const char *const many[] = {"ranks", "tasks", "processes", "procs", "workers", NULL};
	for (size_t k = 1; k <= 3 && k < i; k++) {
		if (rd_sentence_end_after(c, i - k) || c->t[i - k].is_num)
			break;
		if (rd_is_any(c, i - k, one) && rd_is_any(c, i - k - 1, (const char *const[]){"each", "every", "per", NULL}))
			return true;
	}
	if (!rd_is_any(c, after, (const char *const[]){"each", "apiece", NULL}))
		return false;
	for (size_t k = 1; k <= 5 && k <= i; k++) {
		if (rd_sentence_end_after(c, i - k))
			break;
		if (rd_is_any(c, i - k, many))
			return true;
	}
	return false;
}

/* "per node", "each", "on each node", "apiece", "a node", "/node" after a GPU count */
static bool per_node_after(const struct ctx *c, size_t i)
{
	if (i >= c->n)
		return false; /* (past the last token: "... 6 GPUs (12 tiles" at the text's end) */
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
						       "complet", "complets", "ganze", "ganzen", "pieno", "pieni", "inteiro", NULL}) &&
	    /* (not after a count of several: "two full nodes (16 V100s)" is their total) */
	    !(num >= 3 && c->t[num - 3].is_num && c->t[num - 3].num > 1))
		return true;
	if (c->text[c->t[num].start] == '(')
		return false; /* "(12 GPUs)" restates a total */
	/* Russian "по 4 GPU" and Polish/Czech "po 2 GPU" (so many GPUs each), also after the comma that closes
	 * the node count ("2 узла, по 4 GPU") */
	if (num >= 1 && (rd_is(c, num - 1, "\u043f\u043e") || (rd_is(c, num - 1, "po") && num >= 2 && is_node_unit(rd_norm_at(c, num - 2)))))
		return true;
	/* "Delta's A100 nodes have four GPUs", "the node has 4 GPUs" (and "each node there has a single GH200",
	 * "the nodes here have only 4 GPUs") */
	size_t v = num;
	if (v >= 2 && rd_is_any(c, v - 1, (const char *const[]){"a", "an", "only", "just", NULL}))
		v--;
	if (v >= 2 && (rd_is(c, v - 1, "have") || rd_is(c, v - 1, "has") || rd_is(c, v - 1, "having"))) {
		size_t u = v - 1;
		if (u >= 2 && rd_is_any(c, u - 1, (const char *const[]){"there", "here", "only", "now", NULL}))
			u--;
		if (is_node_unit(rd_norm_at(c, u - 1)) && !c->t[u - 1].trail)
			return true;
	}
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
	      rd_count_gpuish(rd_norm_at(c, q + 1))))
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
size_t rd_times_sign_len(const char *s)
{
	static const char *const wide[] = {"×", "✕", "✖", NULL};
	if (*s == 'x' || *s == '*')
		return 1;
	for (size_t k = 0; wide[k]; k++)
		if (!strncmp(s, wide[k], strlen(wide[k])))
			return strlen(wide[k]);
	return 0;
}

/* Whether the number at i is a batch size: "bs 64", "batch size 32", "micro-batch 4", "per-GPU batch of 16". */
static bool batch_before(const struct ctx *c, size_t i)
{
	static const char *const batch[] = {"bs", "batch", "batch_size", "batch-size", "batchsize", "mbs", "gbs",
					    "micro-batch", "microbatch", "micro_batch_size", "global_batch_size", NULL};
	if (i >= 1 && !c->t[i - 1].trail && rd_is_any(c, i - 1, batch))
		return true;
	if (i >= 2 && !c->t[i - 1].trail && !c->t[i - 2].trail && rd_is(c, i - 1, "size") && rd_is_any(c, i - 2, batch))
		return true; /* "batch size 64" */
	return i >= 2 && !c->t[i - 1].trail && !c->t[i - 2].trail && rd_is(c, i - 1, "of") && rd_is_any(c, i - 2, batch);
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
			/* past any cluster (and int): the rules name the words ('4294967300xA100' was 4 GPUs) */
			if (a > 100000000)
				a = 100000001;
			/* "two nodes of 8xA100", "8xA100 per node", "one 8xH200 node" */
			/* ("(8xA100 nodes)", "an 8xH100 node": nodes described by their GPUs) */
			if (per_node_after(c, i + 1) || per_node_before(c, i) || (i + 1 < c->n && is_node_unit(rd_norm_at(c, i + 1))))
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
	if ((i + 1 < c->n && rd_is_any(c, i + 1, sizes)) || (a == b && a >= 32) || a > 4096 || b > 64 || batch_before(c, i))
		return false;
	rd_say_nodes(c, (int)a, i, i);
	rd_say_gpn(c, (int)b, i, i);
	c->t[i].used = true;
	return true;
}

/* A count stated by its kind (1 nodes, 2 GPUs per node, 3 GPUs in all) from tokens [a, b]. */
void rd_say_count(struct ctx *c, int kind, int v, size_t a, size_t b)
{
	if (kind == 1)
		rd_say_nodes(c, v, a, b);
	else if (kind == 2)
		rd_say_gpn(c, v, a, b);
	else
		rd_say_total(c, v, a, b);
}

/* A count the reader had stated, forgotten: its value, its rank and the words it was read from. */
void rd_forget_count(struct ctx *c, enum req_field f)
{
	free(c->req->from[f]);
	c->req->from[f] = NULL;
	if (f == RF_NODES)
		c->nodes = 0, c->nodes_rank = RK_NONE;
	else if (f == RF_GPUS_PER_NODE)
		c->gpn = 0, c->gpn_rank = RK_NONE;
	else if (f == RF_TOTAL_GPUS)
		c->total = 0, c->total_rank = RK_NONE;
}

void rd_read_counts(struct ctx *c)
{
	rd_fence_source_command(c);
	rd_skip_card_asides(c);
	rd_read_answered_counts(c);
	rd_read_hostfiles(c);
	rd_read_count_references(c);
	rd_read_unit_first_items(c);
	rd_read_times_after_unit(c);
	rd_read_node_shares(c);
	rd_read_n_way_nodes(c);
	rd_read_count_flags(c);
	for (size_t i = 0; i < c->n; i++) {
		struct tok *t = &c->t[i];
		if (t->used)
			continue;
		if (read_product(c, i))
			continue;
		/* "8x80GB", "4x40GB": GPUs counted with their memory in one word */
		{
			char *xe = NULL, *me = NULL;
			long g = strtol(t->norm, &xe, 10), mem = 0;
			bool shaped = xe != t->norm && *xe == 'x' && isdigit((unsigned char)xe[1]) && strlen(t->norm) < 16;
			if (shaped)
				mem = strtol(xe + 1, &me, 10);
			if (shaped && me && !strcmp(me, "gb") && g >= 1 && g <= 64 && mem >= 8 && mem <= 512) {
				if (per_node_after(c, i + 1) || per_node_before(c, i))
					rd_say_gpn(c, (int)g, i, i);
				else
					rd_say_total(c, (int)g, i, i);
				t->used = true;
				continue;
			}
		}
		/* "4x A100", "8x H100" */
		size_t l = strlen(t->norm);
		if (l >= 2 && t->norm[l - 1] == 'x' && isdigit((unsigned char)t->norm[0]) && i + 1 < c->n &&
		    rd_count_gpuish(rd_norm_at(c, i + 1))) {
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
		/* "bs 64 x 8 GPUs = 512 global", "batch size 32x4": a batch's arithmetic, the per-GPU batch
		 * first (a GPU count after it is read on its own) */
		if (batch_before(c, i)) {
			t->used = true;
			/* "x 8 GPUs = 512": the GPUs multiplied are a total; the product is the global batch */
			if (i + 3 < c->n && rd_times_sign_len(c->t[i + 1].norm) && !c->t[i + 1].norm[rd_times_sign_len(c->t[i + 1].norm)] &&
			    c->t[i + 2].is_num && !c->t[i + 2].used && rd_count_gpuish(rd_norm_at(c, i + 3)) &&
			    !is_node_unit(rd_norm_at(c, i + 3))) {
				size_t after = past_gpu_words(c, i + 3);
				if (per_node_after(c, after))
					rd_say_gpn(c, rd_as_count(c->t[i + 2].num), i + 2, i + 3), used_per_node_words(c, after);
				else
					rd_say_total(c, rd_as_count(c->t[i + 2].num), i + 2, i + 3);
				c->t[i + 1].used = c->t[i + 2].used = c->t[i + 3].used = true;
				if (rd_is(c, after, "=") && after + 1 < c->n && c->t[after + 1].is_num)
					c->t[after].used = c->t[after + 1].used = true;
			}
			continue;
		}
		/* "2 x 4 GPUs" */
		/* (on one line: not a list's "* 3 epochs" under "batch size 256") */
		if ((rd_is(c, i + 1, "x") || rd_is(c, i + 1, "×") || rd_is(c, i + 1, "*")) && i + 2 < c->n && c->t[i + 2].is_num &&
		    !rd_newline_between(c, i, i + 1) && !rd_newline_between(c, i + 1, i + 2) &&
		    !is_node_unit(rd_norm_at(c, i + 3)) && (rd_count_gpuish(rd_norm_at(c, i + 3)) || i + 3 >= c->n || !c->nodes) &&
		    !rd_is_any(c, i + 3, (const char *const[]){"gb", "gib", "tb", "mb", "g", "gigabytes", "gbs", NULL})) {
			/* not "2 x 40 GB": memory */
			rd_say_nodes(c, rd_as_count(t->num), i, i + 2);
			rd_say_gpn(c, rd_as_count(c->t[i + 2].num), i, i + 3);
			t->used = c->t[i + 2].used = true;
			continue;
		}
		/* number [adjectives] unit */
		size_t j = i + 1, of_end = 0;
		bool saw_gpu = false, loose = false; /* loose: a word of modifier_word's was passed */
		size_t gpu_at = 0;
		/* "make it six, full GPUs on each": a comma after the number closes it (no unit follows) */
		while (j < c->n && j <= i + (of_end ? 6 : 5) && t->trail != ',' && t->trail != ';') {
			/* (not across a line's end or a closing parenthesis: "(uid 51234, group 8812)\nBridges-2 GPU
			 * partition") */
			if (rd_newline_between(c, j - 1, j) ||
			    memchr(c->text + c->t[j - 1].start, ')', c->t[j - 1].end - c->t[j - 1].start))
				break;
			const char *w = rd_norm_at(c, j);
			/* "40 node hours", "48 GPU hours", "96 GPU-days": a budget (budget.c), no count */
			if ((is_node_unit(w) || is_gpu_unit(w) || !strcmp(w, "gpu")) && !c->t[j].trail &&
			    rd_is_any(c, j + 1, (const char *const[]){"hours", "hour", "hrs", "hr", "days", "day", NULL})) {
				t->used = true;
				goto next;
			}
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
				if (rd_node_state_after(c, j)) { /* "I think one node is flaky": a node's health, no size */
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
				size_t xl = j + 2 < c->n ? rd_times_sign_len(c->t[j + 1].norm) : 0;
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
					if (c->t[k].is_num && (!c->t[k].num_word || glued_gpus(c, k)) && k + 1 < j &&
					    (rd_count_gpuish(rd_norm_at(c, k + 1)) || (glued_gpus(c, k) && rd_is(c, k + 1, "way")))) {
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
				if (loose && !vocab_gpu_model(w) && !(j > i + 1 && c->t[j].start == c->t[j - 1].start))
					break; /* ("1 python ... partition gpu": loose words count no GPUs) */
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
			if (c->t[j].is_num && (!c->t[j].num_word || glued_gpus(c, j)) && saw_gpu == false &&
			    (j == i + 1 || j == of_end || glued_gpus(c, j))) {
				/* "one 4-GPU node", "2 8-GPU nodes", "2 4-GPU A100 nodes", "2 of the 4-way A100
				 * nodes": the count of nodes, then their GPUs; "3 of the big 8-GPU boxes", "16 of the
				 * single-GPU nodes", "two 8-GPU DGX-class nodes": the GPUs written onto their word */
				if (rd_node_after_per_node_gpus(c, j) || glued_gpus(c, j)) {
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
			/* "a pair of 4-way A100 servers", "a trio of DGX nodes" */
			if (j == i + 1 && !strcmp(w, "of") && !t->trail && (rd_is(c, i, "pair") || rd_is(c, i, "trio"))) {
				j += 1;
				of_end = j;
				continue;
			}
			/* "3 gpuA100x4 nodes": a queue named as the nodes' kind */
			bool queue_word = c->cluster && j + 1 < c->n && is_node_unit(rd_norm_at(c, j + 1)) &&
					  cluster_queue(c->cluster, c->t[j].raw);
			if (vocab_in(VL_COUNT_ADJECTIVE, w) || c->t[j].cluster || vocab_gpu_model(w) || !strcmp(w, "grace") ||
			    !strcmp(w, "hopper") || queue_word)
				j++;
			else if (modifier_word(c, j) && !t->num_word && !saw_gpu) /* (only before the nodes: "2 spare DGX-class nodes") */
				j++, loose = true;
			else if (n_way_word(w) && !saw_gpu) /* "a pair of 4-way A100 servers" (its GPUs: count_shares.c) */
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
			/* "both tiles of each as separate ranks", "the 2 GCDs on every MI250X": the parts of each GPU,
			 * no count (not "2 GPUs on each node") */
			if (rd_is_any(c, gpu_at, (const char *const[]){"tile", "tiles", "gcd", "gcds", "stack", "stacks", NULL}) &&
			    rd_is_any(c, after, (const char *const[]){"of", "on", "in", NULL}) && after + 1 < c->n &&
			    rd_is_any(c, after + 1, (const char *const[]){"each", "every", NULL}) &&
			    (after + 2 >= c->n || !is_node_unit(rd_norm_at(c, after + 2)))) {
				t->used = true;
				continue;
			}
			/* "one rank per GPU", "1 process per GCD": how ranks map to devices, no count */
			if (rd_is(c, after, "per") && after + 1 < c->n &&
			    (is_gpu_unit(rd_norm_at(c, after + 1)) || rd_is(c, after + 1, "gpu")) && !is_node_unit(rd_norm_at(c, after + 1))) {
				t->used = true;
				continue;
			}
			/* "48 PVC tiles, one rank each", "8 GPUs, 1 process each": a rank to each device counted just before,
			 * no count of its own (not "4 nodes, 1 rank each") */
			static const char *const one_rank[] = {"rank", "process", "task", "proc", "worker", NULL};
			if (v == 1 && rd_is_any(c, gpu_at, one_rank) && rd_is_any(c, after, (const char *const[]){"each", "apiece", NULL})) {
				size_t k = i;
				while (k > 0 && i - k < 6 && !rd_sentence_end_after(c, k - 1) && !c->t[k - 1].is_num)
					k--;
				if (k > 0 && i - k < 6 && c->t[k - 1].is_num) {
					size_t u = k;
					while (u < i && (vocab_gpu_model(rd_norm_at(c, u)) || rd_is(c, u, "gpu")) && !is_gpu_unit(rd_norm_at(c, u)))
						u++;
					if (u < i && (is_gpu_unit(rd_norm_at(c, u)) || vocab_gpu_model(rd_norm_at(c, u))) &&
					    !rd_is_any(c, u, one_rank) && !rd_is_any(c, u, (const char *const[]){"ranks", "processes", "tasks", "procs", "workers", NULL})) {
						t->used = true;
						continue;
					}
				}
			}
			/* "32 ranks with 2 GPUs per rank", "8 processes with 4 GPUs each": the GPUs of all ranks */
			static const char *const rank_word[] = {"ranks", "processes", "workers", "tasks", "procs", NULL};
			if (rd_is_any(c, gpu_at, rank_word) && rd_is(c, after, "with") && after + 2 < c->n && c->t[after + 1].is_num &&
			    !c->t[after + 1].num_word && rd_count_gpuish(rd_norm_at(c, after + 2)) &&
			    !rd_is_any(c, after + 2, rank_word) && c->t[after + 1].num >= 1 && c->t[after + 1].num <= 64 &&
			    (rd_is(c, after + 3, "each") || rd_is(c, after + 3, "apiece") ||
			     (rd_is(c, after + 3, "per") && rd_is_any(c, after + 4, (const char *const[]){"rank", "process", "worker",
											  "task", "proc", NULL})))) {
				long all = (long)v * (long)c->t[after + 1].num;
				size_t e = after + (rd_is(c, after + 3, "per") ? 4 : 3);
				if (all <= 100000) {
					rd_say_total(c, (int)all, i, e);
					for (size_t q = i; q <= e; q++)
						c->t[q].used = true;
					continue;
				}
			}
			/* "each rank gets one A100", "4 tasks per node with a GPU each": one GPU to each rank, whose count
			 * is the GPUs' ("3 tasks per node" says 3 GPUs of each node) */
			if (v == 1 && rank_gets_one(c, i, after)) {
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
		} else if (rd_count_gpuish(w)) {
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
		/* "16 GPUs: deepspeed ... train.py --cfg x.json, 10h" (the command set aside, its words skipped):
		 * a duration is not the count */
		if (k + 1 < c->n && duration_unit(rd_norm_at(c, k + 1)) > 0 && c->t[k + 1].start <= c->t[k].end + 1)
			continue;
		int v = rd_as_count(c->t[k].num);
		/* "gpus: 4 per node", "GPUs = 4 each" */
		if (kind == 3 && (per_node_after(c, k + 1) || rd_is(c, k + 1, "each")))
			kind = 2;
		rd_say_count(c, kind, v, i, k);
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
		/* "same number of GPUs (4 x 8 = 32)": a product, read where products are */
		if (k + 1 < c->n && (rd_is(c, k + 1, "x") || rd_is(c, k + 1, "\u00d7") || rd_is(c, k + 1, "*")))
			continue;
		bool unit_attached = false; /* "14h", "90min": a duration, not a count */
		for (const char *q = c->t[k].raw; *q && !unit_attached; q++)
			unit_attached = isalpha((unsigned char)*q);
		if (unit_attached)
			continue;
		if (is_node_unit(w))
			rd_say_nodes(c, rd_as_count(c->t[k].num), i, k);
		else if (rd_count_gpuish(w))
			rd_say_total(c, rd_as_count(c->t[k].num), i, k);
	}
	rd_read_unit_from_to(c);
	rd_read_spec_sizes(c);
	rd_read_bare_corrections(c);
	rd_read_negated_replacements(c);
	rd_read_bare_replacements(c);
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
	/* "#SBATCH --gpus=v100-32:4 ... I need the whole node now, all 8 GPUs": the GPUs of each node said in
	 * words over a pasted script's total that no longer fits its nodes - the pasted total gives way */
	if (c->gpn_rank == RK_PROSE && (c->total_rank == RK_PASTED || c->total_rank == RK_COPIED) && c->nodes > 0 &&
	    c->gpn > 0 && c->total > 0 && c->total != c->nodes * c->gpn) {
		request_reject(c->req, RF_TOTAL_GPUS, c->req->from[RF_TOTAL_GPUS] ? c->req->from[RF_TOTAL_GPUS] : "",
			       c->req->from[RF_TOTAL_GPUS] ? strlen(c->req->from[RF_TOTAL_GPUS]) : 0,
			       "the pasted script's total, replaced by the GPUs per node the words ask for");
		rd_forget_count(c, RF_TOTAL_GPUS);
	}
	/* "bump this to two full nodes" over a pasted script that used 4 of a node's GPUs: whole nodes, whose
	 * GPUs the node type gives (rules.c), not the pasted count */
	if (c->gpn_rank == RK_PASTED || c->gpn_rank == RK_COPIED)
		for (size_t i = 1; i + 1 < c->n; i++) {
			if (c->t[i].source || c->t[i].neg || c->t[i].copied || !is_node_unit(rd_norm_at(c, i + 1)) ||
			    !rd_is_any(c, i, (const char *const[]){"full", "whole", "entire", NULL}) ||
			    !(c->t[i - 1].is_num || c->t[i - 1].num_word) || rd_directive_line_at(c, c->t[i].start))
				continue;
			rd_forget_count(c, RF_GPUS_PER_NODE);
			if (c->total_rank < RK_PROSE)
				rd_forget_count(c, RF_TOTAL_GPUS);
			break;
		}
}

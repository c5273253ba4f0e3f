/* count_shares.c - counts of a share of a node or of a sized node: "half a node", "N of the M GPUs",
 * "zero GPUs", "4 nodes with 3 each", "3 per node", the node word after a GPU model ("A100 nodes"). */
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The node word at most three words after `from`, past GPU models, adjectives and a cluster's name ("A100
 * nodes", "nodes", "Stampede3 H100 nodes"); 0 when there is none. */
size_t rd_node_word_after(const struct ctx *c, size_t from)
{
	for (size_t j = from; j < c->n && j <= from + 3; j++) {
		const char *w = rd_norm_at(c, j);
		if (is_node_unit(w))
			return j;
		if (c->t[j - 1].trail ||
		    !(vocab_gpu_model(w) || is_gpu_unit(w) || vocab_in(VL_COUNT_ADJECTIVE, w) || (c->t[j].cluster && j < from + 3)))
			return 0;
	}
	return 0;
}

/* "4-GPU nodes", "4-GPU A100 nodes" after the count at k: the node word's index, 0 when none. */
size_t rd_node_after_per_node_gpus(const struct ctx *c, size_t k)
{
	if (k + 2 >= c->n || !rd_count_gpuish(rd_norm_at(c, k + 1)))
		return 0;
	return rd_node_word_after(c, k + 2);
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
/* "On every node one GPU stays free for the reward-model server", "keep one GPU per node aside for eval": GPUs
 * of each node the job leaves to something else, so it runs on the others (the node's GPUs less those); the
 * words are taken, and "the other three" or "the rest" after them says the same. */
static void read_reserved_gpus(struct ctx *c, int G)
{
	static const char *const be[] = {"stays", "stay", "remains", "remain", "is", "are", "kept", "goes", "go", "gets",
					 "get", "will", NULL};
	static const char *const state[] = {"free", "reserved", "idle", "unused", "aside", "busy", "taken", "occupied",
					    "dedicated", "set", "be", NULL};
	static const char *const keep[] = {"reserve", "reserving", "keep", "keeping", "leave", "leaving", "hold", NULL};
	for (size_t i = 0; i + 2 < c->n && G > 0; i++) {
		struct tok *t = &c->t[i];
		if (t->used || t->source || t->neg || !t->is_num || t->num < 1 || t->num >= G || !rd_count_gpuish(rd_norm_at(c, i + 1)))
			continue;
		size_t e = i + 1;
		bool reserved = false;
		if ((rd_is(c, e + 1, "per") || rd_is(c, e + 1, "on") || rd_is(c, e + 1, "of")) && !c->t[e].trail &&
		    (is_node_unit(rd_norm_at(c, e + 2)) ||
		     ((rd_is(c, e + 2, "each") || rd_is(c, e + 2, "every")) && is_node_unit(rd_norm_at(c, e + 3)))))
			e += is_node_unit(rd_norm_at(c, e + 2)) ? 2 : 3; /* "1 GPU per node stays reserved" */
		if (rd_is_any(c, e + 1, be) && !c->t[e].trail) {
			size_t k = e + 2;
			if (rd_is(c, k, "be") || rd_is(c, k, "left"))
				k++;
			reserved = rd_is_any(c, k, state) || rd_is(c, k, "for");
			e = k;
		}
		if (!reserved && i > 0 && rd_is_any(c, i - 1, keep) &&
		    (rd_is(c, i + 2, "free") || rd_is(c, i + 2, "aside") || rd_is(c, i + 2, "for") || rd_is(c, i + 2, "per") ||
		     rd_is(c, i + 2, "on")))
			reserved = true;
		if (!reserved)
			continue;
		/* of each node: "on every node", "per node", "on each node" in its clause */
		bool each = false;
		for (size_t k = i; k > 0 && !each && i - k < 6 && !rd_sentence_end_after(c, k - 1); k--)
			each = (rd_is(c, k - 1, "every") || rd_is(c, k - 1, "each") || rd_is(c, k - 1, "per")) && is_node_unit(c->t[k].norm);
		for (size_t k = i + 2; k + 1 < c->n && !each && k < e + 8 && !rd_sentence_end_after(c, k - 1); k++)
			each = (rd_is(c, k, "every") || rd_is(c, k, "each") || rd_is(c, k, "per")) && is_node_unit(c->t[k + 1].norm);
		if (!each)
			continue;
		rd_say_gpn(c, G - (int)t->num, i, e);
		for (size_t k = i; k <= e && k < c->n; k++)
			c->t[k].used = true;
		/* "so the trainer gets the other three", "the remaining 3", "the rest": the same count */
		for (size_t k = e + 1; k + 1 < c->n && k < e + 30; k++)
			if ((rd_is(c, k, "other") || rd_is(c, k, "remaining")) && c->t[k + 1].is_num &&
			    c->t[k + 1].num == (double)(G - (int)t->num))
				c->t[k + 1].used = true;
		return;
	}
}

void rd_read_node_shares(struct ctx *c)
{
	int G = c->cluster ? c->cluster->hw.gpus_per_node : 0;
	read_reserved_gpus(c, G);
	for (size_t i = 0; i < c->n; i++) {
		struct tok *t = &c->t[i];
		/* (said of where the job ran before, only a node's name counts its GPUs: "on Delta I used 2
		 * A100x4 nodes; the same number of GPUs on Polaris" measures what "the same" keeps) */
		bool named_shape = t->norm[0] == 'x' && i > 0 && c->t[i - 1].start == t->start;
		if (t->used || (t->source && !named_shape) || t->neg)
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
			if (k > i + 3 && k <= c->n && rd_count_gpuish(c->t[k - 1].norm) && !(k < c->n && rd_count_gpuish(c->t[k].norm)))
				k--;
			if (k < c->n && rd_count_gpuish(c->t[k].norm)) {
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
				if (rd_count_gpuish(c->t[k].norm)) {
					rd_say_total(c, rd_as_count(t->num), k, i + 2);
					t->used = c->t[k].used = true;
					break;
				}
			}
			if (t->used)
				continue;
		}
		/* "so use only 3 per node" in a sentence about GPUs ("the 4th GPU on each has been throwing Xid 79"):
		 * a count per node without its unit is of the GPUs the sentence speaks of */
		static const char *const lead[] = {"only", "use", "using", "just", "with", "keep", "take", "run", "then", "so", "to",
						   "instead", NULL};
		if (t->is_num && !t->num_word && !t->used && t->num >= 1 && t->num <= 64 && !t->trail && rd_is(c, i + 1, "per") &&
		    is_node_unit(rd_norm_at(c, i + 2)) && !c->t[i + 1].trail && i > 0 &&
		    (rd_is_any(c, i - 1, lead) || c->t[i - 1].trail == ',' || c->t[i - 1].trail == ';')) {
			bool gpus = false;
			for (size_t k = i; k > 0 && !gpus && !rd_sentence_end_after(c, k - 1); k--)
				gpus = rd_count_gpuish(c->t[k - 1].norm) || vocab_gpu_model(c->t[k - 1].norm);
			if (gpus) {
				rd_say_gpn(c, rd_as_count(t->num), i, i + 2);
				for (size_t q = i; q <= i + 2; q++)
					c->t[q].used = true;
				continue;
			}
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
			    !rd_node_word_after(c, u + 1)) { /* "2 of the 4-GPU nodes" counts nodes */
				/* "one of the four GPUs on that node is broken, use the rest": what is left is used */
				size_t st = u;
				if ((rd_is(c, u + 1, "on") || rd_is(c, u + 1, "in")) && !c->t[u].trail &&
				    rd_is_any(c, u + 2, (const char *const[]){"that", "the", "this", "each", "every", "a", "one", NULL}) &&
				    is_node_unit(rd_norm_at(c, u + 3)) && !c->t[u + 2].trail)
					st = u + 3;
				int v = rd_as_count(t->num);
				if (rd_node_state_after(c, st) && c->t[k].num > t->num && c->t[k].num <= 64)
					v = rd_as_count(c->t[k].num - t->num);
				rd_say_gpn(c, v, i, u);
				for (size_t q = k; q <= u; q++)
					c->t[q].used = true;
				t->used = true;
				continue;
			}
		}
		/* "use 4 of our 16 Delta nodes", "2 of the 8 A100 nodes we have": the first number is the nodes used */
		if (t->is_num && !t->num_word && !t->used && rd_is(c, i + 1, "of")) {
			size_t k = i + 2;
			if (rd_is_any(c, k, (const char *const[]){"the", "our", "its", "all", "my", "their", NULL}))
				k++;
			size_t u = k + 1;
			while (u < c->n && u < k + 4 && !c->t[u - 1].trail &&
			       (c->t[u].cluster || vocab_gpu_model(c->t[u].norm) || vocab_in(VL_COUNT_ADJECTIVE, c->t[u].norm)))
				u++;
			/* (not "2 of the 8-GPU H100 nodes": the GPUs of each node) */
			if (k < c->n && c->t[k].is_num && !c->t[k].num_word && c->t[k].num >= t->num && u < c->n &&
			    is_node_unit(rd_norm_at(c, u)) && !c->t[k].trail && !rd_is(c, k + 1, "gpu") &&
			    !is_gpu_unit(rd_norm_at(c, k + 1))) {
				rd_say_nodes(c, rd_as_count(t->num), i, u);
				for (size_t q = i; q <= u; q++)
					c->t[q].used = true;
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
		size_t sl = rd_times_sign_len(t->norm);
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
		if (dl >= 1 && dl <= 5 && tl > dl && rd_times_sign_len(t->norm + dl) == tl - dl && one_before) {
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
		size_t nl = i + 1 < c->n && !(i > 0 && c->t[i - 1].is_num) ? rd_times_sign_len(c->t[i + 1].norm) : 0;
		if (is_node_unit(t->norm) && nl && isdigit((unsigned char)c->t[i + 1].norm[nl])) {
			rd_say_nodes(c, atoi(c->t[i + 1].norm + nl), i, i + 1);
			c->t[i + 1].used = true;
			continue;
		}
		if (is_node_unit(t->norm) && nl && !c->t[i + 1].norm[nl] && i + 2 < c->n && c->t[i + 2].is_num &&
		    !c->t[i + 2].num_word && !c->t[i + 2].used && c->t[i + 2].num >= 1 && c->t[i + 2].num <= 100000 &&
		    !rd_count_gpuish(rd_norm_at(c, i + 3)) && /* not "nodes x 4 GPUs" */
		    (i + 3 >= c->n || (c->t[i + 3].start != c->t[i + 2].start && !duration_unit(rd_norm_at(c, i + 3))))) {
			/* not "25 nodes x 6h = 150 node-hours" */
			rd_say_nodes(c, rd_as_count(c->t[i + 2].num), i, i + 2);
			c->t[i + 1].used = c->t[i + 2].used = true;
			continue;
		}
		/* "4 × full node", "3 x whole nodes" */
		if (t->is_num && !t->num_word && i + 3 < c->n && rd_times_sign_len(c->t[i + 1].norm) &&
		    !c->t[i + 1].norm[rd_times_sign_len(c->t[i + 1].norm)] && (rd_is(c, i + 2, "full") || rd_is(c, i + 2, "whole")) &&
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

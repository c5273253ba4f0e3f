/* count_forms.c - the other shapes a count takes: "unit number" lists ("node 1, gpu 8"), a count after a
 * times sign ("GH200 x 4"), bare corrections ("actually make it 6"), counts answering a question, N-way
 * nodes, reports about nodes that are no size ("one node is flaky"), asides that count the same cards. */
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A list of "unit number" items: "cluster Bridges2, node 1, gpu 8, hour 4" (the number after its unit,
 * each item closed by a comma or the end). */
void rd_read_unit_first_items(struct ctx *c)
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
			      (!rd_is_any(c, i + 2, goes_on) && !rd_count_gpuish(nx) && !is_node_unit(nx) && !duration_unit(nx));
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
void rd_read_times_after_unit(struct ctx *c)
{
	for (size_t i = 1; i + 1 < c->n; i++) {
		struct tok *x = &c->t[i], *v = &c->t[i + 1];
		if (!(rd_is(c, i, "x") || rd_is(c, i, "×") || !strcmp(x->raw, "*")) || !v->is_num || v->num_word || v->used ||
		    x->used || v->source || v->num < 1 || v->num != floor(v->num) || c->t[i - 1].is_num)
			continue;
		if (i + 2 < c->n && !v->trail && (rd_count_gpuish(c->t[i + 2].norm) || is_node_unit(c->t[i + 2].norm) ||
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

/* A count changed with its unit said before the numbers: "increase nodes from 2 to 4", "bump the node
 * count from 2 to 4", "scale GPUs from 8 to 16", "GPUs per node from 2 to 4": the second number is the
 * count asked for, the first the old one (said with the unit after both, "from 2 to 4 nodes", the
 * statements' reader has it). */
void rd_read_unit_from_to(struct ctx *c)
{
	for (size_t f = 1; f + 2 < c->n; f++) {
		if (!rd_is(c, f, "from"))
			continue;
		/* (a change written with an arrow, "nodes from 4 -> 8", is read before: text_input.c blanks its
		 * old value) */
		size_t bi = f + 3;
		bool to = bi < c->n && rd_is(c, f + 2, "to");
		struct tok *a = &c->t[f + 1], *b = &c->t[bi];
		if (!to || !a->is_num || !b->is_num || a->num_word || b->num_word || a->used || b->used || a->source || b->source ||
		    a->neg || b->neg || a->trail || b->num < 1 || b->num > 100000)
			continue;
		/* the numbers stand bare: nothing but their unit (or nothing) after the second */
		const char *after = bi + 1 < c->n && !b->trail && !rd_sentence_end_after(c, bi) ? rd_norm_at(c, bi + 1) : "";
		if (*after && !is_node_unit(after) && !rd_count_gpuish(after) && isalpha((unsigned char)after[0]) &&
		    !rd_is_any(c, bi + 1, (const char *const[]){"and", "for", "on", "with", "please", "so", "then", NULL}))
			continue;
		if (*after && (duration_unit(after) || !isalpha((unsigned char)after[0])))
			continue;
		/* the unit: within the three words before "from" ("nodes", "node count", "GPUs per node") */
		int kind = 0;
		size_t u = f;
		for (size_t k = f; k > 0 && f - k < 3 && !kind; k--) {
			size_t w = k - 1;
			if (c->t[w].trail && w + 1 < f)
				break;
			if (is_node_unit(c->t[w].norm))
				kind = w >= 2 && rd_is(c, w - 1, "per") && rd_count_gpuish(c->t[w - 2].norm) ? 2 : 1;
			else if (rd_count_gpuish(c->t[w].norm))
				kind = 3;
			u = w;
		}
		if (!kind)
			continue;
		int v = rd_as_count(b->num);
		rd_say_count(c, kind, v, u, bi);
		a->used = b->used = true;
	}
}

/* The one kind of count an older message of the thread states (1 nodes, 2 GPUs per node, 3 GPUs in all),
 * 0 where it states none or several: a bare number in the reply cannot say which it changes. */
static int older_count_kind(const struct request *old)
{
	int kind = 0, stated = 0;
	if (old->from[RF_NODES])
		kind = 1, stated++;
	if (old->from[RF_GPUS_PER_NODE])
		kind = 2, stated++;
	if (old->from[RF_TOTAL_GPUS])
		kind = 3, stated++;
	return stated == 1 ? kind : 0;
}

/* A correction with a bare number: "3 nodes... actually make it 6", "make it 4 ... ok 4 then". The number
 * takes the unit of the nearest count stated before it. */
void rd_read_bare_corrections(struct ctx *c)
{
	/* a reply that opens with a bare number, a sentence of its own ("> two nodes or four?" / "Four.
	 * Frontier, 2 hours, ..."): the answer, of the one kind of count the quoted message states */
	for (size_t i = 0; c->older && i + 1 < c->n; i++) {
		if (i > 0 && !rd_newline_between(c, i - 1, i))
			continue; /* (a line's first word: after a greeting line too) */
		const struct tok *t = &c->t[i];
		if (!t->is_num || t->used || t->source || t->neg || t->num < 1 || t->num > 100000 || !rd_sentence_end_after(c, i))
			continue;
		int kind = older_count_kind(c->older);
		if (kind) {
			rd_say_count(c, kind, rd_as_count(t->num), i, i);
			c->t[i].used = true;
		}
		break;
	}
	for (size_t i = 1; i < c->n; i++) {
		struct tok *t = &c->t[i];
		if (!t->is_num || t->num_word || t->used || t->source || t->neg || t->num < 1 || t->num > 100000)
			continue;
		bool cue = c->t[i - 1].corr_cue || (i >= 2 && c->t[i - 2].corr_cue && (rd_is(c, i - 1, "it") || rd_is(c, i - 1, "to")));
		bool then = rd_is(c, i + 1, "then");
		if (!(cue && t->corr > 0) && !then)
			continue;
		/* (a word that opens what follows is no unit: "but give me 2 on Perlmutter", "use 4 please") */
		static const char *const after[] = {"on", "for", "at", "in", "with", "and", "please", "pls", "plz", "instead", "to",
						    "this", "so", "but", "if", "then", "there", "here", "now", "today", NULL};
		if (i + 1 < c->n && !then && !c->t[i].trail && !rd_sentence_end_after(c, i) &&
		    (duration_unit(c->t[i + 1].norm) || rd_count_gpuish(c->t[i + 1].norm) || is_node_unit(c->t[i + 1].norm) ||
		     (isalpha((unsigned char)c->t[i + 1].norm[0]) && !rd_is_any(c, i + 1, after) &&
		      c->text[c->t[i + 1].start] != '(')))
			continue; /* "make it 12 hours", "make it 4 A100s": the unit is there (or another noun) */
		int kind = 0;
		double old_count = 0, old_time = 0;
		for (size_t k = i; k-- > 0 && !kind;) {
			/* the last time said before it, in its own unit ("30 min", "2h") */
			if (!old_time && duration_unit(c->t[k].norm) && k > 0 && c->t[k - 1].is_num && !c->t[k].source)
				old_time = c->t[k - 1].num;
			/* (a unit word whose number was read: "8 GPUs - actually 16") */
			bool stated = c->t[k].used || (k > 0 && c->t[k - 1].used && c->t[k - 1].is_num && !c->t[k - 1].source);
			if (!stated || c->t[k].source)
				continue;
			/* "8 GPUs per node ... but use 4": the node word of a per-node count is the GPUs' */
			bool per_node = is_node_unit(c->t[k].norm) && k >= 2 && (rd_is(c, k - 1, "per") || rd_is(c, k - 1, "each")) &&
					rd_count_gpuish(c->t[k - 2].norm);
			if (per_node) {
				kind = 2;
				k -= 2;
			} else if (is_node_unit(c->t[k].norm))
				kind = 1;
			else if (rd_count_gpuish(c->t[k].norm))
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
		/* a reply's bare number changes the one count the message it quotes states ("> I think 6 nodes
		 * should do." / "Let's go with 5 instead") */
		if (!kind && c->older)
			kind = older_count_kind(c->older);
		int v = rd_as_count(t->num);
		if (!kind)
			continue;
		rd_say_count(c, kind, v, i, i);
		t->used = true;
	}
}

/* A bare number put in place of one said before: "6 nodes ... hmm, 4 instead of 6", "use 4 rather than 6",
 * and in a reply to a message that said it ("> 6 nodes should do" / "4 instead of 6"). The number takes
 * the kind of the count whose value the words replace; a value said as a time ("6 hours") or said twice
 * with different kinds is no count to replace. */
void rd_read_bare_replacements(struct ctx *c)
{
	for (size_t i = 0; i + 3 < c->n; i++) {
		struct tok *t = &c->t[i];
		if (!t->is_num || t->used || t->source || t->neg || t->trail || t->num < 1 || t->num > 100000)
			continue;
		size_t m;
		if (rd_is(c, i + 1, "instead") && rd_is(c, i + 2, "of"))
			m = i + 3;
		else if (rd_is(c, i + 1, "rather") && rd_is(c, i + 2, "than"))
			m = i + 3;
		else
			continue;
		if (m >= c->n || !c->t[m].is_num || c->t[m].source)
			continue;
		/* "4 instead of 6 nodes": the unit is after the old value (the counts reader's) */
		if (m + 1 < c->n && !c->t[m].trail && !rd_sentence_end_after(c, m) &&
		    (is_node_unit(c->t[m + 1].norm) || rd_count_gpuish(c->t[m + 1].norm) || duration_unit(c->t[m + 1].norm)))
			continue;
		double old = c->t[m].num;
		int kind = 0;
		bool clash = false;
		for (size_t k = 0; k + 1 < i; k++) {
			if (!c->t[k].is_num || c->t[k].num != old || c->t[k].source)
				continue;
			const char *w = c->t[k + 1].norm;
			int kk = 0;
			if (is_node_unit(w))
				kk = 1;
			else if (rd_count_gpuish(w))
				kk = k + 3 < c->n && (rd_is(c, k + 2, "per") || rd_is(c, k + 2, "each")) && is_node_unit(c->t[k + 3].norm) ? 2 : 3;
			else if (duration_unit(w))
				kk = -1;
			if (kk && kind && kk != kind)
				clash = true;
			if (kk)
				kind = kk;
		}
		if (!kind && c->older) {
			const struct request *o = c->older;
			int found = 0;
			if (o->from[RF_NODES] && o->nodes == old)
				kind = 1, found++;
			if (o->from[RF_GPUS_PER_NODE] && o->gpus_per_node == old)
				kind = 2, found++;
			if (o->from[RF_TOTAL_GPUS] && o->total_gpus == old)
				kind = 3, found++;
			clash = found > 1;
		}
		if (kind <= 0 || clash)
			continue;
		rd_say_count(c, kind, rd_as_count(t->num), i, i); /* (its level: a correction, count_statements.c) */
		t->used = c->t[m].used = true;
	}
}

/* A count taken back and replaced by a bare number in the same breath: "not 4 nodes, 2", "not 4 nodes
 * but 2", "not four nodes - two", "not 8 GPUs per node, 4": the number takes the unit of the count
 * taken back (which the negation keeps from being read). */
void rd_read_negated_replacements(struct ctx *c)
{
	static const char *const joiners[] = {"but", "-", "--", "\u2013", "\u2014", "rather", "just", "only", "make", "it's",
					      "its", NULL};
	for (size_t i = 0; i + 3 < c->n; i++) {
		if (!rd_is_any(c, i, (const char *const[]){"not", "no", NULL}) || c->t[i].trail)
			continue;
		size_t n = i + 1, u = i + 2;
		if (!c->t[n].is_num || (c->t[n].used && !c->t[n].neg) || c->t[n].source || c->t[n].trail)
			continue;
		int kind = 0;
		if (is_node_unit(c->t[u].norm))
			kind = 1;
		else if (rd_count_gpuish(c->t[u].norm))
			kind = 3;
		if (!kind || c->t[u].source)
			continue;
		size_t e = u; /* "per node" after GPUs */
		if (kind == 3 && e + 2 < c->n && !c->t[e].trail && (rd_is(c, e + 1, "per") || rd_is(c, e + 1, "each")) &&
		    is_node_unit(c->t[e + 2].norm)) {
			kind = 2;
			e += 2;
		}
		size_t m = e + 1;
		if (!c->t[e].trail || c->t[e].trail == '.' || c->t[e].trail == ';') {
			if (c->t[e].trail || rd_sentence_end_after(c, e))
				continue;
			while (m < c->n && m <= e + 2 && rd_is_any(c, m, joiners))
				m++;
			if (m == e + 1)
				continue;
		} else if (c->t[e].trail != ',') {
			continue;
		}
		if (m >= c->n || !c->t[m].is_num || c->t[m].used || c->t[m].source || c->t[m].neg || c->t[m].num < 1 ||
		    c->t[m].num > 100000 || rd_newline_between(c, e, m))
			continue;
		/* a bare number: its clause ends at it (not "not 4 nodes, 2 hours") */
		if (m + 1 < c->n && !c->t[m].trail && !rd_sentence_end_after(c, m) &&
		    !rd_is_any(c, m + 1, (const char *const[]){"please", "pls", "instead", "then", "is", "will", "should", NULL}))
			continue;
		int v = rd_as_count(c->t[m].num);
		rd_say_count(c, kind, v, m, m);
		c->t[m].used = true;
	}
}

/* Whether a line break stands between tokens a and b. */
static bool line_between(const struct ctx *c, size_t a, size_t b)
{
	return rd_newline_between(c, a, b); /* (pieces of one word share its span: no bytes between them) */
}

/* A chat transcript's question and the reply that answers it with a bare number:
 * "assistant: How many nodes?\nuser: 4, for 2 hours" (4 nodes), "How many GPUs per node?\n> 2". */
void rd_read_answered_counts(struct ctx *c)
{
	static const char *const roles[] = {"user", "me", "human", "you", "i", "researcher", NULL};
	for (size_t i = 0; i + 2 < c->n; i++) {
		if (!rd_is(c, i, "how") || !rd_is(c, i + 1, "many"))
			continue;
		const char *unit = rd_norm_at(c, i + 2);
		bool nodes = is_node_unit(unit), gpus = rd_count_gpuish(unit);
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
			     !(is_node_unit(rd_norm_at(c, k + 1)) || rd_count_gpuish(rd_norm_at(c, k + 1)) ||
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
/* "an octa-A100 node", "2 quad-A40 nodes" (NCSA's names for Delta's node types): a multiplicity prefix
 * joined to a GPU model is that many GPUs per node. */
static int multiplicity_prefix(const char *norm, const char **model)
{
	static const struct {
		const char *p;
		int n;
	} pre[] = {{"dual-", 2}, {"quad-", 4}, {"hexa-", 6}, {"octa-", 8}, {"octo-", 8}};
	for (size_t i = 0; i < sizeof(pre) / sizeof(*pre); i++) {
		size_t l = strlen(pre[i].p);
		if (!strncmp(norm, pre[i].p, l) && vocab_gpu_model(norm + l)) {
			*model = norm + l;
			return pre[i].n;
		}
	}
	return 0;
}

void rd_read_n_way_nodes(struct ctx *c)
{
	for (size_t k = 0; k < c->n; k++) {
		struct tok *t = &c->t[k];
		const char *model = NULL;
		int mult = t->used || t->source || t->neg ? 0 : multiplicity_prefix(t->norm, &model);
		if (mult) {
			rd_say_gpn(c, mult, k, k);
			t->used = true;
			if (!c->req->gpu_model) { /* (the model the prefix is joined to) */
				request_set(&c->req->gpu_model, vocab_gpu_model(model));
				rd_set_from_toks(c, RF_GPU_MODEL, k, k);
			}
			size_t u = k + 1 < c->n && !t->trail && is_node_unit(c->t[k + 1].norm) ? k + 1 : 0;
			if (u && k > 0 && c->t[k - 1].is_num && !c->t[k - 1].used && !c->t[k - 1].trail) {
				rd_say_nodes(c, rd_as_count(c->t[k - 1].num), k - 1, u);
				c->t[k - 1].used = true;
			} else if (u && !strcmp(c->t[u].norm, "node") && !c->nodes) {
				rd_say_nodes(c, 1, k, u);
			}
			continue;
		}
		size_t d = strspn(t->norm, "0123456789");
		if (t->used || t->source || t->neg || !d || d > 3 || strcmp(t->norm + d, "-way") || t->trail)
			continue;
		size_t u = rd_node_word_after(c, k + 1);
		if (!u) {
			/* "Delta's 8-way A100 partition": the partition of N-way nodes, GPUs per node and no count;
			 * "1 node, 8-way A100,": the node's kind, the item's last words */
			size_t p = k + 1;
			while (p < c->n && p <= k + 2 && vocab_gpu_model(c->t[p].norm) && !c->t[p - 1].trail)
				p++;
			if (p > k + 1 && ((p < c->n && !c->t[p - 1].trail &&
					   rd_is_any(c, p, (const char *const[]){"partition", "queue", NULL})) ||
					  c->t[p - 1].trail == ',' || c->t[p - 1].trail == ';' || rd_sentence_end_after(c, p - 1))) {
				rd_say_gpn(c, atoi(t->norm), k, p);
				t->used = true;
			}
			continue;
		}
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
bool rd_node_state_after(const struct ctx *c, size_t j)
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
/* The token that closes the aside opened at i (its ')'), within 12 tokens; c->n when none does. */
static size_t aside_close(const struct ctx *c, size_t i)
{
	for (size_t e = i; e < c->n && e < i + 12; e++)
		if (c->t[e].trail == ')' || memchr(c->text + c->t[e].start, ')', c->t[e].end - c->t[e].start))
			return e;
	return c->n;
}

void rd_skip_card_asides(struct ctx *c)
{
	static const char *const dev[] = {"gcd", "gcds", "tile", "tiles", NULL};
	for (size_t i = 1; i < c->n; i++) {
		if (c->text[c->t[i].start] != '(' || c->t[i].used)
			continue;
		bool after_dev = false, after_cards = false;
		size_t cn = 0; /* the cards' number */
		for (size_t k = i; k > 0 && i - k < 5 && !after_dev && !after_cards; k--) {
			if (rd_sentence_end_after(c, k - 1) && k < i)
				break;
			after_dev = rd_is_any(c, k - 1, dev) && k >= 2 && c->t[k - 2].is_num;
			/* "all 6 GPUs per node (12 tiles, one rank each)": the cards first, the devices in the aside */
			after_cards = !after_dev && k >= 2 && c->t[k - 2].is_num && !rd_is_any(c, k - 1, dev) &&
				      (vocab_gpu_model(c->t[k - 1].norm) || is_gpu_unit(c->t[k - 1].norm) || rd_is(c, k - 1, "gpu"));
			if (after_cards)
				cn = k - 2;
		}
		if (!after_dev && !after_cards)
			continue;
		size_t e = aside_close(c, i); /* c->n: none near */
		if (after_cards) {
			size_t dn = 0;
			for (size_t k = i; k + 1 <= e && e < c->n && !dn; k++)
				if (c->t[k].is_num && rd_is_any(c, k + 1, dev))
					dn = k + 1;
			/* a per-node count of cards ("3 GPUs per node (6 tiles)", "4 MI250X (8 GCDs) each") restated
			 * in the devices maple counts: the devices win, per node. (A total, or an aside that is a
			 * per-node count of its own - "48 GPUs (12 tiles per node)" - is left to the counts.) */
			static const char *const per_words[] = {"per", "each", "node", "/node", NULL};
			bool per = false, aside_per = dn + 1 <= e && rd_is_any(c, dn + 1, (const char *const[]){"per", "each", "/node", NULL});
			for (size_t k = cn + 2; k < i && !per; k++)
				per = rd_is_any(c, k, per_words);
			per = per || (e + 1 < c->n && (rd_is(c, e + 1, "each") || (rd_is(c, e + 1, "per") && is_node_unit(rd_norm_at(c, e + 2)))));
			if (dn && e < c->n && per && !aside_per && !c->t[cn].used && !c->t[cn].source && !c->t[cn].neg) {
				int v = rd_as_count(c->t[dn - 1].num);
				rd_say_count(c, 2, v, cn, e);
				for (size_t k = cn; k <= e; k++)
					c->t[k].used = true;
				i = e;
			}
			continue;
		}
		if (e >= c->n)
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

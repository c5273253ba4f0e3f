/* relative_size.c - a size or time said relative to the one stated elsewhere: "Halve the nodes please,
 * and keep everything else" under a forwarded job of 64 nodes, "double the walltime", "twice as many
 * nodes", "half as many nodes", "cut the nodes in half", and relative to the count said just before
 * ("we used 8 nodes last month ... take half of that", "double it", "half of what we had"). The change is
 * recorded while the message is read and applied once the base is known: the message's own count, the
 * older quoted message's after the merge, or the count said of an earlier run (extract_text.c). A base
 * the change does not divide evenly is left as it is, with a warning. */
#include "lexicon.h"
#include "reader.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Which quantity the words at k name: 'n' nodes (node count), 'w' walltime (time, hours), 0 none. */
static char quantity_at(const struct ctx *c, size_t k, size_t *end)
{
	if (rd_is(c, k, "the") || rd_is(c, k, "our") || rd_is(c, k, "its") || rd_is(c, k, "my"))
		k++;
	*end = k;
	if (rd_is(c, k, "node") && rd_is(c, k + 1, "count")) {
		*end = k + 1;
		return 'n';
	}
	if (rd_is(c, k, "nodes"))
		return 'n';
	/* "twice the GPUs", "double the GPU count", "half the number of GPUs" */
	if (rd_is(c, k, "number") && rd_is(c, k + 1, "of") && (is_gpu_unit(rd_norm_at(c, k + 2)) || rd_is(c, k + 2, "nodes"))) {
		*end = k + 2;
		return rd_is(c, k + 2, "nodes") ? 'n' : 'g';
	}
	if ((rd_is(c, k, "gpu") || is_gpu_unit(c->t[k].norm)) && rd_is(c, k + 1, "count")) {
		*end = k + 1;
		return 'g';
	}
	if (is_gpu_unit(c->t[k].norm) && !rd_is(c, k + 1, "per") && !is_node_unit(rd_norm_at(c, k + 1)))
		return 'g';
	/* "at half the size", "twice the scale": the job's size, in nodes where it has a node count */
	if (rd_is(c, k, "size") || rd_is(c, k, "scale"))
		return 'n';
	if (rd_is(c, k, "walltime") || rd_is(c, k, "time") || rd_is(c, k, "wall-time") || rd_is(c, k, "runtime") ||
	    rd_is(c, k, "hours"))
		return 'w';
	return 0;
}

/* "that", "it", "what we used", "what we had": the quantity said last before token i, the unit word
 * nearest before it that follows a number ("used 8 nodes", "it took 3 hours", 'g' for a GPU total: "we ran
 * on 8 GPUs"); a count of each node's GPUs ("4 GPUs per node") and anything else name none. *end is the
 * last token of the reference. */
static char referenced_quantity(const struct ctx *c, size_t i, size_t *end)
{
	static const char *const had[] = {"used", "had", "ran", "did", "requested", "asked", "got", "booked", "took", NULL};
	size_t k = i;
	if (rd_is(c, k, "of"))
		k++;
	if (rd_is(c, k, "that") || rd_is(c, k, "it") || rd_is(c, k, "this")) {
		/* "double that batch size": a noun after it names what is changed */
		if (!c->t[k].trail && k + 1 < c->n && !rd_sentence_end_after(c, k) && !rd_is(c, k + 1, "for") &&
		    !rd_is(c, k + 1, "please") && !rd_is(c, k + 1, "then") && !rd_is(c, k + 1, "now") &&
		    !rd_is(c, k + 1, "again") && !rd_is(c, k + 1, "this") && !rd_is(c, k + 1, "on") && !rd_is(c, k + 1, "and"))
			return 0;
		*end = k;
	} else if (rd_is(c, k, "what") && (rd_is(c, k + 1, "we") || rd_is(c, k + 1, "i") || rd_is(c, k + 1, "you")) &&
		   rd_is_any(c, k + 2, had)) {
		*end = k + 2;
	} else {
		return 0;
	}
	char kind = 0;
	for (size_t q = i; q > 0 && i - q < 40 && !kind; q--) {
		const char *w = c->t[q - 1].norm;
		bool after_num = false; /* "8 nodes", "4 A100 nodes", "2 full GPU nodes" */
		for (size_t p = q - 1; p > 0 && q - 1 - p < 3 && !after_num; p--)
			after_num = c->t[p - 1].is_num;
		if (is_node_unit(w) && after_num && !(q >= 2 && (rd_is(c, q - 2, "per") || rd_is(c, q - 2, "a") || rd_is(c, q - 2, "each"))))
			kind = 'n'; /* not "4 GPUs per node" */
		else if (duration_unit(w) && q >= 2 && c->t[q - 2].is_num)
			kind = 'w';
		else if (is_gpu_unit(w) && after_num && !(q < c->n && is_node_unit(c->t[q].norm))) {
			/* "8 GPUs" in all (not "4 GPUs per node", "4 GPUs each", "4 GPUs a node") */
			bool per_node = q < c->n && (rd_is(c, q, "per") || rd_is(c, q, "each") || rd_is(c, q, "apiece") ||
						     ((rd_is(c, q, "a") || rd_is(c, q, "on") || rd_is(c, q, "in")) &&
						      q + 1 < c->n && (is_node_unit(c->t[q + 1].norm) || rd_is(c, q + 1, "each"))));
			if (per_node)
				return 0;
			kind = 'g';
		}
	}
	/* "double that? no, 2 nodes": asked and answered no */
	if (c->t[*end].trail == '?' &&
	    (rd_is(c, *end + 1, "no") || rd_is(c, *end + 1, "nope") || rd_is(c, *end + 1, "nah") || rd_is(c, *end + 1, "never")))
		return 0;
	/* "we can halve that: 4 nodes", "double that to 16 nodes": the new value is said; no change to make */
	bool said = c->t[*end].trail == ':' || rd_is(c, *end + 1, "to") || rd_is(c, *end + 1, "so");
	for (size_t q = *end + 1; kind && q + 1 < c->n && q <= *end + 4 && !rd_sentence_end_after(c, q - 1); q++)
		if (c->t[q].is_num &&
		    (said || (kind == 'n'   ? is_node_unit(c->t[q + 1].norm)
			      : kind == 'g' ? is_gpu_unit(c->t[q + 1].norm) || rd_is(c, q + 1, "gpu")
					    : duration_unit(c->t[q + 1].norm) != 0)))
			return 0;
	return kind;
}

static void record(struct ctx *c, char q, int mul, int div, size_t a, size_t b)
{
	struct request *r = c->req;
	if (q == 'n' && !r->nodes_mul)
		r->nodes_mul = mul, r->nodes_div = div;
	else if (q == 'g' && !r->gpus_mul)
		r->gpus_mul = mul, r->gpus_div = div;
	else if (q == 'w' && !r->wall_mul)
		r->wall_mul = mul, r->wall_div = div, c->rel_wall_at = a + 1;
	else
		return;
	for (size_t k = a; k <= b && k < c->n; k++)
		c->t[k].used = true;
}

/* "2 more hours", "2 hours more", "an extra hour", "another 30 minutes", "3 hours longer": minutes added
 * to the walltime said elsewhere (a pasted record's or script's, or the quoted message's); 0 when not. */
static int added_time(const struct ctx *c, size_t i, size_t *end)
{
	size_t k = i;
	bool another = rd_is(c, k, "another") || rd_is(c, k, "an");
	if (another)
		k++;
	double n = 1;
	/* "an extra 2 hours", "an additional 30 minutes" */
	bool extra_before = another && k + 1 < c->n && (rd_is(c, k, "extra") || rd_is(c, k, "additional")) && c->t[k + 1].is_num;
	if (extra_before)
		k++, another = false;
	if (k < c->n && c->t[k].is_num && !(another && rd_is(c, i, "an"))) /* "an" may be the last word */
		n = c->t[k].num, k++;
	else if (!another)
		return 0;
	bool more = rd_is(c, k, "more") || rd_is(c, k, "extra") || rd_is(c, k, "additional");
	if (more)
		k++;
	/* "add 90 minutes", "please add 2 hours": the verb says it is more */
	/* ", plus 30 minutes of slack" (an item of its own, after the time said) */
	more = more || extra_before ||
	       (i > 0 && !another && (rd_is(c, i - 1, "add") || rd_is(c, i - 1, "adding") || rd_is(c, i - 1, "plus")));
	int unit = duration_unit(rd_norm_at(c, k));
	if (!unit || c->t[k].used)
		return 0;
	bool after = rd_is(c, k + 1, "more") || rd_is(c, k + 1, "longer") || rd_is(c, k + 1, "extra");
	/* "2 hours less", "30 minutes shorter": time taken off (not "less than") */
	bool less = !more && (!another || rd_is(c, i, "an")) && (rd_is(c, k + 1, "less") || rd_is(c, k + 1, "shorter")) &&
		    !rd_is(c, k + 2, "than");
	if (!more && !after && !less && !(another && rd_is(c, i, "another")))
		return 0;
	/* "2 hours more than the 6 we had", "an hour longer than last time's 5h", "48 hours less 30 minutes":
	 * one duration set against another, which the walltime reader sums (prose_walltime.c) */
	if ((after || less) && (rd_is(c, k + 2, "than") ||
				(less && k + 3 < c->n && (c->t[k + 2].is_num || isdigit((unsigned char)c->t[k + 2].norm[0])))))
		return 0;
	*end = after || less ? k + 1 : k;
	double m = n * unit;
	return m > 0 && m < 1e6 ? (less ? -1 : 1) * (int)(m + 0.5) : 0;
}

/* Whether a node count ("4 nodes", "all 4 nodes I'm allowed") is said shortly before token i in its
 * sentence. */
static bool nodes_said_before(const struct ctx *c, size_t i)
{
	for (size_t k = i; k > 1 && i - k < 10; k--) {
		if (rd_sentence_end_after(c, k - 1))
			return false;
		if (is_node_unit(c->t[k - 1].norm) && c->t[k - 2].is_num)
			return true;
	}
	return false;
}

/* "4 more nodes", "2 extra nodes", "3 additional nodes", "2 nodes more": nodes added to the count said
 * elsewhere; "all 4 nodes ..., minus one", "4 nodes plus 2", "make that one fewer" after a node count:
 * nodes added to or taken off the count just said; 0 when not. */
static int added_nodes(const struct ctx *c, size_t i, size_t *end)
{
	/* "minus one (that I keep for the eval job)", "plus 2 nodes", "less one node" */
	if ((rd_is(c, i, "minus") || rd_is(c, i, "plus")) && i + 1 < c->n && c->t[i + 1].is_num && c->t[i + 1].num >= 1 &&
	    c->t[i + 1].num <= 1000 && nodes_said_before(c, i) &&
	    !(i + 2 < c->n && (is_gpu_unit(c->t[i + 2].norm) || rd_is(c, i + 2, "gpu") || duration_unit(c->t[i + 2].norm)))) {
		*end = i + 1 + (i + 2 < c->n && is_node_unit(c->t[i + 2].norm) ? 1 : 0);
		return (rd_is(c, i, "minus") ? -1 : 1) * (int)c->t[i + 1].num;
	}
	/* "make that one fewer", "one less" after a node count, no unit of its own */
	if (c->t[i].is_num && c->t[i].num >= 1 && c->t[i].num <= 1000 && i + 1 < c->n &&
	    (rd_is(c, i + 1, "fewer") || rd_is(c, i + 1, "less")) && !rd_is(c, i + 2, "than") &&
	    (i + 2 >= c->n || !(is_node_unit(c->t[i + 2].norm) || is_gpu_unit(c->t[i + 2].norm) || duration_unit(c->t[i + 2].norm))) &&
	    nodes_said_before(c, i)) {
		*end = i + 1;
		return -(int)c->t[i].num;
	}
	if (!c->t[i].is_num || c->t[i].num < 1 || c->t[i].num > 100000 || i + 2 >= c->n)
		return 0;
	bool more = rd_is(c, i + 1, "more") || rd_is(c, i + 1, "extra") || rd_is(c, i + 1, "additional");
	if (more && is_node_unit(rd_norm_at(c, i + 2))) {
		*end = i + 2;
		return (int)c->t[i].num;
	}
	if (is_node_unit(rd_norm_at(c, i + 1)) && rd_is(c, i + 2, "more") && !rd_is(c, i + 3, "than")) {
		*end = i + 2;
		return (int)c->t[i].num;
	}
	/* "2 fewer nodes", "one node fewer", "one node less": nodes taken off (not "fewer than") */
	bool fewer = rd_is(c, i + 1, "fewer") || rd_is(c, i + 1, "less");
	if (fewer && is_node_unit(rd_norm_at(c, i + 2))) {
		*end = i + 2;
		return -(int)c->t[i].num;
	}
	if (is_node_unit(rd_norm_at(c, i + 1)) && (rd_is(c, i + 2, "fewer") || rd_is(c, i + 2, "less")) &&
	    !rd_is(c, i + 3, "than")) {
		*end = i + 2;
		return -(int)c->t[i].num;
	}
	return 0;
}

/* The base of a change said right after it: "half the walltime of the 8h run", "half the GPUs of our previous
 * run (which was 16 nodes, 8 GCDs each)", "3x the nodes (yesterday was 2)". Its counts are the earlier run's
 * (marked said of it, so that the count readers keep them as its size: source_size.c changes them); a
 * duration is kept in c->rel_wall_base, a bare number in the brackets is the quantity's own. Returns whether a
 * base was found. */
static bool explicit_base(struct ctx *c, char q, size_t e)
{
	size_t k = e + 1, a = k, b = k;
	bool found = false;
	if (rd_is(c, k, "of")) {
		/* "of the 8h run", "of our previous Frontier run", "of yesterday's job" */
		size_t p = k + 1;
		while (p < c->n && p <= k + 5 && !c->t[p - 1].trail && !rd_sentence_end_after(c, p - 1) &&
		       (rd_is_any(c, p, (const char *const[]){"the", "our", "my", "previous", "last", "earlier", "old", "first",
								 NULL}) ||
			c->t[p].cluster || strstr(c->t[p].norm, "'s") || c->t[p].is_num || duration_unit(c->t[p].norm) ||
			is_node_unit(c->t[p].norm)))
			p++;
		if (p < c->n && rd_is_any(c, p, (const char *const[]){"run", "job", "one", "attempt", "version", NULL}) && p > k + 1) {
			a = k, b = p;
			found = true;
			k = p + 1;
		}
	}
	/* "(which was 16 nodes, 8 GCDs each)", "(yesterday was 2)" right after */
	if (k < c->n && c->text[c->t[k].start] == '(') {
		size_t p = k;
		while (p < c->n && p < k + 12 && !memchr(c->text + c->t[p].start, ')', c->t[p].end - c->t[p].start) &&
		       !rd_sentence_end_after(c, p))
			p++;
		if (p < c->n && memchr(c->text + c->t[p].start, ')', c->t[p].end - c->t[p].start)) {
			if (!found)
				a = k;
			b = p;
			found = true;
		}
	}
	if (!found)
		return false;
	for (size_t p = a; p <= b && p < c->n; p++) {
		c->t[p].source = true;
		/* a duration: the base of a change of the walltime */
		int unit = p + 1 <= b ? duration_unit(rd_norm_at(c, p + 1)) : 0;
		if (q == 'w' && c->t[p].is_num && unit && !c->rel_wall_base)
			c->rel_wall_base = (int)(c->t[p].num * unit + 0.5);
		/* a bare number in the brackets ("(yesterday was 2)"): the quantity's own */
		bool bare = c->t[p].is_num && !c->t[p].num_word && p == b &&
			    !(p + 1 < c->n && (is_node_unit(c->t[p + 1].norm) || is_gpu_unit(c->t[p + 1].norm)));
		if (bare && q == 'n' && !c->src_nodes && c->t[p].num >= 1 && c->t[p].num <= 100000)
			c->src_nodes = (int)c->t[p].num;
		else if (bare && q == 'g' && !c->src_total && c->t[p].num >= 1 && c->t[p].num <= 1000000)
			c->src_total = (int)c->t[p].num;
	}
	return true;
}

void rd_read_relative_change(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		/* (a change word in a clause about the earlier run - "double yesterday's 3h", "half the GPUs of our
		 * previous run" - is the request's: the earlier run is its base) */
		bool change_word = rd_is_any(c, i, (const char *const[]){"double", "twice", "half", "halve", "triple", "3x", "2x",
									 "4x", NULL});
		if (c->t[i].used || (c->t[i].source && !change_word) || c->t[i].neg)
			continue;
		/* "two and half hours": a time's half, no change (the walltime reader's) */
		if (rd_is(c, i, "half") && i >= 2 && rd_is(c, i - 1, "and") && c->t[i - 2].is_num)
			continue;
		/* "the same number of nodes as my Perlmutter job (4)": the count in the brackets after it is the earlier
		 * job's, in the unit named */
		if (rd_is(c, i, "same") && rd_is(c, i + 1, "number") && rd_is(c, i + 2, "of") && i + 4 < c->n) {
			char q = is_node_unit(c->t[i + 3].norm) ? 'n' : (is_gpu_unit(c->t[i + 3].norm) || rd_is(c, i + 3, "gpus")) ? 'g' : 0;
			for (size_t k = i + 4; q && k < c->n && k < i + 12 && !rd_sentence_end_after(c, k - 1); k++) {
				if (!c->t[k].is_num || c->t[k].num_word || c->text[c->t[k].start] != '(' ||
				    !memchr(c->text + c->t[k].start, ')', c->t[k].end - c->t[k].start) || c->t[k].num < 1 ||
				    c->t[k].num > 100000)
					continue;
				if (q == 'n' && !c->src_nodes)
					c->src_nodes = (int)c->t[k].num;
				else if (q == 'g' && !c->src_total)
					c->src_total = (int)c->t[k].num;
				c->t[k].used = true;
				break;
			}
		}
		size_t end;
		int more_nodes = added_nodes(c, i, &end);
		if (more_nodes && !c->req->nodes_add) {
			c->req->nodes_add = more_nodes;
			for (size_t k = i; k <= end && k < c->n; k++)
				c->t[k].used = true;
			continue;
		}
		int add = added_time(c, i, &end);
		if (add && !c->req->wall_add) {
			c->req->wall_add = add;
			for (size_t k = i; k <= end && k < c->n; k++)
				c->t[k].used = true;
			continue;
		}
		int mul = 0, div = 1;
		if (rd_is(c, i, "halve") || rd_is(c, i, "halving"))
			mul = 1, div = 2;
		else if (rd_is(c, i, "double") || rd_is(c, i, "doubling"))
			mul = 2;
		else if (rd_is(c, i, "triple") || rd_is(c, i, "tripling"))
			mul = 3;
		size_t e;
		char q;
		/* "but half of its 6 hours", "twice the 3 hours it took", "double our 4 nodes": the base said right
		 * after the change, read as stated and then changed */
		if ((rd_is(c, i, "half") || rd_is(c, i, "twice") || rd_is(c, i, "double")) && !c->t[i].trail) {
			size_t k = i + 1;
			if (rd_is(c, k, "of"))
				k++;
			/* (and "double yesterday's 3h", "half of last week's 8 nodes") */
			for (int d = 0; d < 2 && k + 1 < c->n; d++)
				if ((rd_is(c, k, "its") || rd_is(c, k, "the") || rd_is(c, k, "our") || rd_is(c, k, "my") ||
				     rd_is(c, k, "their") || (d == 0 && rd_is(c, k, "last") && !c->t[k + 1].is_num) ||
				     (c->t[k].end - c->t[k].start > 3 && !strncmp(c->text + c->t[k].end - 2, "'s", 2))) &&
				    !c->t[k].trail && !c->t[k - 1].trail)
					k++;
			if (k > i + 1 && !rd_is(c, k - 1, "of") && k + 1 < c->n && c->t[k].is_num && !c->t[k].num_word) {
				int half = rd_is(c, i, "half");
				char q = duration_unit(c->t[k + 1].norm) ? 'w' : is_node_unit(c->t[k + 1].norm) ? 'n' : 0;
				if (q) {
					/* (a base said of the earlier run, "double yesterday's 3h": its minutes) */
					if (q == 'w' && c->t[k].source && !c->rel_wall_base)
						c->rel_wall_base = (int)(c->t[k].num * duration_unit(c->t[k + 1].norm) + 0.5);
					record(c, q, half ? 1 : 2, half ? 2 : 1, i, k - 1);
					continue;
				}
			}
		}
		/* "5x that node count", "4x the GPUs", "3 times that many nodes": a multiple of the quantity said
		 * or shown before */
		int times = 0;
		size_t k0 = i + 1;
		if (c->t[i].is_num && !c->t[i].num_word && c->t[i].num >= 2 && c->t[i].num <= 64 && !c->t[i].trail &&
		    rd_is(c, i + 1, "times"))
			times = (int)c->t[i].num, k0 = i + 2;
		else if (!c->t[i].is_num && strlen(c->t[i].norm) >= 2 && strlen(c->t[i].norm) <= 3 &&
			 c->t[i].norm[strlen(c->t[i].norm) - 1] == 'x' && !c->t[i].trail) {
			int v = 0;
			for (const char *p = c->t[i].norm; *p && *p != 'x'; p++)
				v = *p >= '0' && *p <= '9' ? v * 10 + (*p - '0') : -1000;
			if (v >= 2 && v <= 64)
				times = v;
		}
		if (times && (rd_is(c, k0, "that") || rd_is(c, k0, "the") || rd_is(c, k0, "those"))) {
			size_t k = k0 + (rd_is(c, k0, "that") && rd_is(c, k0 + 1, "many"));
			if ((q = quantity_at(c, k + 1, &e)) && q != 'w') {
				record(c, q, times, 1, i, e);
				explicit_base(c, q, e);
				continue;
			}
		}
		/* "half of those nodes", "a quarter of that many GPUs", "a third of the nodes": a part of the
		 * quantity shown before (a pasted job's) */
		int part = rd_is(c, i, "half") ? 2 : rd_is(c, i, "quarter") ? 4 : rd_is(c, i, "third") ? 3 : 0;
		if (part && rd_is(c, i + 1, "of") && !c->t[i].trail) {
			size_t k = i + 2;
			bool pointed = rd_is(c, k, "those") || rd_is(c, k, "these") || rd_is(c, k, "that") || rd_is(c, k, "the");
			if (pointed && rd_is(c, k, "that") && rd_is(c, k + 1, "many"))
				k++;
			if (pointed && !c->t[k].trail && (q = quantity_at(c, k + 1, &e)) && q != 'w') {
				record(c, q, 1, part, i > 0 && (rd_is(c, i - 1, "a") || rd_is(c, i - 1, "one")) ? i - 1 : i, e);
				continue;
			}
		}
		/* "halve that", "double it", "twice that", "half of that", "take half of what we used" */
		bool twice = rd_is(c, i, "twice"), half = rd_is(c, i, "half");
		if ((mul || twice || half) && (q = referenced_quantity(c, i + 1, &e))) {
			record(c, q, half || div == 2 ? 1 : twice ? 2 : mul, half || div == 2 ? 2 : 1, i, e);
			continue;
		}
		if (mul && !c->t[i].trail && (q = quantity_at(c, i + 1, &e))) {
			record(c, q, mul, div, i, e); /* "halve the nodes", "double the walltime" */
			explicit_base(c, q, e);
			continue;
		}
		/* "cut the nodes in half" */
		if (rd_is(c, i, "cut") && (q = quantity_at(c, i + 1, &e)) && rd_is(c, e + 1, "in") && rd_is(c, e + 2, "half")) {
			record(c, q, 1, 2, i, e + 2);
			continue;
		}
		/* "twice as many nodes", "twice the nodes", "twice the time"; "half as many nodes", "half the
		 * nodes" (not "half the time", which is said of many things); "three times as many nodes" */
		bool three = rd_is(c, i, "three") && rd_is(c, i + 1, "times");
		if (rd_is(c, i, "twice") || rd_is(c, i, "half") || three) {
			size_t k = i + (three ? 2 : 1);
			bool many = rd_is(c, k, "as") && rd_is(c, k + 1, "many");
			if (many)
				k += 2;
			/* "half the time" is said of many things ("half the time it hangs"); a walltime when it is
			 * one item of a list of changes ("three times the nodes and half the time, on Vista") */
			bool listed = i > 0 && (rd_is(c, i - 1, "and") || rd_is(c, i - 1, "with") || c->t[i - 1].trail == ',');
			/* ("half the GPUs", "half its GPUs" on one node are a part of each node: counts.c) */
			/* ("half the walltime of the 8h run", "half the GPUs of our previous run (...)": a base said after it) */
			size_t qe = 0;
			char qq = quantity_at(c, k, &qe);
			bool based = qq && rd_is(c, qe + 1, "of") && !c->t[qe].trail &&
				     !rd_is_any(c, qe + 2, (const char *const[]){"each", "every", "a", "one", NULL}) &&
				     !is_node_unit(rd_norm_at(c, qe + 2)) && !is_node_unit(rd_norm_at(c, qe + 3)); /* (not "of each node") */
			if ((q = quantity_at(c, k, &e)) && !(q == 'g' && rd_is(c, i, "half") && !many && !based) &&
			    (!rd_is(c, i, "half") || q == 'n' || many || based ||
			     (listed && (c->t[e].trail || rd_sentence_end_after(c, e) || rd_is(c, e + 1, "on") || rd_is(c, e + 1, "please"))))) {
				record(c, q, rd_is(c, i, "half") ? 1 : three ? 3 : 2, rd_is(c, i, "half") ? 2 : 1, i, e);
				explicit_base(c, q, e);
			}
		}
	}
}

/* value * mul / div when it divides evenly, else 0 */
static int scaled(int value, int mul, int div)
{
	if (value <= 0 || mul <= 0 || div <= 0 || (long)value * mul % div || (long)value * mul / div > 100000)
		return 0;
	return (int)((long)value * mul / div);
}

/* How a change is said: "half", "a third of", "a quarter of", "twice", "three times". */
static void change_words(int mul, int div, char *buf, size_t cap)
{
	if (div > 1 || mul <= 3)
		snprintf(buf, cap, "%s",
			 div == 2 ? "half" : div == 3 ? "a third of" : div == 4 ? "a quarter of" : mul == 2 ? "twice" : "three times");
	else
		snprintf(buf, cap, "%d times", mul);
}

void rd_apply_relative_change(struct request *r)
{
	/* "half the size" of a job stated in GPUs only: its GPUs; "twice the GPUs" of a job stated in nodes
	 * only ("That was one DeltaAI node"): its nodes, whose GPUs follow */
	if (r->nodes_mul && r->nodes <= 0 && r->total_gpus > 0 && !r->gpus_mul) {
		r->gpus_mul = r->nodes_mul, r->gpus_div = r->nodes_div;
		r->nodes_mul = r->nodes_div = 0;
	} else if (r->gpus_mul && r->total_gpus <= 0 && r->nodes > 0 && !r->nodes_mul) {
		r->nodes_mul = r->gpus_mul, r->nodes_div = r->gpus_div;
		r->gpus_mul = r->gpus_div = 0;
	}
	if (r->nodes_mul && r->nodes > 0) {
		int n = scaled(r->nodes, r->nodes_mul, r->nodes_div);
		if (n) {
			char how[32];
			change_words(r->nodes_mul, r->nodes_div, how, sizeof(how));
			request_warn(r, "%d nodes: %s the %d stated", n, how,
				     r->nodes);
			if (r->total_gpus > 0)
				r->total_gpus = scaled(r->total_gpus, r->nodes_mul, r->nodes_div);
			r->nodes = n;
		} else {
			request_warn(r, "%d nodes cannot be divided that way evenly: kept as stated", r->nodes);
		}
		r->nodes_mul = r->nodes_div = 0;
	}
	if (r->gpus_mul && r->total_gpus > 0) {
		int g = scaled(r->total_gpus, r->gpus_mul, r->gpus_div);
		if (g) {
			char how[32];
			change_words(r->gpus_mul, r->gpus_div, how, sizeof(how));
			request_warn(r, "%d GPUs: %s the %d stated", g, how,
				     r->total_gpus);
			r->total_gpus = g;
			/* the nodes they were said on change with them, or are left for the rules to derive */
			int n = r->nodes > 0 ? scaled(r->nodes, r->gpus_mul, r->gpus_div) : 0;
			if (r->nodes > 0)
				r->nodes = n;
		} else {
			request_warn(r, "%d GPUs cannot be divided that way evenly: kept as stated", r->total_gpus);
		}
		r->gpus_mul = r->gpus_div = 0;
	}
	if (r->nodes_add < 0 && r->nodes > 0 && r->nodes + r->nodes_add < 1) {
		request_warn(r, "%d fewer nodes than the %d stated leaves none: kept as stated", -r->nodes_add, r->nodes);
		r->nodes_add = 0;
	}
	if (r->nodes_add && r->nodes > 0 && r->nodes + (long)r->nodes_add <= 100000) {
		if (r->nodes_add < 0)
			request_warn(r, "%d nodes: the %d stated and %d fewer", r->nodes + r->nodes_add, r->nodes, -r->nodes_add);
		else
			request_warn(r, "%d nodes: the %d stated and %d more", r->nodes + r->nodes_add, r->nodes, r->nodes_add);
		r->nodes += r->nodes_add;
		r->total_gpus = 0; /* the GPUs follow from the nodes again (and no longer from the words that said them) */
		free(r->from[RF_TOTAL_GPUS]);
		r->from[RF_TOTAL_GPUS] = NULL;
		r->nodes_add = 0;
	} else if (r->nodes_add && r->nodes <= 0 && !r->total_gpus) {
		/* "same as my last job but with 4 more nodes": more than a count the text does not give */
		request_warn(r, "%d %s nodes than a count the request does not state: say the node count",
			     r->nodes_add < 0 ? -r->nodes_add : r->nodes_add, r->nodes_add < 0 ? "fewer" : "more");
	}
	if (r->wall_add < 0 && r->walltime_min > 0 && r->walltime_min + r->wall_add < 1) {
		request_warn(r, "%d minutes less than the %d stated leaves none: kept as stated", -r->wall_add, r->walltime_min);
		r->wall_add = 0;
	}
	if (r->wall_add && r->walltime_min > 0) {
		if (r->wall_add < 0)
			request_warn(r, "walltime %d min: the %d stated and %d less", r->walltime_min + r->wall_add,
				     r->walltime_min, -r->wall_add);
		else
			request_warn(r, "walltime %d min: the %d stated and %d more", r->walltime_min + r->wall_add, r->walltime_min,
				     r->wall_add);
		r->walltime_min += r->wall_add;
		r->wall_add = 0;
	}
	if (r->wall_add > 0 && !r->walltime_min && !r->from[RF_WALLTIME]) {
		/* "Continue on pm for 10 more hours" after a run that hit its limit, no earlier time stated: the
		 * time the continued run gets */
		request_warn(r, "walltime %d min: the time added, as no earlier walltime is stated (say the walltime to change it)",
			     r->wall_add);
		r->walltime_min = r->wall_add;
		r->wall_add = 0;
	}
	if (r->wall_mul && r->walltime_min > 0) {
		int m = scaled(r->walltime_min, r->wall_mul, r->wall_div);
		if (m) {
			request_warn(r, "walltime %d min: %s the %d stated", m, r->wall_div > 1 ? "half" : r->wall_mul == 2 ? "twice" : "three times",
				     r->walltime_min);
			r->walltime_min = m;
		}
		r->wall_mul = r->wall_div = 0;
	}
}

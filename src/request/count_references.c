/* count_references.c - node counts said by reference to something else in the request rather than as
 * "N nodes": set to a number ("change select to 2", "set the node count to 3", "from 2 nodes to 8"), a
 * count of a node just described ("That's one Polaris node. I want 3 of those"), and a bare number judged
 * enough after a node count ("don't give me 4 nodes, 3 is plenty"). Read before the other counts
 * (counts.c). */
#include "lexicon.h"
#include "reader.h"
#include "vocab.h"

#include <string.h>

/* "change select to 2", "set the node count to 3", "bump --nodes to 8", "halve ... and change nodes to 4":
 * a node count set to a number (an edit: the number, no unit after it, is the node count). */
static void read_set_to_counts(struct ctx *c)
{
	for (size_t k = 1; k + 1 < c->n; k++) {
		if (!rd_is(c, k, "to") || !c->t[k + 1].is_num || c->t[k + 1].num_word || c->t[k + 1].used || c->t[k + 1].source ||
		    c->t[k + 1].neg || (k + 2 < c->n && !c->t[k + 1].trail && c->t[k + 2].norm[0] &&
					 (is_gpu_unit(c->t[k + 2].norm) || is_node_unit(c->t[k + 2].norm) || duration_unit(c->t[k + 2].norm))))
			continue;
		bool nodes = false;
		for (size_t q = k; q > 0 && k - q < 4; q--) {
			const char *w = c->t[q - 1].norm;
			if (c->t[q - 1].is_num || c->t[q - 1].trail || rd_sentence_end_after(c, q - 1))
				break;
			if (is_node_unit(w) || !strcmp(w, "select") || !strcmp(c->t[q - 1].raw, "-N") || !strcmp(w, "--nodes") ||
			    !strcmp(w, "nnodes") || !strcmp(w, "--nnodes") || !strcmp(w, "--num_nodes")) {
				/* "from 4 nodes to 8": the count after "to" (not "4 nodes to 8 GPUs", checked above) */
				nodes = !(q >= 2 && c->t[q - 2].is_num) || (q >= 3 && rd_is(c, q - 3, "from"));
				break;
			}
		}
		if (!nodes)
			continue;
		int v = rd_as_count(c->t[k + 1].num);
		if (v == -999999)
			continue;
		rd_say_nodes(c, v, k + 1, k + 1);
		c->t[k + 1].used = true;
	}
}

/* Whether a node count is said from token k to the sentence's end: "single node", "one node", "1 node",
 * "2 nodes". */
static bool node_count_after(const struct ctx *c, size_t k)
{
	for (size_t q = k; q + 1 < c->n && q < k + 8; q++) {
		if ((c->t[q].is_num || rd_is(c, q, "single")) && is_node_unit(c->t[q + 1].norm))
			return true;
		if (rd_sentence_end_after(c, q))
			break;
	}
	return false;
}

/* "That's one perlmutter gpu node. I want 2 of those": a count of the node just described; "I only need
 * 2 of them, single node": of its GPUs. */
static void read_count_of_those(struct ctx *c)
{
	for (size_t k = 0; k + 2 < c->n; k++) {
		if (!c->t[k].is_num || c->t[k].used || c->t[k].source || c->t[k].neg || !rd_is(c, k + 1, "of") ||
		    (k > 0 && rd_is(c, k - 1, "all")))  /* "all four of these" (the pasted GPUs) */
			continue;
		/* "grab 10 of the idle ones", "4 of those free ones" (sinfo's idle nodes) */
		size_t q0 = k + 2;
		if (rd_is(c, q0, "the") || rd_is(c, q0, "those") || rd_is(c, q0, "these"))
			q0++;
		if ((rd_is(c, q0, "idle") || rd_is(c, q0, "free") || rd_is(c, q0, "available")) &&
		    (rd_is(c, q0 + 1, "ones") || rd_is(c, q0 + 1, "one"))) {
			int v = rd_as_count(c->t[k].num);
			if (v != -999999) {
				rd_say_nodes(c, v, k, q0 + 1);
				c->t[k].used = true;
			}
			continue;
		}
		if (!(rd_is(c, k + 2, "those") || rd_is(c, k + 2, "these") || rd_is(c, k + 2, "them")) ||
		    (k + 3 < c->n && !c->t[k + 2].trail && (is_node_unit(c->t[k + 3].norm) || is_gpu_unit(c->t[k + 3].norm))))
			continue;
		/* the thing counted: the nearest node or GPU word before, within the sentence before */
		int sentences = 0, kind = 0, depth = 0;
		for (size_t q = k; q > 0 && sentences < 2 && !kind; q--) {
			if (rd_sentence_end_after(c, q - 1))
				sentences++;
			const struct tok *t = &c->t[q - 1];
			if (memchr(c->text + t->start, ')', t->end - t->start) || t->trail == ')')
				depth++; /* "one Polaris node (4 A100s)": the aside describes the node */
			if (depth == 0)
				kind = is_node_unit(t->norm) ? 'n' : is_gpu_unit(t->norm) ? 'g' : 0;
			if (c->text[t->start] == '(' && depth > 0)
				depth--;
		}
		int v = rd_as_count(c->t[k].num);
		/* "use 3 of these per node", "2 of them on each node": the GPUs listed or described, per node */
		size_t pn = k + 3;
		if (rd_is(c, pn, "on") || rd_is(c, pn, "in"))
			pn++;
		if (v != -999999 && !c->t[k + 2].trail && (rd_is(c, pn, "per") || rd_is(c, pn, "each")) &&
		    is_node_unit(rd_norm_at(c, pn + 1))) {
			rd_say_gpn(c, v, k, pn + 1);
			c->t[k].used = true;
			continue;
		}
		if (kind != 'n' || v == -999999)
			continue;
		/* "that's an h100 node. I only need 2 of them, single node": a node count said after it in the
		 * same sentence makes them the node's GPUs */
		if (node_count_after(c, k + 3)) {
			rd_say_total(c, v, k, k + 2);
			c->t[k].used = true;
			continue;
		}
		rd_say_nodes(c, v, k, k + 2);
		c->t[k].used = true;
	}
}

/* "don't give me 4 nodes, 3 is plenty", "two will do": a bare number judged enough, right after a node
 * count in the same sentence, counts nodes; so does one that opens a correction of the sentence or chat
 * line before it ("32 nodes" / "wait no, 16 is plenty", "8 nodes. Actually 2 will do"), where the count
 * said last before it is of nodes (not GPUs or hours) and no purpose follows ("2 is plenty for the
 * loader workers"). */
static bool node_count_before(const struct ctx *c, size_t k)
{
	bool crossed = false;
	for (size_t q = k; q > 0 && k - q < (crossed ? 14 : 6); q--) {
		if (rd_sentence_end_after(c, q - 1)) {
			crossed = true;
			if (k - q > 6)
				break;
		}
		const char *w = c->t[q - 1].norm;
		bool after_num = (q >= 2 && c->t[q - 2].is_num) || (q >= 3 && c->t[q - 3].is_num);
		if (is_node_unit(w))
			return !crossed || after_num;
		if (crossed && (is_gpu_unit(w) || rd_is(c, q - 1, "gpu") || duration_unit(w)))
			return false;
	}
	return false;
}

/* Whether the sentence of token k starts within a few words before it with a correction word ("wait",
 * "no", "actually", "hmm", "nah", "scratch that") or k opens it. */
static bool opens_correction(const struct ctx *c, size_t k)
{
	/* data's correction cues ("wait", "actually", "sorry", "scratch") and the fillers around them */
	static const char *const cue[] = {"no", "nope", "hmm", "nah", "ok", "okay", "oh", "um", "uh", "rather", NULL};
	if (k == 0 || rd_sentence_end_after(c, k - 1))
		return true;
	for (size_t q = k; q > 0 && k - q < 4; q--) {
		/* a chat speaker's name opening the line: "alice: nah 2 is fine" */
		bool speaker = c->t[q - 1].trail == ':' && (q == 1 || rd_sentence_end_after(c, q - 2));
		if (speaker)
			return true;
		/* (a dash between: "hmm, no - 2 was right") */
		bool dash = !c->t[q - 1].raw[0] || !strcmp(c->t[q - 1].raw, "-") || !strcmp(c->t[q - 1].raw, "\u2013") ||
			    !strcmp(c->t[q - 1].raw, "\u2014");
		if (!dash && !rd_is_any(c, q - 1, cue) && !vocab_in(VL_CORRECTION, c->t[q - 1].norm) && !rd_is(c, q - 1, "that") &&
		    !rd_is(c, q - 1, "make") && !rd_is(c, q - 1, "it"))
			return false;
		if (q == 1 || rd_sentence_end_after(c, q - 2))
			return true;
	}
	return false;
}

static void read_count_is_enough(struct ctx *c)
{
	for (size_t k = 1; k + 2 < c->n; k++) {
		if (!c->t[k].is_num || c->t[k].used || c->t[k].source || c->t[k].neg)
			continue;
		bool enough = (rd_is(c, k + 1, "is") && (rd_is(c, k + 2, "plenty") || rd_is(c, k + 2, "enough"))) ||
			      ((rd_is(c, k + 1, "will") || rd_is(c, k + 1, "should") || rd_is(c, k + 1, "would")) && rd_is(c, k + 2, "do")) ||
			      rd_is(c, k + 1, "suffices") || rd_is(c, k + 1, "suffice");
		/* "nah 2 is fine": only as a correction */
		/* ("no - 2 was right", "3 is correct after all": the count said before, restored) */
		bool fine = (rd_is(c, k + 1, "is") || rd_is(c, k + 1, "was")) &&
			    rd_is_any(c, k + 2, (const char *const[]){"fine", "right", "correct", "ok", "okay", "good", NULL});
		if (!enough && !fine)
			continue;
		bool same_sentence = false;
		for (size_t q = k; q > 0 && k - q < 6 && !same_sentence; q--) {
			if (rd_sentence_end_after(c, q - 1))
				break;
			same_sentence = is_node_unit(c->t[q - 1].norm);
		}
		bool purpose = k + 3 < c->n && !c->t[k + 2].trail && (rd_is(c, k + 3, "for") || rd_is(c, k + 3, "of"));
		bool node_before = (same_sentence && enough) ||
				   (!purpose && opens_correction(c, k) && node_count_before(c, k));
		int v = rd_as_count(c->t[k].num);
		if (!node_before || v == -999999)
			continue;
		rd_say_nodes(c, v, k, k + 2);
		c->t[k].used = true;
	}
}

void rd_read_count_references(struct ctx *c)
{
	read_set_to_counts(c);
	read_count_of_those(c);
	read_count_is_enough(c);
}

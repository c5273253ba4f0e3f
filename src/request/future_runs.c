/* future_runs.c - what a request's prose says of a later run than the one asked for now: "Eventually
 * this needs 32 nodes for two days, but just a 10-minute smoke test first", "we'll do 1, 2 and 4 nodes
 * eventually, for now give me the 2-node one", "The production run will be 512 nodes in prod, but first a
 * quick 2-node test in debug", "before the 128-node run, give me a single-node smoke test". The clause
 * about the later run is fenced off (its tokens marked as source) so that its counts, times and queues
 * are not the job's, but only when the text also asks for something now ("first", "for now", "a smoke
 * test", "today"; not "the smoke test timed out"): without that, the later run is the only size said,
 * and it stands. */
#include "reader.h"

#include <stdbool.h>
#include <string.h>

/* Words that place a clause's run in the future. */
static bool later_word(const struct ctx *c, size_t i)
{
	static const char *const words[] = {"eventually", "ultimately", "long-term", NULL};
	if (rd_is_any(c, i, words))
		return true;
	/* "in the long run", "down the road", "in the future", "later on" */
	if (rd_is(c, i, "long") && rd_is(c, i + 1, "run") && i > 0 && rd_is(c, i - 1, "the"))
		return true;
	if (rd_is(c, i, "down") && rd_is(c, i + 1, "the") && rd_is(c, i + 2, "road"))
		return true;
	if (rd_is(c, i, "the") && rd_is(c, i + 1, "future") && i > 0 && rd_is(c, i - 1, "in"))
		return true;
	return rd_is(c, i, "later") && rd_is(c, i + 1, "on");
}

/* "the production run will be ...", "the full run needs ...", "the real training later": a run named as
 * the big one to come; its last token in *end. */
static bool later_run(const struct ctx *c, size_t i, size_t *end)
{
	static const char *const kinds[] = {"production", "full", "real", "final", "big", "main", "actual", "full-scale",
					    "eventual", "later", NULL};
	static const char *const runs[] = {"run", "job", "training", "runs", "jobs", NULL};
	static const char *const will[] = {"will", "would", "needs", "need", "comes", "come", "later", "is", "should",
					   "must", "requires", NULL};
	if (!rd_is_any(c, i, kinds) || !rd_is_any(c, i + 1, runs) || c->t[i].trail)
		return false;
	*end = i + 1;
	for (size_t k = i + 2; k < c->n && k <= i + 3; k++)
		if (rd_is_any(c, k, will))
			return true;
	return false;
}

/* Whether the text asks for a run now besides the later one (outside [a, e]). */
static bool asks_now(const struct ctx *c, size_t a, size_t e)
{
	static const char *const now[] = {"first", "initially", "today", "meanwhile", NULL};
	/* a trial asked for ("just a 10-minute smoke test", "a pilot on 4 nodes"), not one described ("the
	 * smoke test timed out") */
	static const char *const trial[] = {"smoke", "pilot", "quick", NULL};
	for (size_t i = 0; i < c->n; i++) {
		if (i >= a && i <= e)
			continue;
		bool asked_trial = false;
		for (size_t k = i; rd_is_any(c, i, trial) && k > 0 && i - k < 6 && !asked_trial; k--) {
			if (rd_is(c, k - 1, "the") || rd_is(c, k - 1, "that") || rd_is(c, k - 1, "our") || rd_is(c, k - 1, "my") ||
			    rd_sentence_end_after(c, k - 1))
				break;
			asked_trial = rd_is(c, k - 1, "a") || rd_is(c, k - 1, "an") || rd_is(c, k - 1, "just");
		}
		if (rd_is_any(c, i, now) || asked_trial || (rd_is(c, i, "for") && (rd_is(c, i + 1, "now") || rd_is(c, i + 1, "starters"))) ||
		    (rd_is(c, i, "right") && rd_is(c, i + 1, "now")) || (rd_is(c, i, "to") && rd_is(c, i + 1, "start")) ||
		    (rd_is(c, i, "start") && rd_is(c, i + 1, "with")) || (rd_is(c, i, "quick") && rd_is(c, i + 1, "test")) ||
		    (rd_is(c, i, "for") && rd_is(c, i + 1, "the") && rd_is(c, i + 2, "moment")))
			return true;
	}
	return false;
}

/* Whether the clause ends after token k: a sentence's end, a ';' or ':', or a comma before words that turn
 * to the ask ("..., for now", "..., but", "..., first", "..., just"). */
static bool clause_ends_after(const struct ctx *c, size_t k)
{
	static const char *const turn[] = {"for", "but", "first", "just", "so", "right", "today", "now", "start",
					   "initially", "meanwhile", "give", "please", NULL};
	if (rd_sentence_end_after(c, k) || c->t[k].trail == ';' || c->t[k].trail == ':')
		return true;
	return k + 1 < c->n && (c->t[k].trail == ',' || c->t[k].trail == '-') && rd_is_any(c, k + 1, turn);
}

static void fence(struct ctx *c, size_t a, size_t e)
{
	for (size_t k = a; k <= e && k < c->n; k++)
		if (!c->t[k].cluster)
			c->t[k].source = true;
}

void rd_fence_future_runs(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		size_t end = i;
		bool word = later_word(c, i), run = !word && later_run(c, i, &end);
		/* "before the 128-node run, ...": the run it names, up to its comma */
		/* "before burning 48 h, give me a 30 min smoke test", "before we commit 3 days to it, ...": what
		 * the big run would spend, up to the clause's end */
		if (!word && !run && rd_is(c, i, "before") && i + 2 < c->n) {
			static const char *const spend[] = {"burning", "burn", "spending", "spend", "committing", "commit", "sinking",
							    "sink", "wasting", "waste", "using", "blowing", "blow", "queueing",
							    "queuing", "submitting", "launching", "running", NULL};
			size_t k = i + 1 + rd_is_any(c, i + 1, (const char *const[]){"i", "we", "you", NULL});
			if (rd_is_any(c, k, spend) && !clause_ends_after(c, i)) {
				size_t e = k;
				while (e + 1 < c->n && e < k + 10 && !clause_ends_after(c, e) && c->t[e].trail != ',')
					e++;
				/* (what follows asks for a trial: "a 1 hour test", "a sanity check on 2 nodes") */
				bool trial = false;
				for (size_t q = e + 1; q < c->n && !trial; q++)
					trial = rd_is_any(c, q, (const char *const[]){"test", "tests", "trial", "sanity", "check",
										       "try", "dry", "debug", "smoke", NULL});
				if (e + 1 < c->n && (trial || asks_now(c, i, e))) {
					fence(c, k + 1, e);
					i = e;
					continue;
				}
			}
		}
		if (!word && !run && (rd_is(c, i, "before") || rd_is(c, i, "ahead")) && i + 2 < c->n) {
			size_t k = i + 1 + rd_is(c, i + 1, "of");
			if (!rd_is(c, k, "the"))
				continue;
			size_t q = k + 1;
			while (q < c->n && q <= k + 4 && !rd_is(c, q, "run") && !rd_is(c, q, "job") && !c->t[q].trail)
				q++;
			if (q >= c->n || q > k + 4 || (!rd_is(c, q, "run") && !rd_is(c, q, "job")) || q == k + 1 ||
			    !asks_now(c, i, q))
				continue;
			fence(c, k + 1, q);
			i = q;
			continue;
		}
		if (!word && !run)
			continue;
		/* the clause around it: back to a sentence's start (or ':', ';', '(', "but"), on to its end */
		size_t a = i;
		while (a > 0 && !rd_sentence_end_after(c, a - 1) && c->t[a - 1].trail != ':' && c->t[a - 1].trail != ';' &&
		       c->text[c->t[a].start] != '(' && !rd_is(c, a - 1, "but"))
			a--;
		size_t e = end;
		while (e + 1 < c->n && !clause_ends_after(c, e) && !rd_is(c, e + 1, "but"))
			e++;
		if (!asks_now(c, a, e))
			continue;
		fence(c, a, e);
		i = e;
	}
}

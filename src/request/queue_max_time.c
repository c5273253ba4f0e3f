/* queue_max_time.c - a walltime asked as the queue's own limit: "as long as the queue allows", "the
 * longest that queue lets me", "the max walltime prod allows at that size", "max walltime", "as much time
 * as possible". The request then carries walltime_queue_max instead of a number, and the rules stage
 * (rules.c) puts in the chosen queue's limit for the job's node count, saying which limit and its source.
 * A limit described with a number ("debug's max is 30 min") states no wish; a walltime stated in words
 * wins over this. */
#include "reader.h"

#include <string.h>

static const char *const allow_verbs[] = {"allows", "allow", "lets", "let", "permits", "permit", "takes", "gives",
					  "accepts", "allowed", "permitted", "possible", NULL};
static const char *const time_nouns[] = {"walltime", "wall-time", "wallclock", "wall-clock", "time", "runtime",
					 "timelimit", "time-limit", "duration", NULL};

/* Whether a number stands within the next few words from k (the limit is described, not asked for). */
static bool number_follows(const struct ctx *c, size_t k)
{
	for (size_t q = k; q < c->n && q < k + 4; q++) {
		if (c->t[q].is_num || c->t[q].num_word)
			return true;
		if (rd_sentence_end_after(c, q))
			break;
	}
	return false;
}

/* Whether a verb of allowing follows within the clause from k ("... prod allows at that size"). */
static bool allowed_after(const struct ctx *c, size_t k, size_t within)
{
	for (size_t q = k; q < c->n && q < k + within; q++) {
		if (rd_is_any(c, q, allow_verbs))
			return true;
		if (rd_sentence_end_after(c, q) || c->t[q].trail == ',')
			break;
	}
	return false;
}

/* The first token of a phrase asking for the queue's limit, or c->n. */
static size_t queue_max_phrase(const struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		if (c->t[i].source || c->t[i].neg || c->t[i].used)
			continue;
		/* "as long as the queue allows", "as long as possible", "as much time as it lets me" */
		if (rd_is(c, i, "as") && (rd_is(c, i + 1, "long") || (rd_is(c, i + 1, "much") && rd_is(c, i + 2, "time"))) &&
		    (rd_is(c, i + 2, "as") || rd_is(c, i + 3, "as"))) {
			size_t k = rd_is(c, i + 2, "as") ? i + 3 : i + 4;
			if (rd_is_any(c, k, (const char *const[]){"possible", "allowed", "permitted", NULL}) || allowed_after(c, k, 5))
				return i;
		}
		/* "the longest that queue lets me", "the longest walltime allowed", "longest possible" */
		if (rd_is(c, i, "longest") && !number_follows(c, i + 1) &&
		    (rd_is_any(c, i + 1, time_nouns) || rd_is(c, i + 1, "possible") || allowed_after(c, i + 1, 6)))
			return i;
		/* "the max walltime prod allows", "maximum walltime", "max time allowed", "the queue's max" */
		if ((rd_is(c, i, "max") || rd_is(c, i, "maximum") || rd_is(c, i, "full")) && !number_follows(c, i + 1)) {
			bool noun = rd_is_any(c, i + 1, time_nouns) ||
				    (rd_is(c, i + 1, "wall") && (rd_is(c, i + 2, "time") || rd_is(c, i + 2, "clock")));
			bool queue_own = i > 0 && (rd_is(c, i - 1, "queue's") || rd_is(c, i - 1, "partition's") ||
						  rd_is(c, i - 1, "qos's"));
			/* (not "max walltime is 2h", "under the max time", "the max time on debug is too short") */
			bool said_of = i > 0 && rd_is_any(c, i - 1, (const char *const[]){"under", "below", "within", "than",
											   "beyond", "over", "past", "exceed", NULL});
			if ((noun || queue_own) && !said_of &&
			    !rd_is_any(c, i + (noun ? 2 : 1), (const char *const[]){"is", "was", "of", "on", "for", "in", NULL}))
				return i;
		}
	}
	return c->n;
}

void rd_read_walltime_queue_max(struct ctx *c)
{
	struct request *r = c->req;
	if (r->walltime_min || r->from[RF_WALLTIME])
		return;
	size_t i = queue_max_phrase(c);
	if (i == c->n)
		return;
	r->walltime_queue_max = true; /* (no "from" words: the number comes from the queue, rules.c says which) */
	for (size_t k = i; k < c->n && k < i + 6; k++) {
		c->t[k].used = true;
		if (rd_sentence_end_after(c, k) || c->t[k].trail == ',')
			break;
	}
}

/* failure_notes.c - the words around an earlier run's failure that are not the ask. A report of a
 * failed job ("debug can't go past an hour so move it to capacity", "aurora single-node test fell over",
 * "It never starts on Anvil - 16 GPUs is over the per-user cap", "so the weights get sharded over all 8
 * GPUs", "that's a frontier compute node") states limits of the system, the size of the run that failed,
 * why the change is asked and which machine a pasted output came from. Their quantities are blanked
 * from the reader's working copy, as tool_output.c blanks the output itself; what the writer asks stays.
 * A machine maple has no profile for, named only to say what the pasted output is ("that's Frontera"),
 * is the request's cluster: an error, not a question. */
#include "extract.h"
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

static bool word_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '\'' || ch == '-' || ch == '_';
}

/* Whether s[a, b) holds any (lower-case) phrase of list as whole words, read position by position: a phrase
 * is compared only where a word starts with its first byte. */
static bool any_phrase(const char *s, size_t a, size_t b, const char *const *list)
{
	for (size_t i = a; i < b; i++) {
		if (i > a && word_char(s[i - 1]))
			continue;
		int c = tolower((unsigned char)s[i]);
		for (size_t k = 0; list[k]; k++) {
			if (tolower((unsigned char)list[k][0]) != c)
				continue;
			size_t n = strlen(list[k]);
			if (i + n <= b && !strncasecmp(s + i, list[k], n) && (i + n == b || !word_char(s[i + n])))
				return true;
		}
	}
	return false;
}

/* Words that ask for the new job: a clause that holds one is the writer's ask, never blanked. */
static const char *const asks[] = {"want", "need", "needs", "give", "make", "use", "please", "set", "ask", "request",
				   "switch", "move", "go to", "keep", "rerun", "resubmit", "submit", "drop", "bump", "raise",
				   "lower", "try", "put", "let's", "can you", "could you", "instead", "change", "increase",
				   "reduce", "scale", "double", "halve", NULL};

/* A limit of the system stated as a fact ("debug can't go past an hour", "gh-dev is 2h max", "2h is the
 * cap for 8 nodes in batch", "capacity tops out at 16 nodes", "16 GPUs is over the per-user cap", "8
 * nodes is too many for h100", "the A100x4 partition only has 4 per node"). */
static const char *const limit_cues[] = {
	"can't go past", "cannot go past", "can't go over", "cannot go over", "can't go beyond", "can't exceed",
	"cannot exceed", "can not exceed", "doesn't allow more than", "does not allow more than", "only allows",
	"only allow", "only takes", "only has", "tops out", "top out", "maxes out", "max out", "is capped", "are capped",
	"is limited to", "are limited to", "is the cap", "is the max", "is the maximum", "is the limit", "the cap is",
	"the max is", "the limit is", "the maximum is", "is max", "'s max", "max is", "over the cap", "over the limit",
	"over the per-user cap", "over the per-user limit", "above the cap", "above the limit", "above my", "over my",
	"over our", "is too many", "are too many", "too many for", "is too long for", "too long for", "exceeded",
	"exceeds", NULL};

/* A run that failed ("single-node test fell over", "OOM again on 1 node", "my 2-node job crashed"). */
static const char *const failure_cues[] = {
	"died", "dies", "crashed", "crashes", "crash", "fell over", "falls over", "failed", "fails", "hung", "hangs",
	"oom", "oom'd", "oomed", "ooms", "ran out of memory", "runs out of memory", "ran out of gpu memory", "got killed",
	"was killed", "killed", "timed out", "times out", "timeout", "blew up", "blows up", "errored", "aborted",
	"segfaulted", "got cancelled", "was cancelled", "got canceled", "was canceled", NULL};

/* The units of a quantity that goes with the number before it. */
static const char *const units[] = {"node", "nodes", "gpu", "gpus", "card", "cards", "gcd", "gcds", "tile", "tiles",
				    "hour", "hours", "hr", "hrs", "h", "minute", "minutes", "min", "mins", "day", "days",
				    "second", "seconds", "gib", "gb", "tasks", "ranks", "processes", "devices", NULL};

static bool in_list(const char *w, size_t n, const char *const *list)
{
	for (size_t k = 0; list[k]; k++)
		if (strlen(list[k]) == n && !strncasecmp(w, list[k], n))
			return true;
	return false;
}

static bool qty_word(const char *w, size_t n)
{
	static const char *const nums[] = {"a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight",
					   "nine", "ten", "eleven", "twelve", "sixteen", "single", "dozen", "half", NULL};
	return in_list(w, n, nums);
}

static void blank(char *s, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		if (s[i] != '\n')
			s[i] = ' ';
}

/* The quantities of the clause nl[a, b): a word that opens with a digit ("8", "2h", "~40", "16-node",
 * "01:00:00"), a number word before a unit or joined to one ("an hour", "single-node"), each with the
 * unit after it, and "all" or "every" right before. In a purpose clause (purpose) the quantity stays: it
 * restates the size the change makes ("so the weights get sharded over all 8 GPUs" is 8 in all, not 8
 * on each node), and only its "all" goes, with the queue waited in ("so it gets through the queue fast"). */
static void blank_quantities(char *nl, size_t a, size_t b, bool purpose)
{
	size_t prev_a = 0, prev_b = 0; /* the word before */
	for (size_t p = a; p < b;) {
		while (p < b && !word_char(nl[p]) && nl[p] != '~')
			p++;
		size_t e = p;
		while (e < b && (word_char(nl[e]) || nl[e] == '~' || nl[e] == ':' || nl[e] == '.' || nl[e] == '/'))
			e++;
		while (e > p && (nl[e - 1] == '.' || nl[e - 1] == ':'))
			e--; /* a sentence's full stop */
		if (e <= p) {
			p = e + 1;
			continue;
		}
		/* (a name with a digit is no quantity: "stampede3", "A100x4", "Bridges-2") */
		bool digit = isdigit((unsigned char)nl[p]) || (nl[p] == '~' && p + 1 < e && isdigit((unsigned char)nl[p + 1]));
		const char *dash = memchr(nl + p, '-', e - p);
		bool joined = dash && qty_word(nl + p, (size_t)(dash - (nl + p))) &&
			      in_list(dash + 1, (size_t)(nl + e - dash - 1), units); /* "single-node" */
		/* the next word, a unit? */
		size_t na = e;
		while (na < b && (nl[na] == ' ' || nl[na] == '\t'))
			na++;
		size_t ne = na;
		while (ne < b && word_char(nl[ne]))
			ne++;
		bool unit_next = ne > na && in_list(nl + na, ne - na, units);
		bool qty = digit || joined || (qty_word(nl + p, e - p) && unit_next);
		if (qty) {
			if (!purpose) {
				blank(nl, p, e);
				if (unit_next && !joined)
					blank(nl, na, ne), e = ne;
			}
			if (prev_b > prev_a && (in_list(nl + prev_a, prev_b - prev_a, (const char *const[]){"all", "every", "both", NULL})))
				blank(nl, prev_a, prev_b);
		} else if (purpose && in_list(nl + p, e - p, (const char *const[]){"queue", "queues", NULL})) {
			blank(nl, p, e);
			if (ne > na && !unit_next)
				blank(nl, na, ne), e = ne;
		}
		prev_a = p, prev_b = e;
		p = e;
	}
}

/* The words "queue", "partition", "qos" of a limit clause ("the debug queue only allows an hour"): the
 * queue it names is the one the limit is of, no stronger than a bare name the ask may replace. */
static void blank_queue_words(char *nl, size_t a, size_t b)
{
	for (size_t p = a; p < b;) {
		while (p < b && !word_char(nl[p]))
			p++;
		size_t e = p;
		while (e < b && word_char(nl[e]))
			e++;
		if (e > p && in_list(nl + p, e - p, (const char *const[]){"queue", "queues", "partition", "partitions", "qos", NULL}))
			blank(nl, p, e);
		p = e;
	}
}

/* Whether the text has a pasted job script: a directive line or a launch command opening a line. */
static bool has_pasted_script(const char *s, size_t len)
{
	static const char *const starts[] = {"#SBATCH", "#PBS", "#BSUB", "#flux:", "srun ", "mpiexec ", "mpirun ", "ibrun ",
					     "torchrun ", "aprun ", NULL};
	for (size_t a = 0; a < len;) {
		const char *nl = memchr(s + a, '\n', len - a);
		size_t b = nl ? (size_t)(nl - s) : len, p = a;
		while (p < b && (s[p] == ' ' || s[p] == '\t'))
			p++;
		for (size_t k = 0; starts[k]; k++)
			if (b - p >= strlen(starts[k]) && !strncmp(s + p, starts[k], strlen(starts[k])))
				return true;
		a = b + 1;
	}
	return false;
}

/* The end of the clause that starts at p in nl[.., len): a line's end, a sentence's or clause's
 * punctuation, a dash between blanks, or " so " / " but " (which open the next clause). */
static size_t clause_end(const char *s, size_t p, size_t len)
{
	for (size_t i = p; i < len; i++) {
		char ch = s[i];
		if (ch == '\n' || ch == ';' || ch == ',' || ch == '(' || ch == ')' || ch == '!' || ch == '?')
			return i;
		if ((ch == '.' || ch == ':') && (i + 1 >= len || isspace((unsigned char)s[i + 1])))
			return i;
		if (ch == ' ' && i + 2 < len && s[i + 1] == '-' && (s[i + 2] == ' ' || (s[i + 2] == '-' && i + 3 < len && s[i + 3] == ' ')))
			return i;
		if (i > p && ch == ' ' && (!strncasecmp(s + i, " so ", 4) || !strncasecmp(s + i, " but ", 5)))
			return i;
	}
	return len;
}

/* Whether nl, outside [a, b), states a node count of its own ("12 nodes", "a 4-node job"). */
static bool node_count_elsewhere(const char *nl, size_t len, size_t a, size_t b)
{
	for (size_t p = 0; p < len;) {
		if (p == a) {
			p = b;
			continue;
		}
		if (!isdigit((unsigned char)nl[p]) || (p > 0 && word_char(nl[p - 1]))) {
			p++;
			continue;
		}
		size_t e = p;
		while (e < len && isdigit((unsigned char)nl[e]))
			e++;
		if (e < len && (nl[e] == ' ' || nl[e] == '-'))
			e++;
		if (e + 4 <= len && !strncasecmp(nl + e, "node", 4) && (e + 4 == len || !isalpha((unsigned char)nl[e + 4]) ||
								       nl[e + 4] == 's'))
			return true;
		p = e;
	}
	return false;
}

/* "that's a frontier compute node", "this is from one Delta node": a sentence that says where a pasted
 * output came from, right after it; its "a"/"one" before the node is no count where the request states
 * its own node count. */
static void blank_machine_said(char *nl, const char *text, size_t len, size_t a, size_t b)
{
	/* (not "that was one DeltaAI node": the size of the run that was, which "twice the GPUs" may take as
	 * its base) */
	static const char *const opens[] = {"that's", "thats", "that is", "this is", "these are", "those are", "it's",
					    "output from", "all from", "from", NULL};
	bool open = false;
	for (size_t k = 0; opens[k] && !open; k++) {
		size_t n = strlen(opens[k]);
		open = b - a > n && !strncasecmp(nl + a, opens[k], n) && !word_char(nl[a + n]);
	}
	if (!open)
		return;
	/* the line before (blank lines skipped) was blanked as a tool's output */
	size_t q = a;
	while (q > 0 && isspace((unsigned char)text[q - 1]))
		q--;
	if (!q)
		return;
	size_t ls = q;
	while (ls > 0 && text[ls - 1] != '\n')
		ls--;
	bool was_output = q > ls;
	for (size_t i = ls; i < q && was_output; i++)
		was_output = isspace((unsigned char)nl[i]) != 0;
	if (!was_output)
		return;
	/* "a"/"one"/"single" then up to three words then "node" */
	size_t words = 0, art_a = 0, art_b = 0;
	for (size_t p = a; p < b && words < 9;) {
		while (p < b && !word_char(nl[p]))
			p++;
		size_t e = p;
		while (e < b && word_char(nl[e]))
			e++;
		if (e <= p)
			break;
		words++;
		if (in_list(nl + p, e - p, (const char *const[]){"a", "an", "one", "single", "1", NULL}))
			art_a = p, art_b = e;
		else if (art_b && in_list(nl + p, e - p, (const char *const[]){"node", "nodes", NULL})) {
			if (node_count_elsewhere(nl, len, a, b))
				blank(nl, art_a, art_b);
			return;
		}
		p = e;
	}
}

/* "It never starts on Anvil", "the job doesn't get scheduled on Delta": the job's progress is taken
 * back, not the cluster after it. */
static void blank_progress_negation(char *nl, size_t a, size_t b)
{
	static const char *const cues[] = {"never", "doesn't", "didn't", "won't", "does not", "did not", "never even", NULL};
	static const char *const verbs[] = {"start", "starts", "started", "begin", "begins", "began", "get scheduled",
					    "gets scheduled", "got scheduled", "leave the queue", "leaves the queue",
					    "left the queue", "get out of the queue", "gets out of the queue", NULL};
	for (size_t i = a; i < b; i++) {
		if (i > a && word_char(nl[i - 1]))
			continue;
		for (size_t k = 0; cues[k]; k++) {
			size_t n = strlen(cues[k]);
			if (i + n + 1 >= b || strncasecmp(nl + i, cues[k], n) || nl[i + n] != ' ')
				continue;
			size_t v = i + n + 1;
			for (size_t j = 0; verbs[j]; j++) {
				size_t m = strlen(verbs[j]);
				if (v + m <= b && !strncasecmp(nl + v, verbs[j], m) && (v + m == b || !word_char(nl[v + m]))) {
					blank(nl, i, i + n);
					return;
				}
			}
		}
	}
}

void rd_blank_failure_notes(char *nl, const char *text, size_t len)
{
	bool script = has_pasted_script(text, len);
	for (size_t p = 0; p < len;) {
		while (p < len && (isspace((unsigned char)nl[p]) || strchr(",;()!?.:-", nl[p])))
			p++;
		if (p >= len)
			break;
		size_t e = clause_end(nl, p, len);
		if (e <= p) {
			p++;
			continue;
		}
		/* a sentence's start: the clause opens a line or follows a full stop */
		size_t q = p;
		while (q > 0 && (nl[q - 1] == ' ' || nl[q - 1] == '\t'))
			q--;
		bool sentence = q == 0 || nl[q - 1] == '\n' || nl[q - 1] == '.' || nl[q - 1] == '!' || nl[q - 1] == '?';
		bool ask = any_phrase(nl, p, e, asks);
		bool purpose = !strncasecmp(nl + p, "so ", 3) && p + 3 < e && !isdigit((unsigned char)nl[p + 3]);
		if (purpose) {
			size_t w = p + 3;
			if (!strncasecmp(nl + w, "that ", 5))
				w += 5;
			size_t we = w;
			while (we < e && word_char(nl[we]))
				we++;
			/* a subject, then what follows from the change ("so the weights get sharded", "so it gets
			 * through the queue fast"); "so put it in capacity" is the ask itself */
			purpose = !ask && we > w &&
				  in_list(nl + w, we - w, (const char *const[]){"it", "the", "we", "they", "each", "every", "its",
										"this", "my", "our", "there", "all", NULL});
		}
		if (!ask && any_phrase(nl, p, e, limit_cues)) {
			blank_quantities(nl, p, e, false);
			blank_queue_words(nl, p, e);
		}
		else if (script && !ask && any_phrase(nl, p, e, failure_cues))
			blank_quantities(nl, p, e, false);
		else if (script && purpose)
			blank_quantities(nl, p, e, true);
		if (sentence) {
			size_t se = e;
			while (se < len && nl[se] != '\n' && !((nl[se] == '.' || nl[se] == '!' || nl[se] == '?') &&
							       (se + 1 >= len || isspace((unsigned char)nl[se + 1]))))
				se++;
			blank_machine_said(nl, text, len, p, se);
		}
		blank_progress_negation(nl, p, e);
		p = e + 1;
	}
}

/* "that's Frontera", "this is Sherlock.", "that's our Della cluster": a system maple has no profile for,
 * named to say what the pasted output is, where no cluster is read otherwise. */
void rd_read_machine_identified(struct ctx *c)
{
	if (c->cluster || c->req->cluster)
		return;
	for (size_t i = 0; i + 1 < c->n; i++) {
		size_t k = i + 1;
		if (!rd_is(c, i, "that") && !rd_is(c, i, "this") && !rd_is(c, i, "it") && !rd_is(c, i, "thats"))
			continue;
		/* "that's" (its token drops the "'s"), "that is", "this was" */
		const char *r = c->text + c->t[i].start;
		size_t l = c->t[i].end - c->t[i].start;
		bool s_form = rd_is(c, i, "thats") || (l > 2 && !strncmp(r + l - 2, "'s", 2)) ||
			      (l > 4 && !strncmp(r + l - 4, "\u2019s", 4));
		if (!s_form && (rd_is(c, k, "is") || rd_is(c, k, "was")))
			k++;
		else if (!s_form)
			continue;
		if (rd_is(c, k, "our") || rd_is(c, k, "the"))
			k++;
		if (k >= c->n || c->t[k].neg || c->t[k].source || !isupper((unsigned char)c->t[k].raw[0]))
			continue;
		const struct other_system *o = vocab_other_system(c->t[k].norm);
		if (!o)
			continue;
		request_set(&c->req->cluster, c->t[k].raw);
		rd_set_from_toks(c, RF_CLUSTER, k, k);
		c->t[k].used = c->t[k].cluster = true;
		return;
	}
}

/* prose_queue.c - the queue (partition, QOS) as prose states it: a cued or distinctive queue name of
 * the cluster, queues the text rules out or judges unusable, another cluster's queues. */
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A queue named on an interactive session's allocation line ("srun -p ghx4-interactive ... --pty bash",
 * "interact -p GPU-shared"): where a test ran by hand, not the batch job's queue. */
static bool session_queue(const struct ctx *c, const struct tok *t)
{
	return rd_session_line_at(c, t->start);
}

static bool queue_known(const struct ctx *c, const char *name)
{
	return c->cluster && cluster_queue(c->cluster, name);
}

static bool queue_word_ok(const struct ctx *c, const struct tok *v)
{
	static const char *const bad[] = {"default", "which", "what", "any", "same", "right", "correct", "proper",
					  "production", "appropriate", "best", "fastest", "gpu", "batch", "shortest",
					  "sbatch", "qsub", "ddp", "fsdp", "deepspeed", "accelerate", "torchrun", "whatever",
					  "wait", "waits", "below", "above", "see", "tbd", "tba", "none", "unknown", "later",
					  "time", "times", "depth", "length",
					  /* "gh queue takes jobs up to 48 h", "the debug queue allows 2 nodes" */
					  "takes", "allows", "accepts", "has", "is", "was", "limits", "caps", "gives", "runs",
					  "only", "permits", "supports", "lets", "will", "would", "can", "should", "tops",
					  "maxes", "needs", "requires", "starts", "kills", "preempts", "too", "very", "so",
					  "really", "busy", "full", "down",
					  /* "keep queue and project as they are", "GPU partition charges you the whole node" */
					  "keep", "change", "use", "pick", "choose", "select", "set", "leave", "charges", "charge",
					  "costs", "bills", "their", "our", "my", "your", "this", "that", "another", "other",
					  "different", "current", "usual",
					  /* "to get through the queue faster", "the queue today", "queue again" */
					  "faster", "quicker", "sooner", "slower", "longer", "shorter", "earlier", "today",
					  "tonight", "tomorrow", "now", "again", "there", "here", "then", "first", "more", "less",
					  "status", "position", "jobs",
					  /* "whichever queue takes 16 nodes", "the queue meant for long jobs": a queue
					   * described, not named */
					  "whichever", "either", "each", "every", "some", "meant", "intended", "reserved",
					  "designed", "made", "built", "used", "for", "where", "with", "that",
					  /* "the long-running partition": what it is for, not its name (unless the cluster
					   * has a queue of that name) */
					  "long", "long-running", "longrunning", NULL};
	/* "the queue quickly": an adverb, unless the cluster has a queue of that name */
	size_t vl = strlen(v->norm);
	if (vl > 4 && !strcmp(v->norm + vl - 2, "ly") && !queue_known(c, v->raw))
		return false;
	/* no queue's name starts with a digit: "1.5h", "2x", "4-node" are values said near the cue */
	return rd_identifier_like(v->raw) && !v->used && !isdigit((unsigned char)v->raw[0]) && !rd_numeric(v->norm) &&
	       !rd_is_reserved_word(c, v->norm) &&
	       !rd_in_list(v->norm, bad) && !vocab_in(VL_COUNT_ADJECTIVE, v->norm);
}

/* A known queue name that cannot be an ordinary word: gpuA100x4, GPU-shared, gpu-a100-dev. */
static bool distinctive_queue(const struct ctx *c, const struct tok *v)
{
	if (!queue_known(c, v->raw) || is_gpu_unit(v->norm))
		return false; /* "H100 nodes" names hardware, not the h100 queue */
	for (const char *p = v->raw; *p; p++)
		if (isdigit((unsigned char)*p) || *p == '-' || *p == '_')
			return true;
	return false;
}

/* The cluster's queue whose name is the words x and y joined, in either order, by '-', '_' or nothing
 * ("shared" "GPU" -> "GPU-shared"), or NULL. */
static const char *joined_queue(const struct ctx *c, const struct tok *x, const struct tok *y)
{
	static const char *const seps[] = {"-", "_", ""};
	const struct tok *pair[2][2] = {{x, y}, {y, x}};
	for (int o = 0; o < 2; o++)
		for (size_t s = 0; s < sizeof(seps) / sizeof(*seps); s++) {
			char buf[128];
			int n = snprintf(buf, sizeof(buf), "%s%s%s", pair[o][0]->raw, seps[s], pair[o][1]->raw);
			if (n <= 0 || (size_t)n >= sizeof(buf))
				continue;
			for (size_t q = 0; q < c->cluster->nqueues; q++)
				if (!strcasecmp(c->cluster->queues[q].name, buf))
					return c->cluster->queues[q].name;
		}
	return NULL;
}

/* Whether the sentence holding token i is a question ("what's the partition again?", "prod queue?"). */
static bool asked(const struct ctx *c, size_t i)
{
	for (size_t k = i; k < c->n; k++)
		if (rd_sentence_end_after(c, k) || c->t[k].trail == ',') {
			if (c->t[k].trail != '?')
				return false;
			/* a request put as a question ("Can I get this: Polaris, 2 nodes, ... the debug QOS?", "Could
			 * you set up 4 nodes in debug?"): asked for, not asked about */
			size_t a = i;
			while (a > 0 && !rd_sentence_end_after(c, a - 1))
				a--;
			return !rd_polite_ask_at(c, a); /* (and "Is it possible to use the shared QOS ...?") */
		}
	return false;
}

/* Whether a queue the cluster has is named within a few words of the cue at i. */
static bool known_queue_nearby(const struct ctx *c, size_t i)
{
	for (size_t k = i > 4 ? i - 4 : 0; k < c->n && k <= i + 5; k++)
		if (k != i && !c->t[k].used && !c->t[k].source && distinctive_queue(c, &c->t[k]))
			return true;
	return false;
}

/* Whether a queue was spoken of earlier in the text (a cue word or a queue the cluster has), so that a
 * bare queue name after a correction can be taken as the corrected queue. */
static const char *const queue_cues[] = {"queue", "partition", "qos", "--partition", "--qos", "--queue", "part",
					 "queues", NULL};

static bool queue_cue_before(const struct ctx *c, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (rd_in_list(c->t[k].norm, queue_cues) || (queue_known(c, c->t[k].raw) && !is_gpu_unit(c->t[k].norm)))
			return true;
	return false;
}

/* Whether the purpose word x after "the queue meant for" is the stem of one of the target's queue names
 * ("preemptible" of Polaris's preemptable and Delta's gpuA100x4-preempt, "debug"); not a description that names
 * none ("smaller long-running jobs": the queue by its limits, read elsewhere). */
static bool purpose_names_queue(const struct ctx *c, const struct tok *x)
{
	if (!c->cluster || strlen(x->norm) < 4 || !queue_word_ok(c, x))
		return false;
	size_t stem = strlen(x->norm) < 6 ? strlen(x->norm) : 6;
	for (size_t q = 0; q < c->cluster->nqueues; q++) {
		const char *n = c->cluster->queues[q].name;
		for (size_t p = 0; n[p]; p++)
			if (!strncasecmp(n + p, x->norm, stem))
				return true;
	}
	return false;
}

/* Whether token a stands in a condition's clause: "if the regular queue is ...", "unless debug is ...", "in
 * case the queue is ...". */
static bool in_condition(const struct ctx *c, size_t a)
{
	static const char *const cond[] = {"if", "unless", "when", "whenever", "case", "should", NULL};
	for (size_t k = a; k > 0 && a - k < 6; k--) {
		if (rd_sentence_end_after(c, k - 1) || c->t[k - 1].trail == ';' || c->t[k - 1].trail == ':')
			break;
		if (rd_is_any(c, k - 1, cond))
			return true;
	}
	return false;
}

/* Whether the clause around token i judges it unusable: "the debug QOS is limited to 30 min", "the
 * preemptable queue would kill our run", "gpu-a100-dev is too short", "we cannot use gpuA40x4". */
static bool judged_unusable(const struct ctx *c, size_t i)
{
	static const char *const cues[] = {"too", "cannot", "can't", "cant", "won't", "wont", "doesn't", "isn't", "not",
					   "kill", "kills", "killed", "avoid", "never", "unusable", "limited",
					   "insufficient", "full", "preempts", "preempted", "max", "maximum", "capped", "most",
					   "deep", "busy", "crowded", "congested", "backlog", "backlogged", "packed",
					   "needs", "requires", "minimum", "wait", NULL};
	static const char *const back[] = {"so", "but", "therefore", "hence", NULL};
	static const char *const turn[] = {"so", "but", "therefore", "hence", "instead", "use", NULL};
	size_t a = i, e = i;
	static const char *const nots[] = {"cannot", "can't", "cant", "not", "won't", "don't", "dont", "never", NULL};
	while (a > 0 && !rd_sentence_end_after(c, a - 1) && !rd_is_any(c, a - 1, back) &&
	       !((rd_is(c, a - 1, "use") || rd_is(c, a - 1, "go")) && !(a >= 2 && rd_is_any(c, a - 2, nots))))
		a--; /* "..., use gpu-a100", "that is too small, go capacity" */
	static const char *const back_ref[] = {"it", "it's", "its", "that", "that's", "this", "they", NULL};
	while (e + 1 < c->n && !rd_sentence_end_after(c, e) && c->t[e].trail != ';' &&
	       (!rd_is_any(c, e + 1, turn) ||
		(rd_is(c, e + 1, "but") && (rd_is_any(c, e + 2, back_ref) ||
					    (rd_is(c, e + 2, "the") && (rd_is(c, e + 3, "queue") || rd_is(c, e + 3, "partition") ||
									 rd_is(c, e + 3, "qos")))))))
		e++; /* "We looked at debug-scaling but it's 1 h max" */
	for (size_t k = a; k <= e; k++) {
		if (k == i || !rd_is_any(c, k, cues) || c->t[k].cluster || queue_known(c, c->t[k].raw))
			continue;
		if (rd_is(c, k, "full") && is_node_unit(rd_norm_at(c, k + 1)))
			continue; /* "2 full nodes on the GPU partition": the nodes are whole */
		/* a negation of another queue ("actually not debug: regular") judges that one, not this */
		size_t n = k + 1 < c->n && rd_is(c, k + 1, "the") ? k + 2 : k + 1;
		if (rd_is_any(c, k, nots) && n < c->n && n != i && queue_known(c, c->t[n].raw) && !is_gpu_unit(c->t[n].norm))
			continue;
		return true;
	}
	return false;
}

/* Whether the queue at k is introduced as the choice: "so capacity", "use capacity", "go with prod",
 * "regular it is", "shared instead", "gh-dev please". */
static bool chosen_queue(const struct ctx *c, size_t k)
{
	static const char *const lead[] = {"so", "use", "with", "choose", "take", "then", "pick", "prefer", "go", "keep",
					   "stay", "stick", NULL};
	/* "switch to gpuA100x4-preempt", "move it to debug", "change the QOS to premium" */
	static const char *const move[] = {"switch", "switching", "move", "moving", "change", "changing", "swap", "swapping",
					   "put", "send", "submit", NULL};
	for (size_t q = k; q > 0 && k - q < 5; q--) {
		if (rd_sentence_end_after(c, q - 1))
			break;
		if (rd_is(c, q - 1, "to") || rd_is(c, q - 1, "into") || rd_is(c, q - 1, "in"))
			for (size_t m = q - 1; m > 0 && q - 1 - m < 4; m--) {
				if (rd_sentence_end_after(c, m - 1))
					break;
				if (rd_is_any(c, m - 1, move))
					return true;
			}
		if (k - q >= 3)
			continue;
		if (rd_is_any(c, q - 1, lead))
			return !(q >= 2 && rd_is_any(c, q - 2, (const char *const[]){"cannot", "can't", "cant", "not", "don't", "dont",
										       "won't", "never", NULL})); /* "cannot use X" */
	}
	/* "but premium this time", "debug for this run", "debug for this one" */
	if ((rd_is(c, k + 1, "this") && (rd_is(c, k + 2, "time") || rd_is(c, k + 2, "round"))) ||
	    (rd_is(c, k + 1, "for") && rd_is(c, k + 2, "this") &&
	     rd_is_any(c, k + 3, (const char *const[]){"run", "one", "job", "time", "round", NULL})))
		return true;
	return (rd_is(c, k + 1, "it") && rd_is(c, k + 2, "is")) || rd_is(c, k + 1, "instead") || rd_is(c, k + 1, "please") ||
	       (rd_is(c, k + 1, "queue") && (rd_is(c, k + 2, "instead") || rd_is(c, k + 2, "please")));
}

/* Whether the clause after token i says it will not do: "gh-dev (2 h max) won't work", "debug doesn't
 * fit", "capacity can't take it". */
static bool said_not_to_work(const struct ctx *c, size_t i)
{
	static const char *const nots[] = {"won't", "wont", "doesn't", "doesnt", "can't", "cant", "cannot", NULL};
	static const char *const aux[] = {"will", "would", "does", "can", NULL}; /* "will not work" */
	static const char *const work[] = {"work", "fit", "do", "take", "suffice", "accept", "allow", NULL};
	for (size_t k = i + 1; k + 1 < c->n && k <= i + 7; k++) {
		if ((rd_is_any(c, k, nots) && rd_is_any(c, k + 1, work)) ||
		    (rd_is_any(c, k, aux) && rd_is(c, k + 1, "not") && rd_is_any(c, k + 2, work)))
			return true;
		if (rd_sentence_end_after(c, k) || c->t[k].trail == ';')
			break;
	}
	return false;
}

/* "The preemptable queue would kill our run, so please use capacity", "debug is limited to 30 min, so
 * regular it is", "batch rather than extended": a queue of the target taken back (judged unusable, or
 * negated) when the text names another queue of the target, which is then the choice. Marks the queue
 * taken back as used; returns the chosen queue's token, or c->n. */
/* Whether the queue at i is what a negation right before it takes back, with only words that place a
 * job between: "not gh-dev", "don't put it in gpu-a100-dev", "never the debug QOS", "no need for the pvc
 * queue", "stay out of prod" (not "don't go over 30 minutes in debug", whose negation is of the time). */
static bool negated_outright(const struct ctx *c, size_t i)
{
	static const char *const filler[] = {"it", "this", "that", "them", "in", "into", "on", "to", "the", "a", "put", "use",
					     "run", "submit", "send", "place", "schedule", "queue", "partition", "qos", "for",
					     "of", "out", "stay", "keep", "need", "please", NULL};
	static const char *const cue[] = {"not", "no", "don't", "dont", "never", "without", "skip", "except", "avoid",
					  "but", NULL};
	for (size_t k = i; k > 0 && i - k < 8; k--) {
		if (c->t[k - 1].trail == ',' || c->t[k - 1].trail == '.' || rd_sentence_end_after(c, k - 1))
			return false;
		if (rd_is_any(c, k - 1, cue))
			return !(rd_is(c, k - 1, "but") && !(k >= 2 && rd_is(c, k - 2, "anything")));
		if (!rd_is_any(c, k - 1, filler))
			return false;
	}
	return false;
}

static size_t rule_out_queues(struct ctx *c, bool *before_only)
{
	size_t chosen = c->n;
	*before_only = false;
	for (size_t i = 0; i < c->n; i++) {
		struct tok *t = &c->t[i];
		if (t->used || t->source || t->copied || !queue_known(c, t->raw) || session_queue(c, t) || is_gpu_unit(t->norm) ||
		    (!t->neg && (!judged_unusable(c, i) || (chosen_queue(c, i) && !said_not_to_work(c, i)))))
			continue; /* "so gh-dev please (8 nodes / 2 h max)": a limit said of the choice */
		/* the other queue: the nearest one after (one introduced as the choice first), else the nearest
		 * one before ("Perlmutter regular, ...; the interactive QOS is capped at 4 nodes") */
		size_t other = c->n;
		for (size_t k = i + 1; k < c->n; k++)
			if (!c->t[k].used && !c->t[k].source && !c->t[k].copied && !c->t[k].neg && queue_known(c, c->t[k].raw) &&
			    !session_queue(c, &c->t[k]) && !is_gpu_unit(c->t[k].norm) && strcasecmp(c->t[k].raw, t->raw) &&
			    (chosen_queue(c, k) || !judged_unusable(c, k))) {
				if (other == c->n || (chosen_queue(c, k) && !chosen_queue(c, other)))
					other = k; /* the nearest, unless a later one is introduced as the choice */
			}
		bool after_found = other != c->n;
		for (size_t k = i; k > 0 && other == c->n; k--)
			if (!c->t[k - 1].used && !c->t[k - 1].source && !c->t[k - 1].copied && !c->t[k - 1].neg && queue_known(c, c->t[k - 1].raw) &&
			    !session_queue(c, &c->t[k - 1]) && !is_gpu_unit(c->t[k - 1].norm) && strcasecmp(c->t[k - 1].raw, t->raw))
				other = k - 1;
		if (other == c->n && !(t->neg && negated_outright(c, i)))
			continue;
		request_reject(c->req, RF_QUEUE, t->raw, strlen(t->raw), "ruled out in the text (judged unusable or taken back)");
		strvec_push_nodup(&c->req->not_queues, xstrdup(t->raw));
		t->used = t->neg = true;
		/* and its earlier mentions: "'... 1 hour in gh-dev'. ... so gh-dev (2 h max) won't work; use gh" */
		for (size_t k = 0; k < i; k++)
			if (!strcasecmp(c->t[k].raw, t->raw))
				c->t[k].used = c->t[k].neg = true;
		chosen = other;
		*before_only = !after_found;
	}
	return chosen;
}

/* Whether another cluster maple knows has a queue of this name ("prod" of Polaris, "gpuA100x4" of Delta). */
static bool other_clusters_queue(const struct ctx *c, const char *name)
{
	for (size_t i = 0; i < repo_cluster_count(c->repo); i++) {
		const struct cluster *cl = repo_cluster_at(c->repo, i);
		if (cl && cl != c->cluster && strcmp(cl->id, c->cluster->id) && cluster_queue(cl, name))
			return true;
	}
	return false;
}

/* The queue named by a cue word ("queue debug", "the prod queue", "-p gpu") of the tokens in one place
 * (below); *levelp is the correction level of the queue read so far. A queue named after a correction
 * ("debug queue -- actually, use the prod queue") replaces the one it corrects; before it, the first one
 * named stands.
 * Where a cue stands: in the request's words, as an option of a typed command line ("sbatch -p batch -N 2
 * run.sh", which a queue named in words overrides: "... 6 hours (extended)"), or on a pasted job script's
 * directive line. */
enum cue_place { CUE_WORDS, CUE_COMMAND, CUE_DIRECTIVE };


static enum cue_place cue_place_at(const struct ctx *c, size_t i)
{
	if (rd_directive_line_at(c, c->t[i].start))
		return CUE_DIRECTIVE;
	return c->t[i].raw[0] == '-' && rd_command_line_at(c, c->t[i].start) ? CUE_COMMAND : CUE_WORDS;
}

static void read_cued_queue(struct ctx *c, enum cue_place place, int *levelp)
{
	bool directives = place != CUE_WORDS; /* a queue of a script or command of another system is not taken */
	struct request *r = c->req;
	int level = *levelp;
	for (size_t i = 0; i < c->n; i++) {
		const struct tok *t = &c->t[i];
		/* not "part of the dataset", "ignore the trainer part": "part" abbreviates a partition as a form's key,
		 * first on its line or after a separator ("part: gpu", "nodes: 2, part: debug") */
		bool part = rd_is(c, i, "part");
		bool cue = (rd_in_list(t->norm, queue_cues) &&
			    !(part && (rd_is(c, i + 1, "of") || rd_is(c, i + 1, "in") ||
				       !(i == 0 || rd_newline_between(c, i - 1, i) || c->t[i - 1].trail)))) ||
			   !strcmp(t->raw, "-q") || !strcmp(t->raw, "-p");
		if (!cue || (r->queue && t->corr <= level) || cue_place_at(c, i) != place)
			continue;
		/* an interactive session's queue ("salloc -q interactive", "qsub -I -q debug", "idev -p
		 * gpu-a100-dev"): where a test ran by hand, not the batch job's */
		if (t->source || t->copied || rd_session_line_at(c, t->start)) { /* a queue of where the job ran before is not the target's */
			if (i > 0)
				request_reject(c->req, RF_QUEUE, c->text + c->t[i - 1].start, c->t[i].end - c->t[i - 1].start,
					       "said of where the job ran before");
			continue;
		}
		bool flag = t->raw[0] == '-';
		size_t k = rd_skip_fillers(c, i + 1);
		/* "Aurora debug queue | 3 nodes | 30 min": a column's bar after it, no value */
		bool bar = k < c->n && (!strcmp(c->t[k].raw, "|") || !strcmp(c->t[k].raw, "/"));
		if (k < c->n && !c->t[k].used && !rd_newline_between(c, i, k) && !bar &&
		    rd_reject_shell_value(c, k, RF_QUEUE, rd_is(c, i, "qos") || !strcmp(t->norm, "--qos") ? "QOS" : "queue", false))
			continue;
		/* "the queue meant for preemptible work", "a partition intended for long jobs", "the queue for
		 * preemptible jobs": the purpose word names it */
		size_t k0 = k;
		if (k + 2 < c->n && !t->trail && (rd_is(c, k, "is") || rd_is(c, k, "that") || rd_is(c, k, "which")) &&
		    (rd_is(c, k + 1, "meant") || rd_is(c, k + 1, "intended") || rd_is(c, k + 1, "reserved") ||
		     rd_is(c, k + 1, "is") || rd_is(c, k + 1, "for")))
			k += rd_is(c, k + 1, "is") ? 2 : 1; /* "the queue (that) is meant for ...", "whatever queue is for ..." */
		bool purpose = false; /* the name after the cue is its purpose's word */
		if (k + 1 < c->n && !t->trail &&
		    (rd_is(c, k, "meant") || rd_is(c, k, "intended") || rd_is(c, k, "reserved") || rd_is(c, k, "designed")) &&
		    rd_is(c, k + 1, "for") && k + 2 < c->n && !c->t[k + 1].trail && purpose_names_queue(c, &c->t[k + 2]))
			k += 2, purpose = true;
		else if (k + 1 < c->n && !t->trail && rd_is(c, k, "for") && purpose_names_queue(c, &c->t[k + 1]) &&
			 rd_is_any(c, k + 2, (const char *const[]){"work", "jobs", "runs", "use", NULL}))
			k += 1, purpose = true;
		else
			k = k0;
		const struct tok *after = k < c->n && !c->t[k].used && !bar ? &c->t[k] : NULL;
		/* "depending on the queue; let's ...": a clause ends at the word, no name follows it (a name after
		 * a colon does: "queue: debug") unless it is one of the target's queues */
		if (after && t->trail && t->trail != ':' && !queue_known(c, after->raw))
			after = NULL;
		/* "queue one more like the pending one", "queue it up": the verb */
		if (rd_is(c, i, "queue") && !t->trail && !(i > 0 && (rd_is(c, i - 1, "the") || queue_known(c, c->t[i - 1].raw))) &&
		    (rd_is(c, i + 1, "one") || rd_is(c, i + 1, "another") || rd_is(c, i + 1, "it") || rd_is(c, i + 1, "up") ||
		     rd_is(c, i + 1, "this") || rd_is(c, i + 1, "them") ||
		     /* "queue the follow-up on DeltaAI", "queue a rerun" */
		     ((rd_is(c, i + 1, "the") || rd_is(c, i + 1, "a")) && i + 2 < c->n && !queue_known(c, c->t[i + 2].raw))))
			continue;
		/* "if the queue is long", "the queue looks busy": said of the queue, no name of one */
		static const char *const copula[] = {"is", "was", "looks", "seems", "gets", "are", "got", NULL};
		if (after && !purpose && rd_is_any(c, i + 1, copula) && !queue_known(c, after->raw))
			after = NULL; /* (not "whatever queue is meant for preemptible work": its purpose names it) */
		/* "on the GPU partition" (Bridges-2's partition named like a unit word the counts read) */
		bool named_before = i > 0 && !c->t[i - 1].is_num && queue_known(c, c->t[i - 1].raw) &&
				    (rd_is(c, i, "partition") || rd_is(c, i, "queue"));
		const struct tok *before = i > 0 && !flag && !c->t[i - 1].trail && (!c->t[i - 1].used || named_before) &&
						   !rd_newline_between(c, i - 1, i)
						   ? &c->t[i - 1]
						   : NULL; /* not "Walltime: see below\nQueue: ..." */
		/* "the preemptible A100 partition", "the interactive H200 partition": the role word before the
		 * hardware's name (the GPU model is read as such) */
		if (before && i >= 2 && !queue_known(c, before->raw) && vocab_gpu_model(before->norm) && !c->t[i - 2].trail &&
		    !rd_newline_between(c, i - 2, i - 1) && queue_word_ok(c, &c->t[i - 2]) && !c->t[i - 2].is_num)
			before = &c->t[i - 2];
		/* "the preemptible QOS, the regular preemptible one", "the preemptible QOS (the regular one)": a
		 * comma or an aside closes the phrase the name before the cue opened (the cue and its name may be
		 * pieces of one word, "queues=debug", which share their offsets: nothing between them) */
		if (after && before && !queue_known(c, before->raw) && queue_word_ok(c, before) &&
		    ((t->trail && t->trail != ':') ||
		     (after->start > t->end && memchr(c->text + t->end, '(', after->start - t->end)) ||
		     c->text[after->start] == '('))
			after = NULL;
		const struct tok *pick = NULL;
		size_t a = i, b = i;
		/* "the shared GPU partition" (GPU-shared), "the A100 x8 partition": the two words before the cue
		 * are one queue's name in pieces, in either order - the queue, not its first piece ("GPU") */
		const char *joined = NULL;
		if (before && i >= 2 && !c->t[i - 2].trail && !rd_newline_between(c, i - 2, i - 1) && !c->t[i - 2].used &&
		    !c->t[i - 2].is_num && c->cluster)
			joined = joined_queue(c, &c->t[i - 2], before);
		if (joined) {
			if (!c->t[i - 2].neg && !asked(c, i)) {
				request_set(&r->queue, joined);
				rd_set_from_toks(c, RF_QUEUE, i - 2, i);
				level = before->corr;
			}
			continue;
		}
		if (before && queue_known(c, before->raw)) {
			pick = before, a = (size_t)(before - c->t);
		} else if (after && queue_known(c, after->raw)) {
			pick = after, b = k;
		} else if (known_queue_nearby(c, i)) {
			continue; /* "interactive partition on delta (gpuA100x4-interactive)": the real name wins */
		} else if (flag && after && rd_identifier_like(after->raw) && !rd_numeric(after->norm)) {
			pick = after, b = k;
		} else if (before && queue_word_ok(c, before)) {
			pick = before, a = (size_t)(before - c->t);
		} else if (after && queue_word_ok(c, after)) {
			pick = after, b = k;
		}
		if (pick && pick->neg) { /* "not the extended queue", "we don't want the debug QOS" */
			request_reject(r, RF_QUEUE, c->text + c->t[a].start, c->t[b].end - c->t[a].start, "negated");
			strvec_push_nodup(&r->not_queues, xstrdup(pick->raw));
			pick = NULL;
		}
		if (pick && asked(c, b)) { /* "prod queue? no, debug-scaling": a question names no queue */
			request_reject(r, RF_QUEUE, c->text + c->t[a].start, c->t[b].end - c->t[a].start, "asked, not stated");
			pick = NULL;
		}
		if (pick && directives && c->cluster && !cluster_queue(c->cluster, pick->raw) && other_clusters_queue(c, pick->raw)) {
			/* "#PBS -q prod" of a Polaris script pasted to be run "on Frontier": the other system's queue */
			request_reject(r, RF_QUEUE, c->text + c->t[a].start, c->t[b].end - c->t[a].start,
				       "a queue of the pasted script's own system, which the target does not have");
			request_warn(r, "the pasted %s's queue '%s' is not one of %s's: left to the target's default",
				     place == CUE_COMMAND ? "command" : "script", pick->raw, c->cluster->id);
			pick = NULL;
		}
		/* "Fallback if the regular queue is more than 2 days deep: Delta": a queue judged in a condition is
		 * neither chosen nor ruled out */
		if (pick && pick == before && rd_is_any(c, i + 1, copula) && judged_unusable(c, i) && in_condition(c, a)) {
			request_reject(r, RF_QUEUE, c->text + c->t[a].start, c->t[b].end - c->t[a].start, "said in a condition");
			pick = NULL;
		}
		/* "the dev queue is too small": a queue judged, not chosen */
		if (pick && pick == before && rd_is_any(c, i + 1, copula) && judged_unusable(c, i)) {
			request_reject(r, RF_QUEUE, c->text + c->t[a].start, c->t[b].end - c->t[a].start, "judged unusable");
			strvec_push_nodup(&r->not_queues, xstrdup(pick->raw));
			pick = NULL;
		}
		if (pick) {
			request_set(&r->queue, pick->raw);
			rd_set_from_toks(c, RF_QUEUE, a, b);
			level = pick->corr;
		}
	}
	*levelp = level;
}

void rd_read_queue(struct ctx *c)
{
	struct request *r = c->req;
	bool before_only; /* the queue left is the nearest before the one ruled out, a guess a queue named in words beats */
	size_t chosen = rule_out_queues(c, &before_only);
	/* the correction level of the queue read so far; a form's field ("partition: gpuA100x4") stands
	 * unless a correction in prose names another */
	int level = r->queue ? 0 : -1;
	read_cued_queue(c, CUE_WORDS, &level);
	/* "a frontier debug-qos job", "the regular-queue run": the name glued to its cue word */
	for (size_t i = 0; i < c->n && !r->queue; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->source || t->copied || t->neg || rd_directive_line_at(c, t->start))
			continue;
		static const char *const glued[] = {"-qos", "-queue", "-partition", "_qos", NULL};
		size_t l = strlen(t->raw);
		for (const char *const *g = glued; *g; g++) {
			size_t gl = strlen(*g);
			char name[64];
			if (l <= gl || l - gl >= sizeof(name) || strcasecmp(t->raw + l - gl, *g))
				continue;
			snprintf(name, sizeof(name), "%.*s", (int)(l - gl), t->raw);
			const struct queue *q = queue_known(c, name) ? cluster_queue(c->cluster, name) : NULL;
			if (q && !asked(c, i)) {
				request_set(&r->queue, q->name);
				rd_set_from_toks(c, RF_QUEUE, i, i);
				level = t->corr;
			}
			break;
		}
	}
	/* the queue chosen over one ruled out ("debug is too short, so regular it is") */
	if (chosen < c->n && (!r->queue || level < 0 || (c->t[chosen].corr >= level && !before_only))) {
		request_set(&r->queue, c->t[chosen].raw);
		rd_set_from_toks(c, RF_QUEUE, chosen, chosen);
		c->t[chosen].used = true;
		level = c->t[chosen].corr;
	}
	/* a queue the cluster has, named on its own after a correction of the queue read (or asked) before it:
	 * "prod queue? no wait, use preemptable" */
	for (size_t i = 0; i < c->n; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->source || t->neg || t->corr == 0 || t->corr <= level || !queue_known(c, t->raw) || session_queue(c, t) ||
		    is_gpu_unit(t->norm) || !queue_cue_before(c, i) || (i > 0 && c->t[i - 1].is_num) ||
		    rd_directive_line_at(c, t->start))
			continue; /* not "one GPU" on Bridges-2, whose partition is named GPU; not a pasted script's own
				   * directive, which words edit (read below) */
		request_set(&r->queue, t->raw);
		rd_set_from_toks(c, RF_QUEUE, i, i);
		level = t->corr;
	}
	/* a queue of the target introduced as the choice, not judged unusable: "but premium this time",
	 * "switch to gpuA100x4-preempt for this run", "Premium please.", "overrun instead of regular" */
	for (size_t i = 0; i < c->n && !r->queue; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->source || t->copied || t->neg || !queue_known(c, t->raw) || session_queue(c, t) ||
		    is_gpu_unit(t->norm) || rd_directive_line_at(c, t->start) || rd_command_line_at(c, t->start) ||
		    !chosen_queue(c, i) || said_not_to_work(c, i))
			continue;
		request_set(&r->queue, t->raw);
		rd_set_from_toks(c, RF_QUEUE, i, i);
	}
	/* a queue name right after the cluster's: "pm debug 1 node", "Polaris prod, 2 nodes" */
	for (size_t i = 1; i < c->n && !r->queue; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->source || t->copied || !c->t[i - 1].cluster || c->t[i - 1].trail || !queue_known(c, t->raw) ||
		    (i + 1 < c->n && (rd_is(c, i + 1, "queue") || rd_is(c, i + 1, "partition"))))
			continue;
		request_set(&r->queue, t->raw);
		rd_set_from_toks(c, RF_QUEUE, i, i);
	}
	/* "5 nodes in regular for 4 hours", "on capacity, please": a queue of the target after "in"/"on",
	 * ending its phrase (not "in regular intervals") */
	for (size_t i = 1; i < c->n && !r->queue; i++) {
		const struct tok *t = &c->t[i];
		/* (and after a verb that picks it: "go capacity with 8 nodes", "use debug for 30 min") */
		if (t->used || t->source || t->copied || t->neg || !queue_known(c, t->raw) || session_queue(c, t) || is_gpu_unit(t->norm) ||
		    !(rd_is(c, i - 1, "in") || rd_is(c, i - 1, "on") || rd_is(c, i - 1, "into") || rd_is(c, i - 1, "go") ||
		      rd_is(c, i - 1, "use") || rd_is(c, i - 1, "try")) ||
		    c->t[i - 1].trail)
			continue;
		static const char *const ends[] = {"for", "with", "and", "at", "queue", "partition", "qos", "please", "to", "instead",
						   "rather", "on", "using", NULL}; /* "in regular on 4 nodes" */
		if (t->trail || i + 1 >= c->n || rd_is_any(c, i + 1, ends) || rd_sentence_end_after(c, i)) {
			request_set(&r->queue, t->raw);
			rd_set_from_toks(c, RF_QUEUE, i, i);
		}
	}
	/* a queue name standing as an item of its own: "Polaris, 2 nodes, capacity, 3 hours" */
	for (size_t i = 0; i < c->n && !r->queue; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->source || t->copied || !queue_known(c, t->raw) || session_queue(c, t))
			continue;
		bool please = i + 1 < c->n && rd_is_any(c, i + 1, (const char *const[]){"please", "pls", "plz", NULL}) &&
			      (c->t[i + 1].trail == ',' || c->t[i + 1].trail == ';' || i + 2 == c->n); /* "prod pls," */
		bool item_end = t->trail == ',' || t->trail == ';' || i + 1 == c->n || please || rd_newline_between(c, i, i + 1);
		/* (or after the words another field took, in a line without commas: "pm 2 nodes 20 min debug, ...",
		 * "frontier 40 nodes 4 h batch" closing the text) */
		bool item_start = i == 0 || c->t[i - 1].trail == ',' || c->t[i - 1].trail == ';' || c->t[i - 1].trail == ':' ||
				  (i >= 2 && c->t[i - 2].is_num && !c->t[i - 1].trail &&
				   (duration_unit(c->t[i - 1].norm) > 0 || is_node_unit(c->t[i - 1].norm)));
		if (item_end && item_start) {
			request_set(&r->queue, t->raw);
			rd_set_from_toks(c, RF_QUEUE, i, i);
		}
	}
	/* a typed command's queue option, then a pasted job script's own queue, where the request names none
	 * in words */
	if (!r->queue)
		read_cued_queue(c, CUE_COMMAND, &level);
	if (!r->queue)
		read_cued_queue(c, CUE_DIRECTIVE, &level);
	for (size_t i = 0; i < c->n && !r->queue; i++)
		if (!c->t[i].used && !c->t[i].source && !c->t[i].copied && distinctive_queue(c, &c->t[i]) &&
		    !session_queue(c, &c->t[i])) {
			request_set(&r->queue, c->t[i].raw);
			rd_set_from_toks(c, RF_QUEUE, i, i);
		}
}

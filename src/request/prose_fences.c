/* prose_fences.c - what a request's prose says of other runs than the one asked for: the user's own
 * machine ("it took 14 hours on my lab box"), a past run ("last month's run used 2 nodes"), a finished
 * job reported before the request ("job 1834421 ran fine on 2 nodes for 45 minutes"), someone's advice
 * ("my colleague said I should use 2 nodes"). Each is fenced
 * off (its tokens marked as source) so that its counts, times, queues and accounts are not the target's. */
#include "lexicon.h"
#include "reader.h"
#include "vocab.h"

#include "../util/byteset.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Whether a shell comment opens right before token a ("#SBATCH --nodes=2   # tried 8 nodes last week"):
 * a '#' after a blank on the line, in the gap before the token or as its first byte. What the comment
 * says of the past is not said of the directive before it. */
static bool comment_opens_at(const struct ctx *c, size_t a)
{
	if (a == 0)
		return false;
	for (size_t p = c->t[a - 1].end; p <= c->t[a].start && p < c->len; p++)
		if (c->text[p] == '#' && p > 0 && (c->text[p - 1] == ' ' || c->text[p - 1] == '\t') &&
		    (p + 1 >= c->len || c->text[p + 1] == ' ' || c->text[p + 1] == '\t' || isalpha((unsigned char)c->text[p + 1])))
			return true;
	return false;
}

/* The clause around token i: from its start to its end (a sentence's end, a parenthesis, "but", "so",
 * "now", a shell comment's '#'). */
static void clause_around(const struct ctx *c, size_t i, size_t *pa, size_t *pe)
{
	/* (a spaced dash sets a clause apart too: "4 nodes instead of 2 - the 2-node run was too slow last time") */
	static const char *const turn[] = {"but", "so", "now", "-", "--", "\u2013", "\u2014", NULL};
	/* "last time it took 3 hours, give it double that": an imperative after a comma starts the request */
	const char *const *imperative = request_imperatives;
	/* "Polaris 2 nodes, 3h last time, 6h this time": a time word closing a comma's item dates that item
	 * alone */
	bool closes_item = c->t[i].trail == ',' || (i + 1 < c->n && c->t[i + 1].trail == ',' && rd_is(c, i, "last"));
	size_t a = i;
	while (a > 0 && !rd_sentence_end_after(c, a - 1) && c->text[c->t[a].start] != '(' && !rd_is_any(c, a - 1, turn) &&
	       !comment_opens_at(c, a) &&
	       !memchr(c->text + c->t[a - 1].start, ')', c->t[a - 1].end - c->t[a - 1].start) &&
	       !(c->t[a - 1].trail == ',' && rd_is_any(c, a, imperative) && a > i) && !(closes_item && c->t[a - 1].trail == ','))
		a--;
	size_t e = i;
	while (e + 1 < c->n && !rd_sentence_end_after(c, e) && !memchr(c->text + c->t[e].start, ')', c->t[e].end - c->t[e].start) &&
	       c->text[c->t[e + 1].start] != '(' && !rd_is_any(c, e + 1, turn) &&
	       !(c->t[e].trail == ',' && rd_is_any(c, e + 1, imperative)) &&
	       /* "last time Polaris, this time Aurora with 2 nodes" */
	       !(c->t[e].trail == ',' && (rd_is(c, e + 1, "this") || rd_is(c, e + 1, "next")) && rd_is(c, e + 2, "time")) &&
	       !(c->t[e].trail == ',' && rd_is(c, e + 1, "today")) && !(closes_item && c->t[e].trail == ','))
		e++;
	*pa = a, *pe = e;
}

/* "polaris 4 nodes train.py 2h, last week we used 8 nodes", "pm 2 nodes train.py, it took 3 hours last
 * time": a clause about a past run with a subject or a verb of its own (besides the cue word i), which a
 * comma sets after the request's items, starts after that comma and does not take the items; "We ran 2
 * nodes on Aurora, last month" (time words alone after the comma) still dates the whole sentence. The
 * clause's start, given clause_around's [a, e]. */
static size_t own_clause_start(const struct ctx *c, size_t i, size_t a, size_t e)
{
	static const char *const says[] = {"it", "we", "they", "i", "that", "this", "was", "were", "took", "ran",
					   "used", "had", "needed", "got", "lasted", NULL};
	for (size_t s = i; s > a; s--) {
		/* (the comma may follow text that is no token: the script's name, blanked, "train.py,") */
		const struct tok *p = &c->t[s - 1];
		/* (tokens split from one word, "1h" -> 1 hour, share its span: nothing lies between them); a
		 * comparison's "than" sets the past run apart as a comma does ("an hour longer than the 5h it had
		 * last week") */
		if (p->trail != ',' && (c->t[s].start <= p->end || !memchr(c->text + p->end, ',', c->t[s].start - p->end)) &&
		    !rd_is(c, s - 1, "than"))
			continue;
		for (size_t k = s; k <= e; k++)
			if (k != i && rd_is_any(c, k, says))
				return s;
		return a;
	}
	return a;
}

/* "converged on the 4-GPU box", "prototyped on an 8-GPU DGX server": machine word i described by its GPUs
 * ("N-GPU", "N GPU", "single-GPU") after a verb of running on it in the same clause: where the job ran
 * before, not a node asked for ("I need a 4-GPU machine on Polaris" has no such verb). */
static bool described_elsewhere(const struct ctx *c, size_t i)
{
	static const char *const ran[] = {"converged", "ran", "runs", "run", "works", "worked", "tested", "trained",
					  "prototyped", "developed", "debugged", "fits", "fit", "finetuned", "fine-tuned",
					  /* a configuration made for that machine: "cfg.yaml (written for an 8-GPU box)" */
					  "written", "configured", "tuned", "thats", NULL};
	bool gpus = false;
	size_t k = i;
	for (; k > 0 && i - k < 4 && !gpus; k--) {
		if (k < i && c->t[k - 1].trail)
			break;
		gpus = (is_gpu_unit(c->t[k - 1].norm) || rd_is(c, k - 1, "gpu")) && k >= 2 &&
		       (c->t[k - 2].is_num || c->t[k - 2].num_word || rd_is(c, k - 2, "single"));
	}
	if (!gpus)
		return false;
	for (size_t q = k; q > 0 && k - q < 6; q--) {
		if (c->t[q - 1].trail && q - 1 < k - 1)
			break;
		if (rd_is_any(c, q - 1, ran))
			return true;
		/* what a pasted command is said to run on: "(that's on an 8-GPU H100 box)", "it's on a 4-GPU
		 * server" (the tokens drop the "'s": it is looked for in the text) */
		const char *gap = c->text + c->t[q - 1].start;
		size_t gl = c->t[q].start - c->t[q - 1].start;
		if ((rd_is(c, q - 1, "that") || rd_is(c, q - 1, "it")) && rd_is(c, q, "on") &&
		    (mem_find(gap, gl, "'s", 2) || mem_find(gap, gl, "\u2019s", 4)))
			return true;
	}
	return false;
}

/* How many parentheses the text from token a's start to token e's end leaves open. */
static int paren_depth(const struct ctx *c, size_t a, size_t e)
{
	int depth = 0;
	for (size_t p = c->t[a].start; p < c->t[e].end; p++)
		depth += c->text[p] == '(' ? 1 : c->text[p] == ')' && depth > 0 ? -1 : 0;
	return depth;
}

/* "It took 14 hours on my lab machine with 2 GPUs so let's book 8 hours": what a sentence says of the
 * user's own machine is fenced off from the start of its clause to the clause's end. */
void rd_fence_local_machine(struct ctx *c)
{
	static const char *const machine[] = {"machine", "workstation", "laptop", "desktop", "pc", "box", "server", "computer",
					      "mac", "dgx", "rig",
					      /* a CI system's machine: "our GitLab runner with 4 GPUs", "on a 4-GPU runner" */
					      "runner", NULL};
	static const char *const owner[] = {"my", "our", "lab", "lab's", "local", "own", "home", NULL};
	/* never a cluster: "the 4-GPU workstation", "a single-GPU laptop" */
	/* (and the clouds and notebook services a first run happens on, "on a single A100 in Colab Pro":
	 * data/lexicon's cloud_services) */
	static const char *const personal[] = {"workstation", "workstations", "laptop", "laptops", "desktop", "macbook",
					       NULL};
	/* "the 8-GPU cloud instance we rented" */
	static const char *const rented[] = {"instance", "instances", "vm", "vms", "machine", "box", "server", NULL};
	for (size_t i = 0; i < c->n; i++) {
		/* "my box", "our lab machine", "our lab's 8x A6000 box", "our 2x H100 test box" */
		bool owned = false;
		for (size_t k = i; k > 0 && i - k < 4 && !owned; k--) {
			if (k < i && c->t[k - 1].trail)
				break;
			owned = rd_is_any(c, k - 1, owner) || vocab_in(VL_OWN_OWNER, c->t[k - 1].norm);
		}
		/* "this command works on a single box with 8 GPUs": a lone machine where it runs today */
		static const char *const runs[] = {"works", "worked", "runs", "ran", "running", "tested", NULL};
		bool lone_runs = false;
		for (size_t k = i; k > 0 && i - k < 3 && !lone_runs && rd_is_any(c, i, machine); k--)
			if (rd_is(c, k - 1, "single") || rd_is(c, k - 1, "one"))
				for (size_t q = k - 1; q > 0 && k - 1 - q < 4 && !lone_runs; q--)
					lone_runs = rd_is_any(c, q - 1, runs);
		bool hit = (rd_is_any(c, i, machine) && (owned || lone_runs || described_elsewhere(c, i))) ||
			   rd_is(c, i, "locally") || rd_is_any(c, i, personal) || vocab_in(VL_CLOUD_SERVICE, c->t[i].norm) ||
			   (rd_is_any(c, i, rented) && i > 0 && rd_is(c, i - 1, "cloud")) ||
			   /* "That's from the old cluster (8 GPUs per node)": where it ran before, unnamed */
			   (rd_is_any(c, i, (const char *const[]){"cluster", "system", "machine", "supercomputer", "site", NULL}) &&
			    i > 0 && rd_is_any(c, i - 1, (const char *const[]){"old", "previous", "former", "prior", NULL}));
		if (!hit || c->t[i].cluster)
			continue;
		/* (a clause ends at "so", "but", "because" and a comma: "8 GPUs on one node on Polaris because on
		 * my lab workstation I had 8 A6000s") */
		size_t a = i;
		while (a > 0 && !rd_sentence_end_after(c, a - 1) && !rd_is(c, a - 1, "so") && !rd_is(c, a - 1, "but") &&
		       !rd_is(c, a - 1, "because") && c->t[a - 1].trail != ',' && c->t[a - 1].trail != ':')
			a--;
		/* "all 8 GPUs like on our workstation", "2 GPUs per node like my workstation": what comes before
		 * the likeness is asked for again, only what follows it is the machine's */
		for (size_t k = i; k > a; k--) {
			bool same_before = false; /* "Same 8 GPUs per node as our DGX" */
			for (size_t q = a; q + 1 < k && !same_before; q++)
				same_before = rd_is(c, q, "same");
			if (rd_is(c, k - 1, "like") || (rd_is(c, k - 1, "as") && same_before)) {
				a = k - 1;
				break;
			}
		}
		size_t e = i;
		/* (to the clause's end, a colon, or the system it moves to: "moving from colab pro to Lonestar 6:
		 * 1 node 3 gpus", "from our DGX (8 GPUs) to Frontier") */
		while (e + 1 < c->n && !rd_sentence_end_after(c, e) && !rd_is(c, e + 1, "so") && !rd_is(c, e + 1, "but") &&
		       !rd_is(c, e + 1, "because") && c->t[e].trail != ',' && c->t[e].trail != ':' &&
		       !(c->t[e + 1].cluster && !c->t[e + 1].source) &&
		       !(rd_is_any(c, e + 1, (const char *const[]){"to", "onto", "->", "=>", NULL}) && e + 2 < c->n &&
			 c->t[e + 2].cluster && !c->t[e + 2].source))
			e++;
		/* (past the comma of a parenthesis the clause opened: "our GCP a3-highgpu-8g job (8x H100, 1 VM) to
		 * Frontier") */
		for (int depth = paren_depth(c, a, e); depth > 0 && e + 1 < c->n && !rd_sentence_end_after(c, e);
		     depth = paren_depth(c, a, e))
			e++;
		/* a label naming the machine, its description after the colon: "AWS: 2 instances of p4d.24xlarge
		 * (8 A100 per instance). Same world size on Perlmutter", "our lab box: 2 x 4090" - to the
		 * sentence's end, not past a cluster the text names as the target */
		if (c->t[e].trail == ':' && e - a < 4)
			while (e + 1 < c->n && !rd_sentence_end_after(c, e) && !(c->t[e + 1].cluster && !c->t[e + 1].source))
				e++;
		/* and the next sentence when it goes on about the same machine ("Moving our Vertex AI pipeline to
		 * Stampede3. It used preemptible A100s ..."): a pronoun and a verb of where it ran */
		for (size_t k = a; k <= e; k++)
			c->t[k].source = true;
		size_t se = e; /* (past "to Stampede3" closing the sentence) */
		while (se + 1 < c->n && !rd_sentence_end_after(c, se))
			se++;
		if (se + 2 < c->n && rd_is_any(c, se + 1, (const char *const[]){"it", "they", "that", "this", NULL}) &&
		    (vocab_in(VL_SOURCE, c->t[se + 2].norm) ||
		     (se + 3 < c->n && rd_is(c, se + 2, "only") && vocab_in(VL_SOURCE, c->t[se + 3].norm))))
			for (size_t k = se + 1; k < c->n; k++) {
				c->t[k].source = true;
				if (rd_sentence_end_after(c, k))
					break;
			}
	}
}

/* "sky launch -c ft --gpus H100:8 --num-nodes 2 task.yaml -> want the same 16 GPUs on DeltaAI", "8xA6000
 * box -> pm, same 8 gpus": on a line where an arrow leads to the target, what comes before the arrow is
 * where the job runs now (its counts are what "the same" refers to, not the request's). */
void rd_fence_arrow_source(struct ctx *c)
{
	if (!c->cluster)
		return;
	for (size_t i = 1; i + 1 < c->n; i++) {
		if (!rd_is_any(c, i, (const char *const[]){"->", "=>", "\u2192", "-->", "==>", NULL}) || c->t[i - 1].is_num)
			continue; /* (not "2 -> 4 nodes", a value changed) */
		bool target_after = false, target_before = false;
		size_t ls = i;
		while (ls > 0 && !rd_newline_between(c, ls - 1, ls))
			ls--;
		for (size_t k = i + 1; k < c->n && !rd_newline_between(c, k - 1, k); k++)
			target_after = target_after || (c->t[k].cluster && !c->t[k].source);
		for (size_t k = ls; k < i; k++)
			target_before = target_before || c->t[k].cluster;
		if (!target_after || target_before)
			continue;
		for (size_t k = ls; k < i; k++)
			c->t[k].source = true;
	}
}

/* Whether the sentence from token a (or a clause of it after a comma: "On Perlmutter, is it possible
 * ...") asks for the job politely: "is it possible to", "is it ok to", "is there a way to", "would it be
 * possible to", "can/could I/we/you". */
bool rd_polite_ask_at(const struct ctx *c, size_t a)
{
	static const char *const fine[] = {"possible", "feasible", "ok", "okay", "allowed", "fine", NULL};
	static const char *const modal[] = {"can", "could", "may", "would", "will", NULL};
	static const char *const who[] = {"i", "we", "you", NULL};
	for (size_t k = a; k < c->n; k++) {
		if (k == a || c->t[k - 1].trail == ',') {
			if ((rd_is(c, k, "is") && rd_is(c, k + 1, "it") && rd_is_any(c, k + 2, fine)) ||
			    (rd_is(c, k, "is") && rd_is(c, k + 1, "there") && rd_is(c, k + 2, "a") && rd_is(c, k + 3, "way")) ||
			    (rd_is(c, k, "would") && rd_is(c, k + 1, "it") && rd_is(c, k + 2, "be") && rd_is_any(c, k + 3, fine)) ||
			    (rd_is_any(c, k, modal) && rd_is_any(c, k + 1, who)))
				return true;
		}
		if (rd_sentence_end_after(c, k))
			break;
	}
	return false;
}

/* "On Vista, is 1 node = 1 GPU? If so I want 4 GPUs", "Do the Frontier nodes really have 8 GPUs each?": a
 * question about what a node holds (a yes/no question with a node and a GPU count, "=", "have"/"has" or
 * "each"/"per") describes the machine; the request's counts come after it. Not "Is 4 nodes enough?". */
void rd_fence_shape_questions(struct ctx *c)
{
	static const char *const opens[] = {"is", "are", "does", "do", "has", "have", "isn't", "aren't", "doesn't", NULL};
	static const char *const shape[] = {"=", "have", "has", "each", "per", "with", NULL};
	for (size_t a = 0; a < c->n;) {
		size_t e = a;
		while (e + 1 < c->n && !rd_sentence_end_after(c, e))
			e++;
		bool question = c->t[e].trail == '?' || (e + 1 < c->n && !strcmp(c->t[e + 1].raw, "?"));
		/* (the question may open after a comma or "On Vista,": its first word within the sentence) */
		bool opened = false, node = false, gpu = false, shaped = false, count = false;
		for (size_t k = a; k <= e; k++) {
			opened = opened || (rd_is_any(c, k, opens) && (k == a || c->t[k - 1].trail == ','));
			node = node || is_node_unit(c->t[k].norm);
			gpu = gpu || is_gpu_unit(c->t[k].norm) || rd_is(c, k, "gpu");
			shaped = shaped || rd_is_any(c, k, shape) || !strcmp(c->t[k].raw, "=");
			count = count || c->t[k].is_num;
		}
		/* "Is it possible to use the shared QOS with 4 GPUs on one node?", "is there a way to get 2 nodes
		 * with 8 GPUs each?": a request put as a question, not a question about the machine */
		if (question && opened && rd_polite_ask_at(c, a))
			opened = false;
		if (question && opened && node && gpu && shaped && count)
			for (size_t k = a; k <= e; k++)
				c->t[k].source = true;
		a = e + 1;
	}
}

static bool repeat_asked(struct ctx *c, size_t a, size_t e);

/* "Last month's run on Aurora used 2 nodes in debug for 1 hour", "(we did 4 nodes yesterday in 38
 * minutes)", "two weeks ago it took 9 hours": what a clause says of a past run is fenced off, from the
 * clause's start to its end (a sentence's end, a parenthesis, "but", "so", "now"). */
void rd_fence_past_runs(struct ctx *c)
{
	static const char *const when[] = {"week", "week's", "month", "month's", "year", "year's", "time", "night",
					   "spring", "summer", "fall", "autumn", "winter", "semester", "quarter", NULL};
	/* "the pilot was 4 nodes", "our previous jobs were CPU-only", "the test run used 2 nodes" */
	static const char *const earlier[] = {"pilot", "pilots", "previous", "prior", NULL};
	static const char *const was[] = {"was", "were", "used", "ran", "took", "had", "needed", "got", NULL};
	for (size_t i = 0; i < c->n; i++) {
		bool hit = rd_is(c, i, "yesterday") || rd_is(c, i, "ago") || rd_is(c, i, "previously") ||
			   (rd_is(c, i, "last") && rd_is_any(c, i + 1, when)) ||
			   (rd_is(c, i, "for") && rd_is(c, i + 1, "reference")); /* "..., for reference." */
		/* "That was the 2-node smoke test.", "this was my pilot": what the paste above it was */
		static const char *const that[] = {"that", "this", "it", "those", "these", NULL};
		static const char *const trial[] = {"test", "tests", "smoke", "pilot", "trial", "dry", "attempt", "try", NULL};
		if (!hit && i > 0 && (rd_is(c, i, "was") || rd_is(c, i, "were")) && rd_is_any(c, i - 1, that) &&
		    (i < 2 || rd_sentence_end_after(c, i - 2) || c->t[i - 2].trail))
			for (size_t k = i + 1; k <= i + 5 && k < c->n && !hit; k++) {
				hit = rd_is_any(c, k, trial);
				if (c->t[k].trail && !hit)
					break;
			}
		/* "(On our old cluster this took 3 days on 8 GPUs.)": what a run took, said of it */
		bool line_bound = false; /* (these two are said within their line) */
		if (!hit && i > 0 && (rd_is(c, i, "took") || rd_is(c, i, "needed") || rd_is(c, i, "lasted")) &&
		    rd_is_any(c, i - 1, (const char *const[]){"this", "it", "that", "which", NULL}))
			hit = line_bound = true;
		/* "My colleague uses 8 nodes for the same model", "our postdoc ran it on 16 GPUs": someone else's
		 * run */
		static const char *const others[] = {"colleague", "colleagues", "labmate", "labmates", "advisor", "adviser",
						     "supervisor", "postdoc", "coworker", "co-worker", "friend", "teammate",
						     "collaborator", "collaborators", NULL};
		static const char *const runs_verbs[] = {"uses", "used", "runs", "ran", "trains", "trained", "had", "has",
							 "gets", "got", "needed", "needs", NULL};
		if (!hit && rd_is_any(c, i, others) && i > 0 &&
		    rd_is_any(c, i - 1, (const char *const[]){"my", "our", "a", "one", "his", "her", "their", NULL}))
			for (size_t k = i + 1; k <= i + 3 && k < c->n && !hit; k++) {
				hit = line_bound = rd_is_any(c, k, runs_verbs);
				if (c->t[k].trail && !hit)
					break;
			}
		/* "that was one node; now 8 nodes", "That config was for my single-node test (...). Now 4 nodes": a
		 * description of the past that the next clause sets against "now" */
		if (!hit && (rd_is(c, i, "was") || rd_is(c, i, "were"))) {
			size_t a, e;
			clause_around(c, i, &a, &e);
			size_t k = e + 1;
			if (k < c->n && c->text[c->t[k].start] == '(') { /* "(num_machines: 1, ...)" after it */
				while (k < c->n && !memchr(c->text + c->t[k].start, ')', c->t[k].end - c->t[k].start))
					k++;
				k++;
			}
			hit = i - a <= 4 && k < c->n && rd_is(c, k, "now");
		}
		/* "Here is what I run by hand on one node:", "this is how we launch it on 2 nodes today": the
		 * user's present practice, which a pasted command usually shows, said of where it runs now */
		if (!hit && (rd_is(c, i, "what") || rd_is(c, i, "how")) &&
		    rd_is_any(c, i + 1, (const char *const[]){"i", "we", "i've", "we've", NULL})) {
			static const char *const practice[] = {"run", "ran", "use", "used", "launch", "launched", "do", "did",
							       "type", "typed", "start", "started", "submit", "submitted",
							       "running", "using", "launching", NULL};
			static const char *const habit[] = {"usually", "currently", "normally", "always", "now", "today",
							    "been", "have", "had", NULL};
			size_t k = i + 2;
			while (k < c->n && k < i + 4 && rd_is_any(c, k, habit) && !c->t[k - 1].trail)
				k++;
			hit = line_bound = k < c->n && rd_is_any(c, k, practice) && !c->t[k - 1].trail;
		}
		for (size_t k = i + 1; k <= i + 5 && k < c->n && !hit && rd_is_any(c, i, earlier); k++) {
			hit = rd_is_any(c, k, was);
			if (c->t[k - 1].trail)
				break;
		}
		if (!hit || c->t[i].cluster)
			continue;
		size_t a, e;
		clause_around(c, i, &a, &e);
		while (line_bound && a < i && rd_newline_between(c, a, i))
			a++;
		a = own_clause_start(c, i, a, e);
		while (line_bound && e > i && rd_newline_between(c, i, e))
			e--;
		/* "we need more nodes than last time": a comparison with the earlier run, no statement of it */
		if (i > 0 && rd_is(c, i - 1, "than")) {
			for (size_t k = i; k < c->n && k <= i + 1; k++)
				c->t[k].source = true;
			continue;
		}
		/* "(about 6 hours of training)" right after the clause belongs to it */
		/* (its closing parenthesis found in the text: a command inside it is blanked from the tokens) */
		if (e + 1 < c->n && c->text[c->t[e + 1].start] == '(') {
			const char *close = memchr(c->text + c->t[e + 1].start, ')', c->len - c->t[e + 1].start);
			const char *nl = memchr(c->text + c->t[e + 1].start, '\n', c->len - c->t[e + 1].start);
			if (close && (!nl || close < nl))
				while (e + 1 < c->n && c->text + c->t[e + 1].start < close)
					e++;
		}
		if (repeat_asked(c, a, e))
			continue;
		for (size_t k = a; k <= e; k++)
			if (!c->t[k].cluster)
				c->t[k].source = true;
	}
}

/* "Rerun on Delta like last week's job (2 nodes, 10 h, account X) but with twice the nodes", "same as
 * yesterday's run (4 nodes, 2h) except 8 hours": the earlier run [a, e] on the target itself is the job
 * asked for again, so it is not fenced, and what follows "but"/"except" in the sentence changes it (a
 * correction: it outranks what the run's clause states). False when the clause asks for no repeat or
 * names another cluster (prose_cluster.c copies what is said of that one). */
static bool repeat_asked(struct ctx *c, size_t a, size_t e)
{
	static const char *const again[] = {"like", "same", "identical", "rerun", "repeat", "resubmit", "redo", NULL};
	bool repeat = false;
	for (size_t k = a; k <= e && k < c->n; k++) {
		if (c->t[k].cluster && c->cluster && match_cluster_name(c->repo, c->t[k].norm) != c->cluster)
			return false;
		repeat = repeat || (rd_is_any(c, k, again) && !(rd_is(c, k, "like") && k > 0 &&
							       (rd_is(c, k - 1, "would") || rd_is(c, k - 1, "i'd") ||
								rd_is(c, k - 1, "we'd"))) &&
				    /* "for the same model": the same program or data, not the same job */
				    !(rd_is(c, k, "same") &&
				      rd_is_any(c, k + 1, (const char *const[]){"model", "dataset", "data", "code", "script", "config",
										 "architecture", "task", "problem", "codebase", NULL})));
	}
	if (!repeat || c->t[a].neg)
		return false;
	size_t k = e + 1;
	while (k < c->n && !rd_sentence_end_after(c, k - 1) && !rd_is(c, k, "but") && !rd_is(c, k, "except") && k < e + 4)
		k++;
	if (k < c->n && (rd_is(c, k, "but") || rd_is(c, k, "except")) && !rd_sentence_end_after(c, k - 1))
		for (size_t q = k; q < c->n; q++) {
			c->t[q].corr++;
			if (rd_is(c, k, "except"))
				c->t[q].neg = false; /* "except 16 nodes": what changes, not what is left out */
			if (rd_sentence_end_after(c, q))
				break;
		}
	return true;
}

/* Whether token i reports how a job ended: "ran", "took", "finished", "crashed", "timed out", "OOMed",
 * or a trial before the real run: "tested", "tried", "it works". */
static bool outcome_word(const struct ctx *c, size_t i)
{
	static const char *const ended[] = {"ran",    "took",	"finished", "completed", "crashed", "failed", "died",
					    "succeeded", "worked", "hung", "stalled", "oomed",	   "segfaulted",
					    /* what a job does each time it runs: "it OOMs on a single V100 node" */
					    "fails", "crashes", "dies", "hangs", "stalls", "ooms", "segfaults",
					    /* a trial the real run follows: "we have tested on one node and it works" */
					    "tested", "tried", "debugged", "validated", "verified", "prototyped", "piloted",
					    "smoke-tested", "works", NULL};
	if (rd_is(c, i, "ran") && rd_is(c, i + 1, "out"))
		return false; /* "one of our allocations ran out": no job's outcome */
	return rd_is_any(c, i, ended) || (rd_is(c, i, "timed") && rd_is(c, i + 1, "out")) ||
	       (rd_is(c, i, "killed") && i > 0 && (rd_is(c, i - 1, "was") || rd_is(c, i - 1, "got")));
}

/* Whether token i names a finished job by its scheduler id: "job 1834421", "jobid 8812345", "job #4471002". */
static bool job_id_reference(const struct ctx *c, size_t i)
{
	static const char *const job[] = {"job", "jobid", "job-id", "job_id", "id", NULL};
	if (i == 0 || !rd_is_any(c, i - 1, job))
		return false;
	const char *r = c->t[i].raw;
	if (*r == '#')
		r++;
	size_t d = strspn(r, "0123456789");
	return d >= 5 && (r[d] == '\0' || r[d] == '.' || r[d] == '[' || r[d] == '_');
}

/* Whether token i reports someone else's advice: "my colleague said I should use 2 nodes", "you
 * suggested 2 nodes last week", "the staff recommended the debug queue". Not the user's own words ("I
 * said", "we suggested"). */
static bool reported_advice(const struct ctx *c, size_t i)
{
	static const char *const verbs[] = {"said", "suggested", "recommended", "told", "advised", "wrote", "proposed", NULL};
	if (!rd_is_any(c, i, verbs) || i == 0)
		return false;
	/* "bigger than you suggested: 10 nodes", "more than what the staff recommended": a comparison with the
	 * advice, what follows is the user's own */
	for (size_t k = i; k-- > 0 && k + 5 >= i && !rd_sentence_end_after(c, k);)
		if (rd_is(c, k, "than"))
			return false;
	return !rd_is(c, i - 1, "i") && !rd_is(c, i - 1, "we") && !rd_is(c, i - 1, "as");
}

/* Whether token i is the verb of a clause that describes one node as it is, not a node asked for: "Our
 * Delta node shows the 4 A100s above", "A Frontier node has 8 GCDs", "That's one Polaris node" (a pasted
 * tool's output), "How many GPUs does a Polaris node have?". Returns the verb's index + 1 (the node word's for "that's one X node"), 0 when not. */
static size_t node_description(const struct ctx *c, size_t i)
{
	static const char *const shows[] = {"shows", "has", "comes", "contains", "exposes", "reports", "lists", "holds",
					    "features", "gives", "looks", NULL};
	static const char *const det[] = {"a", "one", "our", "the", "that", "this", "each", "every", "my", NULL};
	if (rd_is_any(c, i, shows) && i > 0 && !strcmp(c->t[i - 1].norm, "node")) {
		/* its determiner, before the system's and GPU's names */
		for (size_t k = i - 1; k-- > 0 && k + 5 >= i;) {
			/* (not what a count is measured by: "as many GPUs as the node has", "all the GPUs the node
			 * has", "whatever the node has") */
			if (rd_is_any(c, k, det) && k > 0 &&
			    (rd_is(c, k - 1, "as") || rd_is(c, k - 1, "whatever") || is_gpu_unit(c->t[k - 1].norm) ||
			     rd_is(c, k - 1, "gpu")))
				return 0;
			if (rd_is_any(c, k, det))
				return i + 1;
			if (!c->t[k].cluster && !vocab_gpu_model(c->t[k].norm) && !rd_is(c, k, "gpu") && !rd_is(c, k, "login") &&
			    !rd_is(c, k, "compute"))
				break;
		}
		return 0;
	}
	/* the question "How many GPUs does a Polaris node have?", "do the gpuA40x4 nodes have NVLink?" */
	if ((rd_is(c, i, "have") || rd_is(c, i, "come")) && i > 0 && (rd_is(c, i - 1, "node") || rd_is(c, i - 1, "nodes"))) {
		for (size_t k = i - 1; k-- > 0 && k + 6 >= i;) {
			if (rd_is(c, k, "does") || rd_is(c, k, "do"))
				return i + 1;
			/* the node's names between: "does one Lonestar6 gpu-a100 node have" */
			if ((c->t[k].is_num && !rd_is_any(c, k, det)) || rd_sentence_end_after(c, k))
				break;
		}
		return 0;
	}
	/* "That's one Polaris node.", "this is a single A100 node" */
	bool that = rd_is(c, i, "that") || rd_is(c, i, "this"); /* "that's" reads as "that" (tokens.c) */
	size_t te = c->t[i].end;
	bool thats = rd_is(c, i, "thats") || (that && (rd_is(c, i + 1, "is") || (te >= 2 && !strncmp(c->text + te - 2, "'s", 2)) ||
						       (te >= 4 && !strncmp(c->text + te - 4, "\u2019s", 4))));
	if (!thats)
		return 0;
	size_t k = i + (rd_is(c, i + 1, "is") ? 2 : 1);
	if (!rd_is(c, k, "one") && !rd_is(c, k, "a") && !rd_is(c, k, "single"))
		return 0;
	for (k++; k < c->n && k < i + 6 && (c->t[k].cluster || vocab_gpu_model(c->t[k].norm) || rd_is(c, k, "single")); k++)
		;
	/* ("That's one Delta A100 node with 4 GPUs.": what it has, to the sentence's end) */
	bool with = k + 3 < c->n && rd_is(c, k + 1, "with") && c->t[k + 2].is_num && !c->t[k + 2].trail &&
		    (is_gpu_unit(c->t[k + 3].norm) || rd_is(c, k + 3, "gpu") || vocab_gpu_model(c->t[k + 3].norm)) &&
		    (rd_sentence_end_after(c, k + 3) || (k + 4 < c->n && c->text[c->t[k + 4].start] == '('));
	return k < c->n && !strcmp(c->t[k].norm, "node") &&
			       (rd_sentence_end_after(c, k) || c->t[k].trail || with || (k + 1 < c->n && c->text[c->t[k + 1].start] == '('))
		       ? k + 1
		       : 0; /* "That's one Polaris node (4 A100s)." */
}

/* Whether the clause [a, e] asks for something ("please", "I need", "can you"): then it is the request. */
static bool clause_asks(const struct ctx *c, size_t a, size_t e)
{
	static const char *const ask[] = {"want", "need", "needs", "would", "please", "could", "can", "will", "like",
					  "plan", "planning", "next", "should", "let's", "lets", "now",
					  /* the imperative of a request: "it died at 3:55, give it 6h" */
					  "give", "make", "bump", "book", "request", "reserve", "extend", "increase", "resubmit",
					  "resubmitting", "retry", NULL};
	for (size_t k = a; k <= e; k++)
		if (rd_is_any(c, k, ask))
			return true;
	return false;
}

/* Whether a node or GPU count is written at token k ("16 nodes", "8 GPUs"). */
static bool count_at(const struct ctx *c, size_t k)
{
	if (k + 2 < c->n && c->t[k].is_num && !c->t[k].num_word && rd_is(c, k + 1, "of") &&
	    (rd_is(c, k + 2, "those") || rd_is(c, k + 2, "these")))
		return true; /* "5 of those nodes", "I want 3 of those" */
	return k + 1 < c->n && c->t[k].is_num && !c->t[k].num_word &&
	       (is_node_unit(c->t[k + 1].norm) || is_gpu_unit(c->t[k + 1].norm) || !strcmp(c->t[k + 1].norm, "gpu"));
}

/* "That worked (job 1834421 ran fine on 2 nodes for 45 minutes). Now the real run: 16 nodes ...": a
 * clause that reports how a job ended (or what a model fits on: "the 13B doesn't fit on a single A100")
 * is fenced off, from its start to its end (a sentence's end, a
 * parenthesis, "but", "so", "now"), when the text states a count outside such clauses. Without one, the
 * finished job's size is all the text says ("job 4410021 ran on 4 nodes, please move it to Aurora") and
 * stays readable. A clause that also asks for something ("it failed, so please give me 8 nodes") is not
 * fenced. */
void rd_fence_finished_jobs(struct ctx *c)
{
	if (!c->n)
		return;
	unsigned char *in = calloc(c->n, 1);
	if (!in)
		return;
	bool any = false;
	for (size_t i = 0; i < c->n; i++) {
		bool advice = reported_advice(c, i);
		size_t desc = node_description(c, i);
		/* what a model fits on: "My 13B model doesn't fit on a single A100 40GB", "the 2.7B fits on one
		 * A100", "a single H100 can't hold it" */
		static const char *const fits[] = {"fit", "fits", "fitting", "fitted", "hold", "holds", NULL};
		bool fit = rd_is_any(c, i, fits);
		/* a size judged too small: "one Polaris node (4x40GB) won't do", "a single node is not enough" */
		bool short_of = (rd_is(c, i, "do") && i > 0 && (rd_is(c, i - 1, "won't") || rd_is(c, i - 1, "wont") ||
								  (rd_is(c, i - 1, "not") && i > 1 && rd_is(c, i - 2, "will")))) ||
				(rd_is(c, i, "enough") && i > 0 && (rd_is(c, i - 1, "not") || rd_is(c, i - 1, "isn't") ||
								     rd_is(c, i - 1, "aren't")));
		fit = fit || short_of;
		/* a label over pasted output naming where it ran: "rocm-smi on a frontier compute node:" */
		bool label = false;
		if (is_node_unit(c->t[i].norm) && c->t[i].trail == ':')
			for (size_t k = i; k > 0 && !label && !rd_newline_between(c, k - 1, k); k--)
				label = vocab_in(VL_OUTPUT_TOOL, c->t[k - 1].norm);
		if ((!outcome_word(c, i) && !job_id_reference(c, i) && !advice && !desc && !fit && !label) || c->t[i].cluster || in[i])
			continue;
		size_t a, e;
		clause_around(c, i, &a, &e);
		a = own_clause_start(c, i, a, e);
		/* "one Polaris node (4x40GB) won't do": the judged size may stand before an aside */
		while (short_of && a > 0 && !rd_sentence_end_after(c, a - 1) && !rd_is(c, a - 1, "so") && !rd_is(c, a - 1, "but") &&
		       c->t[a - 1].trail != ';')
			a--;
		if (desc) {
			/* "That's one Polaris node (4 A100s).": its aside describes it too */
			if (e + 1 < c->n && c->text[c->t[e + 1].start] == '(')
				for (size_t k = e + 1; k < c->n && k < e + 12; k++)
					if (memchr(c->text + c->t[k].start, ')', c->t[k].end - c->t[k].start) || c->t[k].trail == ')') {
						e = k;
						break;
					}
			/* the description, to the clause's end or to where the request starts ("A Frontier node
			 * has 8 GCDs, and I'd like 10 nodes") */
			for (size_t k = i + 1; k <= e; k++)
				if (clause_asks(c, k, k) || ((rd_is(c, k, "i") || rd_is(c, k, "we") || rd_is(c, k, "i'd") ||
							      rd_is(c, k, "we'd")) && (rd_is(c, k - 1, "and") || c->t[k - 1].trail))) {
					e = k - 1;
					while (e > i && (rd_is(c, e, "and") || rd_is(c, e, "so") || rd_is(c, e, "but")))
						e--;
					break;
				}
		} else if (advice) {
			/* what was advised, from the verb to the clause's end ("said to use Lonestar6 and our
			 * allocation is ..." ends at "and"); only a clause with a number matters */
			a = i;
			bool number = false;
			for (size_t k = i + 1; k <= e; k++) {
				if (rd_is(c, k, "and") || (k > i + 1 && c->t[k - 1].trail == ',')) {
					e = k - 1;
					break;
				}
				number = number || c->t[k].is_num;
			}
			if (!number)
				continue;
		} else if (clause_asks(c, a, e)) {
			continue;
		} else if (fit && !short_of) {
			/* what a model fits on in GPUs is no count of the job; in nodes it is what the user weighs ("with
			 * FSDP the 13B fits on 2 nodes, let's do 2"); what it fits is said before the next comma ("make
			 * it 10 so it fits prod, train.py, 3h": the time is the job's) */
			for (size_t k = i; k < e; k++)
				if (c->t[k].trail == ',') {
					e = k;
					break;
				}
			bool nodes = false;
			for (size_t k = a; k <= e && !nodes; k++)
				nodes = is_node_unit(c->t[k].norm);
			if (nodes)
				continue;
		}
		for (size_t k = a; k <= e; k++)
			in[k] = 1;
		any = true;
	}
	bool counted_elsewhere = false;
	for (size_t k = 0; any && k < c->n && !counted_elsewhere; k++)
		counted_elsewhere = !in[k] && !c->t[k].source && !c->t[k].neg && count_at(c, k);
	if (counted_elsewhere)
		for (size_t k = 0; k < c->n; k++)
			if (in[k] && !c->t[k].cluster)
				c->t[k].source = true;
	/* "that run got killed at the 2h mark ... resubmit, same shape, but 10 hours": with no count outside
	 * such clauses but a duration, only their durations are the ended run's (its counts stay readable) */
	bool timed_elsewhere = false;
	for (size_t k = 0; any && !counted_elsewhere && k + 1 < c->n && !timed_elsewhere; k++)
		timed_elsewhere = !in[k] && !c->t[k].source && !c->t[k].neg && c->t[k].is_num && !c->t[k].used &&
				  duration_unit(c->t[k + 1].norm);
	for (size_t k = 0; timed_elsewhere && k + 1 < c->n; k++)
		if (in[k] && c->t[k].is_num && duration_unit(c->t[k + 1].norm))
			c->t[k].used = c->t[k + 1].used = true;
	free(in);
}

/* Whether the text after byte b takes back the values just given, within the next few lines: "Those two
 * numbers are from my laptop test, ignore them.", "(disregard num_processes)", "please ignore these
 * values". Used by the form layer for counts pasted in a config ("num_machines: 1"). */
bool rd_dismissed_after(const struct ctx *c, size_t b)
{
	static const char *const cues[] = {"ignore them", "ignore those", "ignore these", "ignore that", "disregard",
					   "don't use those", "do not use those", NULL};
	static const char *const objects[] = {"numbers", "values", "counts", "two", "settings", "lines", NULL};
	size_t lines = 0, e = b;
	while (e < c->len && lines < 14 && e - b < 900)
		lines += c->text[e++] == '\n';
	for (size_t p = b; p < e; p++) {
		for (size_t q = 0; cues[q]; q++) {
			size_t l = strlen(cues[q]);
			if (p + l > e || strncasecmp(c->text + p, cues[q], l) || (p > 0 && isalpha((unsigned char)c->text[p - 1])))
				continue;
			const char *after = c->text + p + l;
			size_t rest = e - (p + l);
			if (!strncmp(cues[q], "disregard", 9))
				return true;
			/* "ignore them." / "ignore those numbers": not "ignore those warnings" */
			if (!rest || !isalpha((unsigned char)after[0])) {
				size_t k = 0;
				while (k < rest && (after[k] == ' ' || after[k] == '\t'))
					k++;
				if (k == rest || !isalpha((unsigned char)after[k]))
					return true;
				for (size_t o = 0; objects[o]; o++)
					if (rest - k >= strlen(objects[o]) && !strncasecmp(after + k, objects[o], strlen(objects[o])))
						return true;
			}
		}
	}
	return false;
}

/* "ZeRO-3 (was zero2)", "12 nodes (previously 8)", "account X (old: Y)": an aside that gives the value
 * before the change is taken back, so its words are not read as the request's. */
void rd_fence_old_values(struct ctx *c)
{
	static const char *const old[] = {"was", "were", "previously", "formerly", "old", "before", "prev", NULL};
	for (size_t i = 0; i < c->n; i++) {
		if (c->text[c->t[i].start] != '(' || !rd_is_any(c, i, old))
			continue;
		for (size_t k = i; k < c->n && k < i + 8; k++) {
			c->t[k].neg = true;
			if (c->t[k].trail == ')' || memchr(c->text + c->t[k].start, ')', c->t[k].end - c->t[k].start))
				break;
		}
	}
}

/* "Delta: yesterday's job ran 4h on 2 nodes and timed out. Same again with an extra 2 hours", "last week's
 * job was 4 nodes for 24h. Run it again with one node fewer": a sentence that opens by asking the run before
 * it again makes what that sentence said of the run the job asked for (its fences are lifted) and what the
 * repeat says changes it. Not when the earlier sentence names another cluster than the target. */
void rd_unfence_repeats(struct ctx *c)
{
	static const char *const again[] = {"again", "rerun", "re-run", "resubmit", "repeat", "redo", NULL};
	size_t prev_a = 0;
	for (size_t a = 0; a < c->n;) {
		size_t e = a;
		while (e + 1 < c->n && !rd_sentence_end_after(c, e))
			e++;
		bool repeat = false;
		for (size_t k = a; k <= e && k < a + 4 && !repeat; k++)
			repeat = rd_is_any(c, k, again) && !c->t[k].neg;
		if (repeat && a > 0) {
			bool fenced = false, other = false;
			for (size_t k = prev_a; k < a; k++) {
				fenced = fenced || c->t[k].source;
				if (c->t[k].cluster && c->cluster && match_cluster_name(c->repo, c->t[k].norm) != c->cluster)
					other = true;
			}
			if (fenced && !other) {
				for (size_t k = prev_a; k < a; k++)
					c->t[k].source = false;
				for (size_t k = a; k < c->n; k++)
					c->t[k].corr++;
			}
		}
		prev_a = a;
		a = e + 1;
	}
}

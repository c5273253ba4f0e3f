/* prose_cluster.c - the systems a request's prose names: which one is the target, and what the text
 * says of the others (where the job ran before, a machine of the user's own, a job copied from
 * another system), fenced off so that its counts, queues and accounts are not the target's. */
#include "cluster_mentions.h"
#include "lexicon.h"
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* "our Polaris", "my 8-node Polaris", "our old 4-GPU Polaris": an owner up to three words before the
 * name, with nothing but adjectives between ("the Polaris run", "a Frontier job" may be the one asked
 * for: "for the Polaris run please request ...", "set up a Frontier job") */
static bool owner_before(const struct ctx *c, size_t i)
{
	for (size_t k = i; k > 0 && i - k < 3; k--) {
		if (rd_is(c, k - 1, "our") || rd_is(c, k - 1, "my"))
			return true;
		if (c->t[k - 1].trail || c->t[k - 1].cluster || rd_sentence_end_after(c, k - 1))
			return false;
	}
	return false;
}

/* Whether token k stands on a line of a pasted job script: a directive or comment ("#SBATCH -N 4",
 * "#PBS -l walltime=1:00:00"), an assignment ("export NCCL_DEBUG=INFO", "MASTER_PORT=29500") or a
 * command a job script runs ("srun python train.py", "module load pytorch"). */
static bool script_line_at(const struct ctx *c, size_t k)
{
	static const char *const words[] = {"srun", "mpiexec", "mpirun", "ibrun", "torchrun", "python", "python3",
					    "module", "ml", "export", "source", "conda", "cd", "set", "deepspeed",
					    "accelerate", "echo", "aprun", "apptainer", "singularity", "shifter",
					    "podman-hpc", "nvidia-smi", "unset", "ulimit", NULL};
	size_t b = c->t[k].start;
	while (b > 0 && c->text[b - 1] != '\n')
		b--;
	while (b < c->len && (c->text[b] == ' ' || c->text[b] == '\t'))
		b++;
	if (b >= c->len)
		return false;
	if (c->text[b] == '#')
		return true;
	size_t e = b;
	while (e < c->len && !isspace((unsigned char)c->text[e]))
		e++;
	char w[32];
	size_t l = e - b < sizeof(w) - 1 ? e - b : sizeof(w) - 1;
	memcpy(w, c->text + b, l);
	w[l] = '\0';
	char *eq = strchr(w, '=');
	if (eq && eq > w) {
		for (char *p = w; p < eq; p++)
			if (!(isalnum((unsigned char)*p) || *p == '_'))
				return false;
		return true;
	}
	for (size_t q = 0; words[q]; q++)
		if (!strcmp(w, words[q]))
			return true;
	return false;
}

static void score_mention(const struct ctx *c, struct mention *m)
{
	static const char *const likened[] = {"identical", "similar", "equivalent", "close", "compared", "relative", NULL};
	static const char *const made_for[] = {"same", "one", "version", "equivalent", "copy", "port", "it", "this", "that",
					       "variant", "thing", NULL};
	static const char *const habit[] = {"i", "we", "usually", "normally", "always", "currently", "typically",
					    "still", "today", NULL};
	/* the job's nouns ("the Delta script for Polaris") and the verbs that move a job somewhere ("run it on") */
	static const char *const job_nouns[] = {"script", "scripts", "job", "jobs", "command", "cmd", "setup", "config",
						"configuration", "recipe", "file", NULL};
	static const char *const moved[] = {"run", "put", "submit", "launch", "try", "move", "start", "test", "rerun",
					    "resubmit", "redo", "do", NULL};
	size_t i = m->at;
	/* "two full Polaris nodes' worth of GPUs, but on Perlmutter": a measure, never the target */
	int measure_total;
	size_t ma, mb;
	if (rd_measure_mention(c, m->known, m->at, m->len, &measure_total, &ma, &mb)) {
		m->src += 20;
		m->measure = true;
	}
	/* "Scratch that, not Delta: Bridges-2", "Use Aurora. Wait, no, Polaris": a correction's name wins,
	 * a name taken back loses */
	bool cue_near = false; /* the correction's cue stands just before the name, not a clause or more back */
	for (size_t k = i; k > 0 && i - k < 6 && !cue_near; k--)
		cue_near = c->t[k - 1].corr_cue;
	/* a system judged unusable right after its name ("no, Polaris queue is too long this week — use Aurora
	 * instead", "Perlmutter is down"): the reason for the correction, not its choice */
	static const char *const judged[] = {"too", "busy", "down", "full", "congested", "overloaded", "backed", "closed",
					     "unavailable", "offline",
					     /* "our Delta allocation expired", "the Polaris hours are gone/used up" */
					     "expired", "exhausted", "depleted", "lapsed", "revoked", "gone",
					     /* "Stampede2 has been decommissioned", "Cori was retired", "Theta is shut down" */
					     "decommissioned", "retired", "shut", "sunset", "sunsetted", "eol", "dead", NULL};
	for (size_t k = i + m->len; k < c->n && k < i + m->len + 4; k++) {
		if (k > i + m->len && rd_sentence_end_after(c, k - 1))
			break;
		if (rd_is_any(c, k, judged)) {
			m->src += 3;
			cue_near = false;
			break;
		}
	}
	if (cue_near)
		m->tgt += 4 * c->t[i].corr;
	if (c->t[i].neg)
		m->src += 4;
	/* advice the user declines: "The helpdesk pointed me to Frontier, but I'd rather keep it on Perlmutter" */
	static const char *const advised_verbs[] = {"pointed", "suggested", "recommended", "advised", "proposed", "suggests",
						    "recommends", "suggest", "recommend", NULL};
	static const char *const decline[] = {"rather", "prefer", "keep", "stay", "stick", "instead", NULL};
	bool advised = false;
	for (size_t k = 1; k <= 4 && k <= i && !advised; k++) {
		if (rd_sentence_end_after(c, i - k) || c->t[i - k].cluster)
			break;
		advised = rd_is_any(c, i - k, advised_verbs) && !(i - k > 0 && (rd_is(c, i - k - 1, "i") || rd_is(c, i - k - 1, "we")));
	}
	for (size_t k = i + m->len; advised && k + 1 < c->n && !rd_sentence_end_after(c, k - 1); k++) {
		if (!rd_is(c, k, "but") && !rd_is(c, k, "however"))
			continue;
		for (size_t q = k + 1; q < c->n && q <= k + 5; q++)
			if (rd_is_any(c, q, decline)) {
				m->src += 5;
				advised = false;
				break;
			}
		break;
	}
	for (size_t k = 1; k <= 4 && k <= i; k++) {
		size_t j = i - k;
		if (rd_sentence_end_after(c, j) || c->t[j].cluster)
			break;
		const char *w = c->t[j].norm;
		if (k == 1 && (!strcmp(c->t[j].raw, "->") || !strcmp(c->t[j].raw, "=>") || !strcmp(c->t[j].raw, "→")))
			m->tgt += 3;
		if (rd_is_any(c, j, (const char *const[]){"granted", "awarded", "allocated", "approved", NULL})) {
			m->tgt += 2; /* "we were granted time on Aurora": the new allocation, and no "were" of a past run */
			break;
		}
		if (!strcmp(w, "from"))
			m->src += 3;
		else if (k == 2 && !strcmp(w, "as") && (rd_is(c, i - 1, "on") || rd_is(c, i - 1, "at") || rd_is(c, i - 1, "in")))
			m->src += 3; /* "the same job as on Frontier" */
		else if (k == 1 && !strcmp(w, "like") && j > 0 &&
			 rd_is_any(c, j - 1, (const char *const[]){"it", "its", "is", "looks", "much", "somewhat", "pretty",
								    "cluster", "system", "machine", "something", "basically", NULL}))
			m->src += 3; /* "Hawk-AI cluster at our institute (it's like Delta)": what another system is like */
		else if (!strcmp(w, "to") && j > 0 && rd_is_any(c, j - 1, likened))
			m->src += 2; /* "identical to the Perlmutter job", "similar to Perlmutter": another system */
		else if (!strcmp(w, "to") && k > 1 && j > 0 && rd_is(c, j - 1, "used")) {
			m->src += 3; /* "we used to run this on Summit": a past habit */
			break;
		} else if (!strcmp(w, "to") && k > 1 && !rd_is_any(c, j + 1, (const char *const[]){"the", "our", "my", "a", "tacc", "alcf", "nersc", "olcf", "ncsa", NULL}))
			break; /* "I want to move my Polaris job": an infinitive; what comes before is its verb's */
		else if ((!strcmp(w, "to") || !strcmp(w, "onto")) && k == 1 && j >= 3 && rd_is(c, j - 2, "to") &&
			 rd_is(c, j - 3, "used")) {
			m->src += 3; /* "Used to submit to Lonestar5": a past habit */
			break;
		} else if (!strcmp(w, "to") || !strcmp(w, "onto") || !strcmp(w, "into")) {
			m->tgt += k == 1 || (k == 2 && (rd_is(c, i - 1, "tacc") || rd_is(c, i - 1, "alcf") || rd_is(c, i - 1, "nersc") ||
							 rd_is(c, i - 1, "olcf") || rd_is(c, i - 1, "ncsa") || rd_is(c, i - 1, "the")))
					  ? 3
					  : 1;
			if (k == 1)
				break; /* "from ALCF to NERSC": the "from" before it is said of the other place */
		}
		else if (k == 1 && !strcmp(w, "for") && j > 0 && rd_is_any(c, j - 1, made_for))
			m->tgt += 3; /* "make the same for Vista", "a version of it for Aurora" */
		else if (k == 1 && !strcmp(w, "for") && j > 0 && rd_is_any(c, j - 1, job_nouns) && !owner_before(c, j - 1))
			m->tgt += 3; /* "convert this Frontier script for Andes", "the Vista command for Lonestar6"
				      * (not "my script for Perlmutter", which says what the user has) */
		else if (k == 1 && (!strcmp(w, "on") || !strcmp(w, "onto")) && j > 1 &&
			 rd_is_any(c, j - 1, (const char *const[]){"it", "them", "this", "that", NULL}) &&
			 rd_is_any(c, j - 2, moved) && !(j > 2 && (rd_is_any(c, j - 3, habit) || rd_is(c, j - 3, "they") ||
								     (rd_is(c, j - 3, "to") && j > 3 && rd_is(c, j - 4, "used")))))
			m->tgt += 3; /* "run it on Aurora's capacity queue", "put it on Perlmutter" (not "we run it on
				      * Theta", "we used to run this on Theta": what runs or ran there) */
		else if ((!strcmp(w, "use") || !strcmp(w, "run")) && j > 0 && rd_is_any(c, j - 1, habit))
			m->src += 2; /* "the script I use on Perlmutter", "we normally use Polaris", "what I run on
				      * Lonestar6": what runs today */
		else if (vocab_in(VL_SOURCE, w) && !(rd_is(c, j, "ran") && rd_is(c, j + 1, "out"))) /* "hours ran out" */
			m->src += 2;
		else if (!strcmp(w, "like") &&
			 !(j > 0 && rd_is_any(c, j - 1, (const char *const[]){"would", "i'd", "we'd", "d", "i", "we", "you", "they", "'d", NULL})))
			; /* "like the LS6 job ... but on Stampede3": a likeness, no wish (likeness_before reads it) */
		else if (vocab_in(VL_TARGET, w))
			m->tgt += 2;
	}
	size_t e = i + m->len;
	/* "it's lonestar6 now", "Frontier now: 2 nodes": the system of the present, beside the one of before */
	if (e < c->n && rd_is(c, e, "now") && !c->t[i].neg && !c->t[e - 1].trail && !rd_sentence_end_after(c, e - 1))
		m->tgt += 2;
	/* a heading: "For Perlmutter: 8 nodes, ...", "On Frontier: ...", "Polaris:" leading its line */
	size_t h = i;
	if (h > 0 && (rd_is(c, h - 1, "for") || rd_is(c, h - 1, "on")))
		h--;
	if (c->t[e - 1].trail == ':' && (h == 0 || rd_newline_between(c, h - 1, h) || rd_sentence_end_after(c, h - 1)))
		m->tgt += 2;
	/* (past a queue of its own: "my Polaris prod script", "our Perlmutter regular job") */
	size_t noun = e;
	if (noun + 1 < c->n && m->known && !c->t[noun].trail && cluster_queue(m->known, c->t[noun].raw))
		noun++;
	if (noun < c->n && (rd_is(c, noun, "job") || rd_is(c, noun, "jobs") || rd_is(c, noun, "script") || rd_is(c, noun, "setup") ||
			    rd_is(c, noun, "run") || rd_is(c, noun, "runs") || rd_is(c, noun, "version")) &&
	    owner_before(c, i))
		m->src += 3; /* "our Polaris job", "my 8-node Polaris job" */
	else if (e < c->n && i > 0 && rd_is(c, i - 1, "this") &&
		 (rd_is(c, e, "job") || rd_is(c, e, "script") || rd_is(c, e, "setup")))
		m->src += 2; /* "Convert this Polaris job for ...": the job the user has */
	/* a label that makes a sentence of its own: "(LS6 command.)", "Stampede3 job." under what was pasted */
	static const char *const label_nouns[] = {"command", "cmd", "script", "job", "version", "setup", "header", NULL};
	if (e < c->n && rd_is_any(c, e, label_nouns) && (c->t[e].trail == '.' || c->t[e].trail == ')') &&
	    (i == 0 || rd_sentence_end_after(c, i - 1) || c->text[c->t[i].start] == '(') && c->t[i].start > 0 &&
	    memchr(c->text, '\n', c->t[i].start)) /* below what was pasted: "Delta job." opening a request is its target */
		m->src += 3;
	/* "Frontier script:" on a line of its own over what was pasted: the script's own system (and with what
	 * the line says of it before its colon: "Piz Daint job (one P100 per node), Cray PBS + aprun:") */
	if (e < c->n && rd_is_any(c, e, label_nouns) && (i == 0 || rd_newline_between(c, i - 1, i))) {
		size_t end = e;
		while (end + 1 < c->n && !rd_newline_between(c, end, end + 1) && end - e < 16)
			end++;
		if (end + 1 < c->n && c->t[end].trail == ':' && rd_newline_between(c, end, end + 1))
			m->src += 3;
	}
	/* "#SBATCH -N 4 --gpus-per-node=4 -C gpu   (Perlmutter)": a pasted directive's note of its system */
	if (rd_directive_line_at(c, c->t[i].start) && i > 0 && c->text[c->t[i].start] == '(')
		m->src += 3;
	/* "same 4 nodes x 4 GPUs on Lonestar6", "the same job on Vista": what is made again there (not "same
	 * shape as the one on Perlmutter", what it is made like) */
	if (i > 0 && rd_is(c, i - 1, "on"))
		for (size_t k = i - 1; k > 0 && i - k < 8; k--) {
			if (rd_sentence_end_after(c, k - 1) || c->t[k - 1].cluster || rd_is(c, k - 1, "as") ||
			    rd_is(c, k - 1, "like") || rd_is(c, k - 1, "than"))
				break;
			if (rd_is(c, k - 1, "same") && !c->t[k - 1].neg) {
				m->tgt += 2;
				break;
			}
		}
	/* "so Polaris then", "Polaris then.": the choice the sentence comes to */
	if (e < c->n && rd_is(c, e, "then") && (c->t[e].trail || rd_sentence_end_after(c, e) || e + 1 == c->n))
		m->tgt += 3;
	/* "... all 8 per node, but on Perlmutter": the turn of the sentence to where the job goes */
	if (i >= 2 && (rd_is(c, i - 1, "on") || rd_is(c, i - 1, "to")) && rd_is(c, i - 2, "but"))
		m->tgt += 2;
	/* "that's a bridges-2 node" (under a pasted nvidia-smi): a node described, where the job ran */
	if (i >= 2 && rd_is(c, i - 1, "a") && (rd_is(c, i - 2, "that") || rd_is(c, i - 2, "this")) && rd_is(c, e, "node"))
		m->src += 2;
	/* "Polaris version please", "a Vista equivalent": the one to be made (not "our Polaris version") */
	static const char *const describes[] = {"uses", "used", "has", "had", "is", "was", "ran", "runs", "works", "worked",
						"needs", "needed", "takes", "took", "gets", "got", "does", "did", NULL};
	if (e < c->n && (rd_is(c, e, "version") || rd_is(c, e, "equivalent") || rd_is(c, e, "variant")) && !owner_before(c, i) &&
	    !(i > 0 && rd_is(c, i - 1, "this")) && !rd_is_any(c, e + 1, describes)) /* not "The Aurora version uses 12 tiles" */
		m->tgt += 2;
	/* "... for the Frontier extended partition", "for the Vista gh queue": where it should run */
	if (i >= 2 && rd_is(c, i - 1, "the") && rd_is(c, i - 2, "for") && e + 1 < c->n &&
	    (rd_is(c, e + 1, "partition") || rd_is(c, e + 1, "queue") || rd_is(c, e, "partition") || rd_is(c, e, "queue")))
		m->tgt += 3;
	for (size_t k = 0; k < 3 && e + k < c->n; k++) {
		if (rd_sentence_end_after(c, e + k - 1) || c->t[e + k].cluster)
			break; /* "We trained on Anvil. Keep ...": the next sentence's words are not about it */
		const char *w = c->t[e + k].norm;
		if (k == 0 && (!strcmp(c->t[e].raw, "->") || !strcmp(c->t[e].raw, "=>") || !strcmp(c->t[e].raw, "→"))) {
			m->src += 3;
			break;
		}
		if (!strcmp(w, "i") || !strcmp(w, "we") || !strcmp(w, "it") || !strcmp(w, "only") || !strcmp(w, "this") ||
		    !strcmp(w, "that") || !strcmp(w, "they") || !strcmp(w, "also") ||
		    (k == 0 && (!strcmp(w, "is") || !strcmp(w, "was") || !strcmp(w, "has"))) || /* "Summit is gone" */
		    (k == 0 && (!strcmp(w, "run") || !strcmp(w, "job") || !strcmp(w, "version") || !strcmp(w, "setup"))))
			continue; /* "On Vista this used 12 nodes", "The Polaris run used ...", "the Polaris run please" */
		if (!strcmp(w, "before") && rd_is_any(c, e + k + 1, (const char *const[]){"we", "i", "you", "they", "it", "the", "our", "my", "scaling", NULL}))
			break; /* "a test on Frontier before we scale": a time clause, not where it ran before */
		if (vocab_in(VL_SOURCE, w))
			m->src += 2;
		else if (vocab_in(VL_TARGET, w))
			m->tgt += 2;
		break;
	}
	/* the time of the clause the name stands in, from its start: "last time I did `sbatch ...` on
	 * perlmutter; now I need the same kind of job on Delta": a past run's clause, and the one turned to
	 * with "now" */
	bool past = false, now = false;
	for (size_t k = i; k > 0 && i - k < 16; k--) {
		size_t j = k - 1;
		if (rd_sentence_end_after(c, j) || c->t[j].trail == ';' || (c->t[j].cluster && j + 1 < i))
			break;
		if (rd_is(c, j, "yesterday") || rd_is(c, j, "previously") || rd_is(c, j, "ago") ||
		    (rd_is(c, j, "last") && (rd_is(c, j + 1, "time") || rd_is(c, j + 1, "week") || rd_is(c, j + 1, "month"))))
			past = true;
		if ((rd_is(c, j, "now") || rd_is(c, j, "today")) && (j == 0 || rd_sentence_end_after(c, j - 1) || c->t[j - 1].trail))
			now = true;
		/* "Instead of the 4 nodes I had on Delta, give me twice that on DeltaAI": an imperative opening
		 * the clause after a comma asks for the target */
		if (rd_is_any(c, j, request_imperatives) && j > 0 && c->t[j - 1].trail == ',' && !rd_newline_between(c, j - 1, j))
			now = true;
	}
	if (past && !now)
		m->src += 2;
	else if (now && !past)
		m->tgt += 2;
}

/* "Not Polaris - the other ALCF machine, the one with 12 GPUs a node": the cluster a centre's
 * description narrows to, taken with a warning; false when none (described_cluster.c). */
static bool take_described(struct ctx *c)
{
	char why[160];
	size_t at;
	const struct cluster *cl = rd_described_cluster(c, &at, why, sizeof(why));
	if (!cl)
		return false;
	request_set(&c->req->cluster, cl->id);
	rd_set_from_toks(c, RF_CLUSTER, at, at);
	c->cluster = cl;
	request_warn(c->req, "cluster %s (the text describes it rather than naming it)", why);
	return true;
}

/* Whether every system named is a known cluster taken back by a negation ("not Polaris"). */
static bool all_ruled_out(const struct ctx *c, const struct mention *m, size_t nm)
{
	for (size_t q = 0; q < nm; q++)
		if (!m[q].known || !c->t[m[q].at].neg)
			return false;
	return true;
}

/* Whether every mention of m[q]'s system is taken back by a negation ("not Polaris") and has no other
 * cue of a past run ("from", "ran on"). */
static bool negated_only(const struct ctx *c, const struct mention *m, size_t nm, size_t q)
{
	/* (a mention said only of the past beside one taken back counts as ruled out too: "Our Delta
	 * allocation expired ... the next run - not Delta") */
	bool negated = false;
	for (size_t r = 0; r < nm; r++) {
		if (strcmp(m[r].name, m[q].name))
			continue;
		if (c->t[m[r].at].neg && m[r].src - 4 <= m[r].tgt)
			negated = true;
		else if (c->t[m[r].at].neg || m[r].src <= m[r].tgt)
			return false;
	}
	return negated;
}

/* How the words before a mention of another system at `at` relate the job to it: 1 when the user
 * copies that job ("same setup as our Polaris job", "the same node count as on Perlmutter", "like our
 * Delta run", "identical to the Perlmutter job", "mirroring the Frontier run"), -1 when the user sets
 * it apart ("not the same as our Polaris job", "unlike the Polaris run"), 0 otherwise. "I'd like to
 * move my Polaris job" copies nothing: "like" must stand right before the job it names. */
static int likeness_before(const struct ctx *c, size_t at)
{
	static const char *const det[] = {"our", "my", "the", "on", "in", "at", "with", "that", "this", NULL};
	static const char *const copy[] = {"like", "identical", "mirror", "mirrors", "mirroring", "match", "matches",
					   "matching", "unlike", NULL};
	size_t k = at;
	/* the determiners between the cue and the name: "like our", "same as on the", "identical to the" */
	for (int d = 0; d < 3 && k > 0 && rd_is_any(c, k - 1, det) && !rd_sentence_end_after(c, k - 1); d++)
		k--;
	if (k > 0 && rd_is(c, k - 1, "to") && k > 1 && rd_is(c, k - 2, "identical"))
		k--;
	if (k == 0 || rd_sentence_end_after(c, k - 1) || c->t[k - 1].trail)
		return 0;
	size_t cue = k - 1;
	bool hit = false;
	if (rd_is_any(c, cue, copy)) {
		if (rd_is(c, cue, "unlike"))
			return -1;
		/* "I'd like to ...", "would like": a verb */
		hit = !(cue > 0 && (rd_is(c, cue - 1, "would") || rd_is(c, cue - 1, "i'd") || rd_is(c, cue - 1, "we'd") ||
				    rd_is(c, cue - 1, "d")));
	} else if (rd_is(c, cue, "as")) {
		/* "same as", "the same setup as", "the same node count as" */
		for (size_t j = cue; j > 0 && cue - j < 4; j--) {
			if (rd_sentence_end_after(c, j - 1) || (j < cue && c->t[j - 1].trail))
				break;
			if (rd_is(c, j - 1, "same")) {
				hit = true;
				cue = j - 1;
				break;
			}
		}
	}
	if (!hit)
		return 0;
	for (size_t j = cue; j > 0 && cue - j < 3; j--) {
		if (rd_sentence_end_after(c, j - 1))
			break;
		if (rd_is(c, j - 1, "not") || c->t[j - 1].neg)
			return -1;
	}
	return 1;
}

/* Whether the fence of what is said of another system ends before token k: "but with account m1",
 * "except now run it with ..." turn back to the target ("but only for 2 hours" does not). */
static bool turns_back_at(const struct ctx *c, size_t k)
{
	static const char *const next[] = {"with", "use", "using", "make", "set", "charge", "change", "switch", "give",
					   "please", "run", "now", "i", "we", "let's", "lets", "this", "here", "for", NULL};
	if (!(rd_is(c, k, "but") || rd_is(c, k, "except")))
		return false;
	return k + 1 < c->n && rd_is_any(c, k + 1, next);
}

/* Whether token k opens or closes an aside: "(", "[" at its start; ")", "]" in it or right after it. */
static bool opens_aside(const struct ctx *c, size_t k)
{
	char ch = c->text[c->t[k].start];
	return ch == '(' || ch == '[';
}
static bool closes_aside(const struct ctx *c, size_t k)
{
	const char *p = c->text + c->t[k].start;
	size_t l = c->t[k].end - c->t[k].start;
	return memchr(p, ')', l) || memchr(p, ']', l) || c->t[k].trail == ')' || c->t[k].trail == ']';
}

/* Whether the mention at `at` stands inside an aside of its sentence ("DeltaAI (not the old Delta), 2
 * nodes", "On Anvil [formerly on Bridges-2 with 2 nodes], 1 node"): what is said of it ends with the
 * aside. */
static bool inside_aside(const struct ctx *c, size_t at)
{
	for (size_t k = at + 1; k > 0; k--) {
		if (k - 1 < at && (closes_aside(c, k - 1) || rd_sentence_end_after(c, k - 1)))
			return false;
		if (opens_aside(c, k - 1))
			return true;
	}
	return false;
}

/* Whether the words at k, after a colon, are the request's own: an imperative or its subject ("use 32
 * nodes", "I want", "please"). */
static bool colon_goes_on(const struct ctx *c, size_t k)
{
	static const char *const next[] = {"use", "make", "set", "give", "please", "run", "i", "we", "let's", "lets",
					   "charge", "change", "switch", "keep", "book", "request", "want", "need", NULL};
	return rd_is_any(c, k, next);
}

/* Whether only "and"/"or", commas and parenthesised text stand between token a-1 and token b. */
static bool coordinated(const struct ctx *c, size_t a, size_t b)
{
	if (a == 0 || a >= b)
		return false;
	size_t p = c->t[a - 1].end, e = c->t[b].start;
	char rest[16];
	size_t n = 0;
	int depth = 0;
	for (; p < e; p++) {
		char ch = c->text[p];
		if (ch == '(')
			depth++;
		else if (ch == ')' && depth > 0)
			depth--;
		else if (!depth && !isspace((unsigned char)ch) && ch != ',') {
			if (n + 1 >= sizeof(rest))
				return false;
			rest[n++] = (char)tolower((unsigned char)ch);
		}
	}
	rest[n] = '\0';
	return !depth && (!strcmp(rest, "and") || !strcmp(rest, "or") || !strcmp(rest, "&"));
}

/* Whether the text asks for the job on a machine it does not name: "our department's new GPU cluster",
 * "the new machine", "our institute's new system", "on our own cluster", "a different system", "our
 * cluster", "elsewhere". Asked only when every system the text names is where the job ran before. */
static bool unnamed_target(const struct ctx *c)
{
	static const char *const noun[] = {"cluster", "machine", "system", "supercomputer", "hpc", NULL};
	static const char *const lead[] = {"new", "own", "our", "my", "different", "another", "other", "local", NULL};
	for (size_t i = 0; i < c->n; i++) {
		if ((rd_is(c, i, "elsewhere") || (rd_is(c, i, "somewhere") && rd_is(c, i + 1, "else"))) && !c->t[i].neg)
			return true; /* "the new allocation is elsewhere" */
		/* "to wherever we get time next", "for whatever machine has free GPUs": a target not chosen yet */
		if ((rd_is(c, i, "wherever") || ((rd_is(c, i, "whatever") || rd_is(c, i, "whichever")) &&
						 rd_is_any(c, i + 1, (const char *const[]){"machine", "system", "cluster", "site", "centre", "center", NULL}))) &&
		    !c->t[i].neg)
			return true;
		/* "where should it go?", "where to run it?": asked, not named */
		if (rd_is(c, i, "where") && !c->t[i].cluster && (rd_is(c, i + 1, "should") || rd_is(c, i + 1, "to") || rd_is(c, i + 1, "can") ||
								 rd_is(c, i + 1, "could") || rd_is(c, i + 1, "would"))) {
			for (size_t k = i + 1; k < c->n && k <= i + 6; k++) {
				if (c->t[k].trail == '?')
					return true;
				if (rd_sentence_end_after(c, k))
					break;
			}
		}
		/* "where it goes I haven't decided yet", "not sure where it should run": a target left open */
		if (rd_is(c, i, "where") && !c->t[i].cluster)
			for (size_t k = i > 4 ? i - 4 : 0; k < c->n && k <= i + 6; k++) {
				if (k > i && rd_sentence_end_after(c, k - 1))
					break;
				if (rd_is(c, k, "decided") || rd_is(c, k, "undecided") || rd_is(c, k, "decide") ||
				    (rd_is(c, k, "sure") && k > 0 && rd_is(c, k - 1, "not")) || rd_is(c, k, "tbd"))
					return true;
			}
		/* "our other allocation", "a different site": where the job goes, not named */
		static const char *const place[] = {"allocation", "site", "centre", "center", NULL};
		static const char *const other[] = {"other", "another", "different", "second", NULL};
		if (rd_is_any(c, i, place) && !c->t[i].cluster && i > 0 && rd_is_any(c, i - 1, other) && !c->t[i].neg &&
		    !(i + 1 < c->n && c->text[c->t[i + 1].start] == '('))
			return true;
		if (!rd_is_any(c, i, noun) || c->t[i].cluster)
			continue;
		if (i + 1 < c->n && !c->t[i].trail && isupper((unsigned char)c->t[i + 1].raw[0]) && !rd_sentence_end_after(c, i))
			continue; /* "our cluster Hopper-Z" names it */
		/* "to a machine we haven't picked yet", "a system still to be chosen" */
		static const char *const open_choice[] = {"picked", "chosen", "decided", "selected", "determined", "tbd",
							  "undecided", "unknown", NULL};
		for (size_t k = i + 1; k < c->n && k <= i + 6 && !rd_sentence_end_after(c, k - 1); k++)
			if (rd_is_any(c, k, open_choice))
				return true;
		/* "a bigger machine, not sure which one yet", "some other cluster (no idea which)", "a new system,
		 * don't know which" */
		for (size_t k = i + 1; k + 1 < c->n && k <= i + 5 && (k == i + 1 || !rd_sentence_end_after(c, k - 1)); k++)
			if (rd_is_any(c, k, (const char *const[]){"sure", "unsure", "know", "idea", "certain", NULL}) &&
			    rd_is(c, k + 1, "which"))
				return true;
		bool earlier = false; /* "our old cluster", "my previous machine": where it ran, not where it goes */
		for (size_t k = i; k > 0 && i - k < 4 && !earlier; k--) {
			if (rd_sentence_end_after(c, k - 1) || c->t[k - 1].cluster)
				break;
			earlier = rd_is_any(c, k - 1, (const char *const[]){"old", "previous", "former", "prior", "last",
									   "retired", "decommissioned", NULL});
		}
		for (size_t k = i; k > 0 && i - k < 4 && !earlier; k--) {
			if (rd_sentence_end_after(c, k - 1) || c->t[k - 1].cluster)
				break;
			if (rd_is_any(c, k - 1, lead))
				return true;
		}
	}
	return false;
}

/* No system named: a partition name that only one cluster has ("8 nodes on gpuA100x4", "ghx4") names it,
 * said as read. Partition names that are common words ("debug", "regular": no digit, dash or underscore) never do; two
 * partitions of different clusters name none. (An account's shape alone does not: "abc123" fits several.) */
static bool cluster_by_own_names(struct ctx *c)
{
	const struct cluster *found = NULL;
	size_t at = 0;
	for (size_t i = 0; i < c->n; i++) {
		const struct tok *t = &c->t[i];
		/* (a digit, or words joined by a dash or underscore: "GPU-shared", "shared_interactive") */
		const char *join = strpbrk(t->raw, "-_");
		bool joined = join && join > t->raw && isalpha((unsigned char)join[1]);
		if (t->source || t->neg || strlen(t->raw) < 4 || (!strpbrk(t->raw, "0123456789") && !joined) ||
		    vocab_gpu_model(t->norm))
			continue; /* "h100" is a GPU model first, whatever queue of one cluster is named so */
		const struct cluster *only = NULL;
		int hits = 0;
		for (size_t k = 0; k < repo_cluster_count(c->repo); k++) {
			const struct cluster *cl = repo_cluster_at(c->repo, k);
			if (cl && cluster_queue(cl, t->raw))
				only = cl, hits++;
		}
		if (hits != 1)
			continue;
		if (found && found != only)
			return false;
		if (!found)
			at = i;
		found = only;
	}
	if (!found)
		return false;
	request_set(&c->req->cluster, found->id);
	rd_set_from_toks(c, RF_CLUSTER, at, at);
	request_warn(c->req, "read as %s: '%s' is one of its partitions and no cluster is named (say \"on %s\" to be sure)",
		     found->id, c->t[at].raw, found->id);
	c->cluster = found;
	return true;
}

static int mention_count(const struct mention *m, size_t nm, const char *name)
{
	int n = 0;
	for (size_t q = 0; q < nm; q++)
		n += !strcmp(m[q].name, name);
	return n;
}

/* Whether the text offers two systems, once each, as alternatives joined by "or" ("polaris or
 * perlmutter?", "either Polaris or Aurora is fine with me", "Time to leave Delta. Move it to either
 * Polaris or Aurora"), neither of them where the job ran, and names no other system but where it ran.
 * The pair's first mention goes to *first. */
static bool offered_choice(const struct ctx *c, const struct mention *m, size_t nm, size_t *first)
{
	for (size_t q = 0; q + 1 < nm; q++) {
		if (!strcmp(m[q].name, m[q + 1].name) || mention_count(m, nm, m[q].name) != 1 ||
		    mention_count(m, nm, m[q + 1].name) != 1)
			continue;
		size_t a = m[q].at + m[q].len, b = m[q + 1].at;
		if (b != a + 1 || !(rd_is(c, a, "or") || rd_is(c, a, "/")) || c->t[a - 1].trail || c->t[m[q].at].neg || c->t[m[q + 1].at].neg)
			continue;
		/* "either X or Y is fine": the cue after the pair is said of both ("fine" is a source cue otherwise) */
		bool either = m[q].at > 0 && rd_is(c, m[q].at - 1, "either");
		/* ("Should we use Polaris or Delta?": a question offering both, whatever its verb says of them) */
		bool asked = c->t[m[q + 1].at + m[q + 1].len - 1].trail == '?';
		if (!either && !asked && (m[q].src || m[q + 1].src))
			continue;
		bool others_are_sources = true;
		for (size_t r = 0; r < nm && others_are_sources; r++)
			if (r != q && r != q + 1)
				others_are_sources = m[r].src > m[r].tgt || c->t[m[r].at].neg;
		if (others_are_sources) {
			*first = q;
			return true;
		}
	}
	return false;
}

/* "allocations at both NERSC and ALCF", "time at NERSC and at OLCF; 4 nodes": the target is named only by
 * its centre, beside another centre the text names, and nothing says which one the job is for (a cue
 * would have raised its score above the other's: "use NERSC") - no cluster, asked back. */
static bool centre_only_beside_other_centre(struct ctx *c, const struct mention *m, size_t nm, const struct mention *t)
{
	for (size_t q = 0; q < nm; q++)
		if (!strcmp(m[q].name, t->name) && !m[q].centre)
			return false; /* the cluster itself is named somewhere */
	for (size_t i = 0; i < c->n; i++) {
		const struct cluster *only;
		char names[160];
		if (i >= t->at && i < t->at + t->len)
			continue;
		if (c->t[i].neg || c->t[i].source || !isupper((unsigned char)c->t[i].raw[0]))
			continue;
		size_t nc = rd_centre_clusters(c, c->t[i].norm, &only, names, sizeof(names));
		if (!nc || (nc == 1 && only && !strcmp(only->id, t->name)))
			continue;
		if (nc == 1 && only)
			snprintf(names, sizeof(names), "%s", only->id);
		request_warn(c->req, "the request names the centres %s and %s and does not say which one the job is for (%s "
				     "or %s): say which cluster",
			     c->t[t->at].raw, c->t[i].raw, t->name, names);
		return true;
	}
	return false;
}

void rd_read_cluster(struct ctx *c)
{
	struct mention m[32];
	size_t nm = rd_find_mentions(c, m, 32);
	if (!c->cluster_field && (!nm || all_ruled_out(c, m, nm)) && take_described(c))
		return;
	if (!nm && !c->cluster_field) {
		/* a centre with several clusters and none named: say which ones, so the question can be answered */
		for (size_t i = 0; i < c->n; i++) {
			const struct cluster *only;
			char names[160];
			if (!c->t[i].neg && isupper((unsigned char)c->t[i].raw[0]) &&
			    rd_centre_clusters(c, c->t[i].norm, &only, names, sizeof(names)) > 1) {
				request_warn(c->req, "%s runs several clusters maple knows (%s): say which", c->t[i].raw, names);
				break;
			}
		}
	}
	if (!nm && !c->cluster_field && !c->resource_cluster && cluster_by_own_names(c))
		return;
	if (!nm && !c->cluster_field && c->resource_cluster && unnamed_target(c)) {
		/* "convert this for the new machine" under "select=4:system=polaris": the job leaves that system */
		request_reject(c->req, RF_CLUSTER, c->resource_cluster->id, strlen(c->resource_cluster->id),
			       "the pasted script's own system; the request asks for another one it does not name");
		request_warn(c->req, "the job is asked for on a machine the request does not name (%s is the pasted script's "
				     "system): say which cluster",
			     c->resource_cluster->id);
		return;
	}
	if (!nm && !c->cluster_field && c->resource_cluster) {
		/* "#PBS -l select=12:system=polaris" and no cluster named otherwise */
		request_set(&c->req->cluster, c->resource_cluster->id);
		rd_from_text(c, RF_CLUSTER, c->resource_a, c->resource_b);
		c->cluster = c->resource_cluster;
		return;
	}
	size_t pa, pb;
	const struct cluster *prompt;
	if (!nm && !c->cluster_field && (prompt = rd_prompt_cluster(c, &pa, &pb)) != NULL) {
		/* "vista(login1)$ sinfo -p gh" pasted over "grab 10 of the idle ones": where the tool ran */
		request_set(&c->req->cluster, prompt->id);
		rd_from_text(c, RF_CLUSTER, pa, pb);
		c->cluster = prompt;
		request_warn(c->req, "cluster %s read from the pasted terminal output's prompt or command line (no cluster is named "
				     "otherwise)",
			     prompt->id);
		return;
	}
	if (!nm || c->cluster_field) {
		for (size_t q = 0; q < nm; q++)
			for (size_t k = m[q].at; k < m[q].at + m[q].len; k++)
				c->t[k].used = c->t[k].cluster = true;
		return;
	}
	/* one score per system: the sum over its mentions; a cue belongs to the nearest name only */
	for (size_t q = 0; q < nm; q++)
		for (size_t k = m[q].at; k < m[q].at + m[q].len; k++)
			c->t[k].cluster = true;
	for (size_t q = 0; q < nm; q++)
		score_mention(c, &m[q]);
	/* "Unlike Frontier (8 GCDs per node) and Bridges-2 (8 V100s per node), ...": a system joined to the one
	 * before it by "and"/"or" (past what is said of that one in parentheses) shares its cue of another
	 * system */
	for (size_t q = 1; q < nm; q++)
		if (m[q - 1].src > m[q - 1].tgt && !m[q].src && !m[q].tgt && strcmp(m[q].name, m[q - 1].name) &&
		    coordinated(c, m[q - 1].at + m[q - 1].len, m[q].at))
			m[q].src = m[q - 1].src;
	int best = -1, best_score = 0;
	for (size_t q = 0; q < nm; q++) {
		int src = 0, tgt = 0;
		bool only_centre = true; /* a cluster named only by its centre yields to one named itself */
		for (size_t r = 0; r < nm; r++)
			if (!strcmp(m[r].name, m[q].name)) {
				src += m[r].src;
				tgt += m[r].tgt;
				only_centre &= m[r].centre;
			}
		int score = tgt - src - (only_centre ? 1 : 0);
		/* a system the text only rules out ("was going to use Perlmutter but ..., so Polaris then") comes
		 * after every other one */
		if (negated_only(c, m, nm, q))
			score -= 100;
		/* a tie goes to the system named more often ("Unlike Frontier and Bridges-2, Delta's nodes ...:
		 * 6 nodes on Delta"); the first named otherwise */
		if (best < 0 || score > best_score ||
		    (score == best_score && mention_count(m, nm, m[q].name) > mention_count(m, nm, m[best].name))) {
			best = (int)q;
			best_score = score;
		}
	}
	/* "Polaris or Aurora, whichever has the Intel GPUs": the one with the property; "whichever is less
	 * busy": asked back */
	bool undecided = false;
	size_t wa = 0, wz = 0;
	int by_property = rd_cluster_by_property(c, m, nm, &undecided, &wa, &wz);
	if (by_property >= 0) {
		best = by_property;
		best_score = best_score > 1 ? best_score : 1;
		for (size_t q = 0; q < nm; q++)
			m[q].offered = m[q].known != m[best].known;
		for (size_t k = wa; k <= wz && k < c->n; k++)
			c->t[k].used = true; /* ("8 GPUs per node" is what picks it, no count of the job's) */
	} else if (undecided) {
		request_warn(c->req, "the request leaves the choice of cluster to a property maple cannot settle (\"whichever "
				     "...\"): say which cluster");
		for (size_t q = 0; q < nm; q++)
			for (size_t k = m[q].at; k < m[q].at + m[q].len; k++)
				c->t[k].used = c->t[k].cluster = true;
		return;
	}
	if (best >= 0 && negated_only(c, m, nm, (size_t)best)) {
		/* every system named is ruled out ("we need a cluster with H100s (not Delta, that's A100 40GB)"):
		 * no cluster, asked back */
		for (size_t q = 0; q < nm; q++) {
			request_reject(c->req, RF_CLUSTER, m[q].name, strlen(m[q].name), "named as a cluster not to use");
			for (size_t k = m[q].at; k < m[q].at + m[q].len; k++)
				c->t[k].used = c->t[k].cluster = true;
		}
		request_warn(c->req, "the request names %s only as a cluster not to use: say which cluster", m[best].name);
		return;
	}
	bool all_measures = nm > 0;
	for (size_t q = 0; q < nm && all_measures; q++)
		all_measures = m[q].measure;
	if (all_measures) {
		/* "the equivalent of two Polaris nodes, 10 hours -- not sure which cluster yet": the only system
		 * named measures the size; where the job runs is asked back */
		for (size_t q = 0; q < nm; q++) {
			request_reject(c->req, RF_CLUSTER, m[q].name, strlen(m[q].name), "named as a measure of the job's GPUs");
			for (size_t k = m[q].at; k < m[q].at + m[q].len; k++)
				c->t[k].used = c->t[k].cluster = true;
		}
		request_warn(c->req, "%s is named as a measure of the GPUs, not where the job runs: say which cluster", m[0].name);
		return;
	}
	if (best_score < 0 && unnamed_target(c)) {
		/* every system named is where the job ran before or a comparison, and the job is asked for on a
		 * machine the text does not name ("our department's new GPU cluster"): no cluster, asked back */
		for (size_t q = 0; q < nm; q++) {
			request_reject(c->req, RF_CLUSTER, m[q].name, strlen(m[q].name), "named as where the job ran before");
			/* to the sentence's end, or to a colon that opens the request ("Frontier is too busy, run
			 * this somewhere else: 16 GPUs for 2h") */
			for (size_t k = m[q].at; k < c->n; k++) {
				/* (or to a dash that opens it: "... to wherever we get time next - 8 nodes, 10h") */
				if (k > m[q].at && rd_is_any(c, k, (const char *const[]){"-", "--", "\u2013", "\u2014", NULL}))
					break;
				/* (and at the words of the target left open: "leaving Delta for whatever machine has free
				 * GPUs, 4 nodes, 6h") */
				if (k > m[q].at && rd_is_any(c, k, (const char *const[]){"wherever", "whatever", "whichever", "elsewhere",
											  "somewhere", NULL}))
					break;
				c->t[k].source = true;
				if (rd_sentence_end_after(c, k) || c->t[k].trail == ':')
					break;
			}
			for (size_t k = m[q].at; k < m[q].at + m[q].len; k++)
				c->t[k].used = c->t[k].cluster = true;
		}
		request_warn(c->req, "the job is asked for on a machine the request does not name (%s is where it ran before): say "
				     "which cluster",
			     m[best].name);
		return;
	}
	size_t alt;
	if (by_property < 0 && offered_choice(c, m, nm, &alt)) {
		/* "polaris or perlmutter?", "either Polaris or Aurora, whichever you think": two systems offered
		 * and none chosen - no cluster, asked back */
		request_warn(c->req, "the request offers %s or %s and does not choose: say which cluster", m[alt].name,
			     m[alt + 1].name);
		for (size_t q = 0; q < nm; q++)
			for (size_t k = m[q].at; k < m[q].at + m[q].len; k++)
				c->t[k].used = c->t[k].cluster = true;
		return;
	}
	const struct mention *t = &m[best];
	if (best_score < 0 && centre_only_beside_other_centre(c, m, nm, t)) {
		for (size_t q = 0; q < nm; q++)
			for (size_t k = m[q].at; k < m[q].at + m[q].len; k++)
				c->t[k].used = c->t[k].cluster = true;
		return;
	}
	bool several = false;
	for (size_t q = 0; q < nm; q++)
		if (strcmp(m[q].name, t->name))
			several = true;
	bool corrected = false; /* "Lonestar6 1 node x.py. Wait, no: Vista": the rest stays said of the target */
	for (size_t k = 0; k < c->n && !corrected; k++)
		corrected = c->t[k].corr > 0;
	/* what the text says of the other systems (where the job ran before) is fenced off: from each
	 * mention to the next mention of another system or the end of its sentence */
	for (size_t q = 0; q < nm && several; q++) {
		if (!strcmp(m[q].name, t->name))
			continue;
		/* a measure of the size ("the equivalent of one Frontier node, 2h") says nothing else of its own, nor
		 * does a system offered beside the one a property chose */
		if (m[q].measure || m[q].offered) {
			for (size_t k = m[q].at; k < m[q].at + m[q].len; k++)
				c->t[k].source = true;
			continue;
		}
		int src = 0, tgt = 0;
		for (size_t r = 0; r < nm; r++)
			if (!strcmp(m[r].name, m[q].name)) {
				src += m[r].src;
				tgt += m[r].tgt;
			}
		/* a system named with no cue either way beside a target named with cues ("On Vista each node has
		 * one GPU, while on DeltaAI ...: I'd like to run on DeltaAI") is described, not asked for */
		if (src < tgt || (src == tgt && (src || best_score <= 0 || corrected)))
			continue;
		/* "same setup as our Polaris job (2 nodes, 4 GPUs each)": what is said of it is what the user
		 * asks for again, so it is not fenced */
		int likeness = likeness_before(c, m[q].at);
		if (likeness > 0) {
			for (size_t k = m[q].at; k < c->n; k++) {
				if (k > m[q].at && (turns_back_at(c, k) || c->t[k].cluster))
					break;
				c->t[k].copied = true;
				if (rd_sentence_end_after(c, k))
					break;
			}
			continue;
		}
		/* a system only ruled out is no source: what its negation's clause says is fenced ("Not on Polaris
		 * with 8 nodes, but ..."), and no more ("Perlmutter (not Polaris) with 3 nodes", "..., not
		 * Polaris, with 3 nodes": said of the target); nor is more fenced of a job set apart ("not the
		 * same as our Polaris job (8 nodes): 2 nodes") */
		if (negated_only(c, m, nm, q) || likeness < 0) {
			for (size_t k = m[q].at; k < c->n; k++) {
				c->t[k].source = true;
				if (k + 1 < m[q].at + m[q].len)
					continue;
				if (strchr(",:;)!?.", c->t[k].trail ? c->t[k].trail : ' ') || rd_sentence_end_after(c, k) ||
				    (k + 1 < c->n && (rd_is(c, k + 1, "but") || c->t[k + 1].cluster)))
					break;
			}
			continue;
		}
		size_t end = c->n;
		for (size_t r = 0; r < nm; r++)
			if (m[r].at > m[q].at && strcmp(m[r].name, m[q].name)) {
				end = m[r].at;
				break;
			}
		size_t last = m[q].at;
		bool aside = inside_aside(c, m[q].at);
		/* a colon after it ends what is said of it when the request goes on there ("Ignore -N from the
		 * Delta version: use 32 nodes") or when its sentence asks for the target before naming it ("Need
		 * a Polaris version of the Vista job below: 12 nodes, 2h") */
		bool target_first = false;
		for (size_t r = 0; r < nm; r++)
			if (!strcmp(m[r].name, t->name) && m[r].at < m[q].at) {
				bool same = true;
				for (size_t k = m[r].at; k < m[q].at && same; k++)
					same = !rd_sentence_end_after(c, k);
				target_first = target_first || same;
			}
		for (size_t k = m[q].at; k < end; k++) {
			if (k > m[q].at && turns_back_at(c, k))
				break;
			c->t[k].source = true;
			last = k;
			if (rd_sentence_end_after(c, k) || (aside && closes_aside(c, k)))
				break;
			if (c->t[k].trail == ':' && k + 1 < end && !rd_newline_between(c, k, k + 1) &&
			    (target_first || colon_goes_on(c, k + 1)))
				break;
		}
		/* "the script I use on Perlmutter:" and the script's lines after it: its node count and time are
		 * what the user asks for again ("the same for Vista"); its account, queue and GPUs per node are
		 * the other system's */
		if (c->t[last].trail == ':')
			for (size_t k = last + 1; k < c->n && !c->t[k].cluster && script_line_at(c, k); k++)
				c->t[k].copied = true;
		/* and back to the start of its clause: "I used H100s on Stampede3 before" */
		for (size_t k = m[q].at; k > 0; k--) {
			const struct tok *p = &c->t[k - 1];
			if (p->cluster || rd_sentence_end_after(c, k - 1) || p->trail == ',' || rd_is(c, k - 1, "but") ||
			    rd_is(c, k - 1, "and") || rd_is(c, k - 1, "so") || (aside && closes_aside(c, k - 1)))
				break;
			c->t[k - 1].source = true;
			if (aside && opens_aside(c, k - 1))
				break;
		}
	}
	for (size_t q = 0; q < nm && several; q++)
		if (strcmp(m[q].name, t->name))
			request_reject(c->req, RF_CLUSTER, m[q].name, strlen(m[q].name),
				       negated_only(c, m, nm, q) ? "named as a cluster not to use"
				       : m[q].src > m[q].tgt   ? "named as where the job ran before"
							       : "named beside the target, with fewer cues");
	for (size_t q = 0; q < nm && several; q++)
		if (strcmp(m[q].name, t->name) && best_score <= 0 && !negated_only(c, m, nm, q)) {
			request_warn(c->req, "the request names both '%s' and '%s'; using %s (say \"on %s\" or \"moving from %s\" to be "
					     "sure)",
				     t->name, m[q].name, t->name, t->name, m[q].name);
			break;
		}
	for (size_t q = 0; q < nm; q++)
		for (size_t k = m[q].at; k < m[q].at + m[q].len; k++)
			c->t[k].used = c->t[k].cluster = true;
	request_set(&c->req->cluster, t->known ? t->known->id : t->name);
	rd_set_from_toks(c, RF_CLUSTER, t->at, t->at + t->len - 1);
	bool named = false; /* the cluster itself is named somewhere, not only its centre */
	for (size_t q = 0; q < nm; q++)
		named |= !m[q].centre && !strcmp(m[q].name, t->name);
	if (t->centre && !named)
		request_warn(c->req, "'%s' read as %s, the only cluster maple knows at %s", c->t[t->at].raw, t->name,
			     t->known->center);
	c->cluster = t->known;
}

/* prose_job.c - cluster, framework, strategy and walltime as prose states them. */
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

/* ------------------------------------------------------------------------------------------ */
/* cluster */

bool rd_sentence_end_after(const struct ctx *c, size_t i)
{
	if (i + 1 >= c->n)
		return true;
	char tr = c->t[i].trail;
	if (tr == '.' || tr == ';' || tr == '!' || tr == '?')
		return true;
	/* punctuation left between two tokens once a command between them was read ("`...`; on Anvil") */
	for (size_t k = c->t[i].end; k + 1 < c->t[i + 1].start && k + 1 < c->len; k++)
		if (strchr(".;!?", c->nl[k]) && isspace((unsigned char)c->nl[k + 1]))
			return true;
	return rd_newline_between(c, i, i + 1);
}

/* Marks each token with how many corrections precede it and whether a negation takes it back. */
/* A value judged wrong where it is said: "3h is too short, use 6h", "2 nodes isn't enough", "1 hour won't
 * be enough": the number and its unit before the verb are taken back (no reader takes them). */
static void dismiss_judged_values(struct ctx *c)
{
	static const char *const verbs[] = {"is", "was", "are", "were", "seems", "looks", NULL};
	static const char *const sizes[] = {"short", "long", "few", "many", "little", "much", "small", "big", "low",
					    "high", NULL};
	static const char *const neg_verbs[] = {"isn't", "wasn't", "aren't", "won't", "wouldn't", NULL};
	for (size_t k = 1; k + 1 < c->n; k++) {
		size_t v = 0; /* the verb's index */
		if (rd_is(c, k, "too") && rd_is_any(c, k + 1, sizes) && rd_is_any(c, k - 1, verbs))
			v = k - 1; /* "is too short" */
		else if (rd_is(c, k, "not") && rd_is(c, k + 1, "enough") && rd_is_any(c, k - 1, verbs))
			v = k - 1; /* "is not enough" */
		else if (rd_is_any(c, k, neg_verbs) && (rd_is(c, k + 1, "enough") ||
							(rd_is(c, k + 1, "be") && rd_is(c, k + 2, "enough"))))
			v = k; /* "isn't enough", "won't be enough" */
		if (!v)
			continue;
		/* the value: a number and its unit right before the verb ("3h" reads as 3 h) */
		size_t a = v;
		while (a > 0 && v - a < 3 && !c->t[a - 1].trail &&
		       (c->t[a - 1].is_num || duration_unit(c->t[a - 1].norm) || is_node_unit(c->t[a - 1].norm) ||
			is_gpu_unit(c->t[a - 1].norm) || !strcmp(c->t[a - 1].norm, "gpu")))
			a--;
		if (a == v || !c->t[a].is_num)
			continue;
		for (size_t q = a; q < v; q++)
			c->t[q].neg = c->t[q].used = true;
		/* what follows the judgement corrects it ("1 hour won't be enough; 4 hours") */
		for (size_t q = v + 1; q < c->n; q++)
			c->t[q].corr++;
	}
}

void rd_mark_corrections(struct ctx *c)
{
	const char *const *cues;
	size_t ncues = vocab_list(VL_CORRECTION, &cues);
	int level = 0;
	for (size_t i = 0; i < c->n; i++) {
		c->t[i].corr = level;
		size_t best = i; /* the longest cue starting here ("wait no" over "wait") */
		for (size_t q = 0; q < ncues; q++) {
			const char *p = cues[q];
			if (p[0] != c->t[i].norm[0]) /* a cue's first word is this token: most differ in the first byte */
				continue;
			size_t k = i;
			bool ok = true;
			while (*p) {
				size_t l = strcspn(p, " ");
				if (k >= c->n || strlen(c->t[k].norm) != l || strncmp(c->t[k].norm, p, l)) {
					ok = false;
					break;
				}
				k++;
				p += l;
				while (*p == ' ')
					p++;
			}
			if (ok && k > best)
				best = k;
		}
		/* a bare "no" closing its clause takes back what came before ("2 days? no, 1 day is fine",
		 * "4 nodes, no, 2"); "no FSDP" is a negation, not this */
		bool dash_after = i + 1 < c->n && (!strcmp(c->t[i + 1].raw, "-") || !strcmp(c->t[i + 1].raw, "--") ||
						   !strcmp(c->t[i + 1].raw, "\u2013") || !strcmp(c->t[i + 1].raw, "\u2014"));
		if (best == i && (rd_is(c, i, "no") || rd_is(c, i, "nope") || rd_is(c, i, "nah")) &&
		    (c->t[i].trail == ',' || c->t[i].trail == ':' || c->t[i].trail == ';' || dash_after) &&
		    (i == 0 || c->t[i - 1].trail == '?' || c->t[i - 1].trail == ',' || c->t[i - 1].trail == '.' ||
		     rd_sentence_end_after(c, i - 1)))
			best = i + 1 + (dash_after && !c->t[i].trail); /* "prod? no - preemptable" */
		if (best > i) {
			level++;
			for (size_t j = i; j < best; j++)
				c->t[j].corr = level, c->t[j].corr_cue = true;
			i = best - 1;
		}
	}
	dismiss_judged_values(c);
	/* negations: "no FSDP", "not DeepSpeed", "we tried DeepSpeed but went back to DDP" */
	const char *const *neg;
	size_t nneg = vocab_list(VL_NEGATION, &neg);
	for (size_t i = 0; i < c->n; i++) {
		size_t span = 0;
		for (size_t q = 0; q < nneg && !span; q++) {
			const char *cue = neg[q];
			if (cue[0] != c->t[i].norm[0]) /* as for the correction cues */
				continue;
			const char *sp = strchr(cue, ' ');
			if (!sp) {
				if (!strcmp(c->t[i].norm, cue))
					span = 1;
			} else if (i + 1 < c->n && !strncmp(c->t[i].norm, cue, (size_t)(sp - cue)) &&
				   strlen(c->t[i].norm) == (size_t)(sp - cue)) {
				const char *rest = sp + 1;
				size_t k = i + 1;
				bool ok = true;
				while (*rest) {
					size_t l = strcspn(rest, " ");
					if (k >= c->n || strlen(c->t[k].norm) != l || strncmp(c->t[k].norm, rest, l))
						ok = false;
					k++;
					rest += l;
					while (*rest == ' ')
						rest++;
				}
				if (ok)
					span = k - i;
			}
		}
		if (!span || c->t[i].corr_cue)
			continue;
		bool tried = !strcmp(c->t[i].norm, "tried") || !strcmp(c->t[i].norm, "abandoned") ||
			     !strcmp(c->t[i].norm, "dropped") || !strcmp(c->t[i].norm, "were") || !strcmp(c->t[i].norm, "was") ||
			     !strcmp(c->t[i].norm, "planned") || !strcmp(c->t[i].norm, "considered") || !strcmp(c->t[i].norm, "last");
		bool instead = !strcmp(c->t[i].norm, "instead") && span == 1;
		if (instead) { /* "DDP instead" affirms; "instead of X" is a two-word cue */
			continue;
		}
		/* the negated words: up to the clause's end ("but", a comma, a sentence end), at most 4 */
		size_t limit = tried ? 6 : 3;
		for (size_t k = i + span, m = 0; k < c->n && m < limit; k++, m++) {
			if (rd_is(c, k, "but") || rd_is(c, k, "and") || rd_is(c, k, "so"))
				break;
			c->t[k].neg = true;
			if (c->t[k].trail == ',' || c->t[k].trail == ':' || c->t[k].trail == ';' || rd_sentence_end_after(c, k))
				break;
		}
	}
}

/* --------------------------------------------------------------------------------------------- */
/* cluster: every system the text names, which of them is the target, and what is said of the others */

struct mention {
	size_t at, len;			/* tokens */
	const struct cluster *known;	/* a cluster maple has a profile for, or NULL */
	char name[100];			/* the system's name as written (unknown systems) */
	int src, tgt;
	bool centre; /* named by its centre ("NERSC"), the centre's only cluster maple knows */
};

static bool own_owner(const struct ctx *c, size_t i)
{
	return i < c->n && vocab_in(VL_OWN_OWNER, c->t[i].norm);
}

/* Whether an unprofiled system's name at i stands where a system is named: leading the text or a
 * line, or next to "on", "at", "cluster", ... ("Summit, 4 nodes", "on Expanse", "JUWELS Booster"). */
static bool system_context(const struct ctx *c, size_t i, size_t k)
{
	bool capital = isupper((unsigned char)c->t[i].raw[0]);
	if (capital && (i == 0 || rd_newline_between(c, i - 1, i)))
		return true;
	if (i == 0)
		return i + k < c->n && (rd_is(c, i + k, "cluster") || rd_is(c, i + k, "system") || rd_is(c, i + k, "supercomputer"));
	static const char *const before[] = {"on", "at", "to", "onto", "from", "use", "using", "cluster", "system",
					     "machine", "supercomputer", "via", "for", "--cluster", "--system", "--machine", NULL};
	static const char *const after[] = {"cluster", "system", "supercomputer", "machine", "booster", "gpu", "partition",
					    "nodes", "node", "queue", NULL};
	if (rd_is_any(c, i - 1, before) || (i >= 2 && rd_is_any(c, i - 2, before)))
		return true;
	if (isupper((unsigned char)c->t[i].raw[0]) && (rd_is(c, i - 1, "tacc") || rd_is(c, i - 1, "sdsc") || rd_is(c, i - 1, "nrel") ||
						      rd_is(c, i - 1, "olcf") || rd_is(c, i - 1, "alcf") || rd_is(c, i - 1, "nersc") ||
						      rd_is(c, i - 1, "jsc") || rd_is(c, i - 1, "cscs")))
		return true;
	if (i + k < c->n && rd_is_any(c, i + k, after))
		return true;
	return false;
}

/* Whether the k words at i name a system maple has no profile for: one of the list, a variant of one
 * ("Fugaku-next"), or a capitalised name with its centre beside it ("Alps (CSCS)"). */
static bool other_system_name(const struct ctx *c, size_t i, size_t k, const char *joined)
{
	if (vocab_other_system(joined))
		return true;
	const char *dash = strchr(joined, '-');
	if (k == 1 && dash && dash > joined) {
		char base[64];
		snprintf(base, sizeof(base), "%.*s", (int)(dash - joined), joined);
		if (vocab_other_system(base))
			return true;
	}
	if (k == 1 && isupper((unsigned char)c->t[i].raw[0]) && i + 1 < c->n && c->text[c->t[i + 1].start] == '(' &&
	    vocab_centre(c->t[i + 1].raw))
		return true;
	return false;
}

/* The clusters of the centre a word names ("NERSC", "OLCF's", "ALCF", "Purdue"): the number of clusters maple
 * has a profile for at that centre (each profile's `center`), the one in *only when there is exactly one,
 * and their ids in names (comma-separated) for a question. 0 when the word names no centre. */
static size_t centre_clusters(const struct ctx *c, const char *norm, const struct cluster **only, char *names,
			      size_t cap)
{
	char w[24];
	size_t n = strlen(norm);
	if (n < 3 || n >= sizeof(w))
		return 0;
	memcpy(w, norm, n + 1);
	if (n > 4 && !strcmp(w + n - 2, "'s")) /* "nersc's" */
		w[n - 2] = '\0';
	else if (n > 4 && !strcmp(w + n - 2, "cs"))
		w[n - 1] = '\0'; /* "NERSCs" as some write the possessive */
	size_t count = 0;
	*only = NULL;
	if (names)
		names[0] = '\0';
	for (size_t i = 0; i < repo_cluster_count(c->repo); i++) {
		const struct cluster *cl = repo_cluster_at(c->repo, i);
		if (!cl || !cl->center)
			continue;
		/* the centre's name, or any of its words ("Purdue RCAC": purdue, rcac) */
		bool hit = false;
		const char *p = cl->center;
		while (*p && !hit) {
			size_t l = strcspn(p, " ");
			hit = l == strlen(w) && !strncasecmp(p, w, l);
			p += l;
			while (*p == ' ')
				p++;
		}
		if (!hit)
			continue;
		if (names && strlen(names) + strlen(cl->id) + 3 < cap) {
			if (names[0])
				strcat(names, ", ");
			strcat(names, cl->id);
		}
		*only = count ? NULL : cl;
		count++;
	}
	if (count != 1)
		*only = NULL;
	return count;
}

static size_t find_mentions(struct ctx *c, struct mention *m, size_t max)
{
	size_t nm = 0;
	for (size_t i = 0; i < c->n && nm < max; i++) {
		/* several words only when the first begins some cluster name ("bridges 2", "lone star 6") */
		size_t kmax = cluster_name_prefix(c->repo, c->t[i].norm) ? 3 : 2;
		bool found = false;
		/* an unprofiled system's name is a word or two of letters ("Summit", "JUWELS Booster", "piz daint") */
		bool namelike = isalpha((unsigned char)c->t[i].raw[0]) && strlen(c->t[i].raw) <= 20;
		for (const char *p = c->t[i].raw; *p && namelike; p++)
			if (!(isalnum((unsigned char)*p) || *p == '-'))
				namelike = false;
		for (size_t k = kmax; k >= 1 && !found; k--) {
			if (i + k > c->n)
				continue;
			char joined[128] = "";
			for (size_t q = 0; q < k; q++) {
				if (strlen(joined) + strlen(c->t[i + q].norm) + 2 >= sizeof(joined))
					break;
				if (q)
					strcat(joined, " ");
				strcat(joined, c->t[i + q].norm);
			}
			const struct cluster *cl = k <= 3 ? match_cluster_name(c->repo, joined) : NULL;
			if (cl && !repo_cluster(c->repo, joined) && strcmp(cl->id, joined) && vocab_other_system(joined))
				cl = NULL; /* "Frontera" is TACC's other system, not a typo of "frontier" */
			if (cl) {
				/* "upload to S3", "3 pm": two-letter aliases need "on"/"at"/"cluster" in front, or to lead */
				bool cue = i == 0 || rd_is(c, i - 1, "on") || rd_is(c, i - 1, "at") || rd_is(c, i - 1, "cluster") ||
					   rd_is(c, i - 1, "system") || rd_is(c, i - 1, "machine") || rd_is(c, i - 1, "nersc") || rd_is(c, i - 1, "use") ||
					   rd_is(c, i - 1, "using") ||
					   rd_is(c, i - 1, "tacc") || rd_is(c, i - 1, "psc");
				if (strlen(joined) <= 2 && !cue)
					continue;
				if (k == 2 && match_cluster_name(c->repo, c->t[i].norm) == cl && !cluster_name_prefix(c->repo, c->t[i].norm))
					continue; /* the one-word reading is the same cluster */
				m[nm] = (struct mention){.at = i, .len = k, .known = cl};
				snprintf(m[nm].name, sizeof(m[nm].name), "%s", cl->id);
				nm++;
				found = true;
			} else if (namelike && (k == 1 || isalpha((unsigned char)c->t[i + 1].raw[0])) && !strpbrk(joined, "./_") &&
				   system_context(c, i, k) && !c->t[i].neg && other_system_name(c, i, k, joined)) {
				m[nm] = (struct mention){.at = i, .len = k};
				size_t st = c->t[i].start, en = c->t[i + k - 1].end;
				while (en > st && rd_is_trailing_punct(c->text[en - 1]))
					en--;
				snprintf(m[nm].name, sizeof(m[nm].name), "%.*s", (int)(en - st), c->text + st);
				nm++;
				found = true;
			}
			if (found)
				i += k - 1;
		}
		if (found)
			continue;
		/* a centre with one GPU cluster maple knows stands for it ("on NERSC's GPU system": perlmutter) */
		const struct cluster *only = NULL;
		if (!c->t[i].neg && isupper((unsigned char)c->t[i].raw[0]) &&
		    centre_clusters(c, c->t[i].norm, &only, NULL, 0) == 1 && only) {
			m[nm] = (struct mention){.at = i, .len = 1, .known = only, .centre = true};
			snprintf(m[nm].name, sizeof(m[nm].name), "%s", only->id);
			nm++;
			continue;
		}
		/* "our cluster Hopper-Z", "our in-house cluster Foo", "the lab's Foo cluster" */
		if (vocab_in(VL_OWN_CUE, c->t[i].norm) && i > 0) {
			size_t o = i;
			int hops = 0;
			while (o > 0 && hops < 3 && !own_owner(c, o - 1)) {
				o--;
				hops++;
			}
			if (o > 0 && own_owner(c, o - 1)) {
				const struct tok *nx = i + 1 < c->n ? &c->t[i + 1] : NULL;
				const struct tok *pv = i > o ? &c->t[i - 1] : NULL;
				const struct tok *nm_tok = NULL;
				if (nx && !nx->is_num && rd_identifier_like(nx->raw) && !rd_is_reserved_word(c, nx->norm) &&
				    (isupper((unsigned char)nx->raw[0]) || strchr(nx->raw, '-') || c->text[nx->start] == '"' ||
				     c->text[nx->start] == '\''))
					nm_tok = nx;
				else if (pv && !pv->is_num && rd_identifier_like(pv->raw) && !rd_is_reserved_word(c, pv->norm) &&
					 !own_owner(c, i - 1) && isupper((unsigned char)pv->raw[0]))
					nm_tok = pv;
				if (nm_tok) {
					m[nm] = (struct mention){.at = (size_t)(nm_tok - c->t), .len = 1};
					snprintf(m[nm].name, sizeof(m[nm].name), "%s", nm_tok->raw);
					nm++;
				}
			}
		}
	}
	return nm;
}

/* "our Polaris", "my 8-node Polaris", "the old 4-GPU Polaris": a determiner up to three words before
 * the name, with nothing but adjectives between */
static bool owner_before(const struct ctx *c, size_t i)
{
	for (size_t k = i; k > 0 && i - k < 3; k--) {
		if (rd_is(c, k - 1, "our") || rd_is(c, k - 1, "my") || rd_is(c, k - 1, "the") || rd_is(c, k - 1, "a"))
			return true;
		if (c->t[k - 1].trail || c->t[k - 1].cluster || rd_sentence_end_after(c, k - 1))
			return false;
	}
	return false;
}

static void score_mention(const struct ctx *c, struct mention *m)
{
	size_t i = m->at;
	/* "Scratch that, not Delta: Bridges-2", "Use Aurora. Wait, no, Polaris": a correction's name wins,
	 * a name taken back loses */
	m->tgt += 4 * c->t[i].corr;
	if (c->t[i].neg)
		m->src += 4;
	for (size_t k = 1; k <= 4 && k <= i; k++) {
		size_t j = i - k;
		if (rd_sentence_end_after(c, j) || c->t[j].cluster)
			break;
		const char *w = c->t[j].norm;
		if (k == 1 && (!strcmp(c->t[j].raw, "->") || !strcmp(c->t[j].raw, "=>") || !strcmp(c->t[j].raw, "→")))
			m->tgt += 3;
		if (!strcmp(w, "from"))
			m->src += 3;
		else if (k == 2 && !strcmp(w, "as") && (rd_is(c, i - 1, "on") || rd_is(c, i - 1, "at") || rd_is(c, i - 1, "in")))
			m->src += 3; /* "the same job as on Frontier" */
		else if (!strcmp(w, "to") && k > 1 && !rd_is_any(c, j + 1, (const char *const[]){"the", "our", "my", "a", "tacc", "alcf", "nersc", "olcf", "ncsa", NULL}))
			break; /* "I want to move my Polaris job": an infinitive; what comes before is its verb's */
		else if (!strcmp(w, "to") || !strcmp(w, "onto") || !strcmp(w, "into"))
			m->tgt += k == 1 || (k == 2 && (rd_is(c, i - 1, "tacc") || rd_is(c, i - 1, "alcf") || rd_is(c, i - 1, "nersc") ||
							 rd_is(c, i - 1, "olcf") || rd_is(c, i - 1, "ncsa") || rd_is(c, i - 1, "the")))
					  ? 3
					  : 1;
		else if (vocab_in(VL_SOURCE, w))
			m->src += 2;
		else if (vocab_in(VL_TARGET, w))
			m->tgt += 2;
	}
	size_t e = i + m->len;
	if (e < c->n && (rd_is(c, e, "job") || rd_is(c, e, "jobs") || rd_is(c, e, "script") || rd_is(c, e, "setup") ||
			 rd_is(c, e, "run") || rd_is(c, e, "runs") || rd_is(c, e, "version")) &&
	    owner_before(c, i))
		m->src += 3; /* "our Polaris job", "my 8-node Polaris job" */
	for (size_t k = 0; k < 3 && e + k < c->n; k++) {
		if ((k > 0 && rd_sentence_end_after(c, e + k - 1)) || c->t[e + k].cluster)
			break;
		const char *w = c->t[e + k].norm;
		if (k == 0 && (!strcmp(c->t[e].raw, "->") || !strcmp(c->t[e].raw, "=>") || !strcmp(c->t[e].raw, "→"))) {
			m->src += 3;
			break;
		}
		if (!strcmp(w, "i") || !strcmp(w, "we") || !strcmp(w, "it") || !strcmp(w, "only"))
			continue;
		if (vocab_in(VL_SOURCE, w))
			m->src += 2;
		else if (vocab_in(VL_TARGET, w))
			m->tgt += 2;
		break;
	}
}

/* Whether every mention of m[q]'s system is taken back by a negation ("not Polaris") and has no other
 * cue of a past run ("from", "ran on"). */
static bool negated_only(const struct ctx *c, const struct mention *m, size_t nm, size_t q)
{
	for (size_t r = 0; r < nm; r++)
		if (!strcmp(m[r].name, m[q].name) && (!c->t[m[r].at].neg || m[r].src - 4 > m[r].tgt))
			return false;
	return true;
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

void rd_read_cluster(struct ctx *c)
{
	struct mention m[32];
	size_t nm = find_mentions(c, m, 32);
	if (!nm && !c->cluster_field) {
		/* a centre with several clusters and none named: say which ones, so the question can be answered */
		for (size_t i = 0; i < c->n; i++) {
			const struct cluster *only;
			char names[160];
			if (!c->t[i].neg && isupper((unsigned char)c->t[i].raw[0]) &&
			    centre_clusters(c, c->t[i].norm, &only, names, sizeof(names)) > 1) {
				request_warn(c->req, "%s runs several clusters maple knows (%s): say which", c->t[i].raw, names);
				break;
			}
		}
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
		if (best < 0 || score > best_score) {
			best = (int)q;
			best_score = score;
		}
	}
	const struct mention *t = &m[best];
	bool several = false;
	for (size_t q = 0; q < nm; q++)
		if (strcmp(m[q].name, t->name))
			several = true;
	/* what the text says of the other systems (where the job ran before) is fenced off: from each
	 * mention to the next mention of another system or the end of its sentence */
	for (size_t q = 0; q < nm && several; q++) {
		if (!strcmp(m[q].name, t->name))
			continue;
		int src = 0, tgt = 0;
		for (size_t r = 0; r < nm; r++)
			if (!strcmp(m[r].name, m[q].name)) {
				src += m[r].src;
				tgt += m[r].tgt;
			}
		if (src <= tgt)
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
		for (size_t k = m[q].at; k < end; k++) {
			if (k > m[q].at && turns_back_at(c, k))
				break;
			c->t[k].source = true;
			if (rd_sentence_end_after(c, k))
				break;
		}
		/* and back to the start of its clause: "I used H100s on Stampede3 before" */
		for (size_t k = m[q].at; k > 0; k--) {
			const struct tok *p = &c->t[k - 1];
			if (p->cluster || rd_sentence_end_after(c, k - 1) || p->trail == ',' || rd_is(c, k - 1, "but") ||
			    rd_is(c, k - 1, "and") || rd_is(c, k - 1, "so"))
				break;
			c->t[k - 1].source = true;
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

/* "It took 14 hours on my lab machine with 2 GPUs so let's book 8 hours": what a sentence says of the
 * user's own machine is fenced off from the start of its clause to the clause's end. */
void rd_fence_local_machine(struct ctx *c)
{
	static const char *const machine[] = {"machine", "workstation", "laptop", "desktop", "pc", "box", "server", "computer",
					      "mac", NULL};
	static const char *const owner[] = {"my", "our", "lab", "local", "own", "home", NULL};
	for (size_t i = 1; i < c->n; i++) {
		bool hit = (rd_is_any(c, i, machine) && (rd_is_any(c, i - 1, owner) || (i > 1 && rd_is_any(c, i - 2, owner)))) ||
			   rd_is(c, i, "locally");
		if (!hit || c->t[i].cluster)
			continue;
		size_t a = i;
		while (a > 0 && !rd_sentence_end_after(c, a - 1) && !rd_is(c, a - 1, "so") && !rd_is(c, a - 1, "but") &&
		       c->t[a - 1].trail != ',')
			a--;
		size_t e = i;
		while (e + 1 < c->n && !rd_sentence_end_after(c, e) && !rd_is(c, e + 1, "so") && !rd_is(c, e + 1, "but") &&
		       c->t[e].trail != ',')
			e++;
		for (size_t k = a; k <= e; k++)
			c->t[k].source = true;
	}
}



/* ------------------------------------------------------------------------------------------ */
/* framework and strategy */

void rd_read_framework(struct ctx *c)
{
	struct request *r = c->req;
	int ds = -1, acc = -1, fsdp = -1, ddp = -1, torch = -1, zero = -1;
	int zero_stage = 0;
	for (size_t i = 0; i < c->n; i++) {
		const char *w = c->t[i].norm;
		if (w[0] == '-' && w[1] == '-' && (!strcmp(w + 2, "fsdp") || !strcmp(w + 2, "deepspeed") || !strcmp(w + 2, "ddp") ||
						   !strcmp(w + 2, "accelerate") || !strncmp(w + 2, "zero", 4)))
			w += 2; /* "--fsdp", "--deepspeed --zero 3" in a flag block */
		if (c->t[i].neg) { /* "no FSDP", "we tried DeepSpeed but ..." */
			if (!strcmp(w, "deepspeed") || !strcmp(w, "fsdp") || !strcmp(w, "accelerate") || !strcmp(w, "ddp") ||
			    !strncmp(w, "zero", 4))
				request_reject(c->req, RF_FRAMEWORK, c->t[i].raw, strlen(c->t[i].raw),
					       "taken back by the words before it (\"no ...\", \"tried ... but\")");
			continue;
		}
		if (!strchr("adfhlpstz", w[0])) /* each word tested below starts with one of these letters */
			continue;
		if (!strcmp(w, "deepspeed") || !strcmp(w, "ds_config") || !strncmp(w, "ds_config", 9) ||
		    (!strcmp(w, "deep") && rd_is(c, i + 1, "speed"))) {
			if (ds < 0)
				ds = (int)i;
		} else if (!strcmp(w, "accel") && (c->t[i].trail == ',' || (i > 0 && c->t[i - 1].trail == ','))) {
			if (acc < 0) /* "delta: 2x4, accel, 3h": an item of a terse list */
				acc = (int)i;
		} else if (!strcmp(w, "accelerate") || !strcmp(w, "accelerate's")) {
			bool verb = i > 0 && (rd_is(c, i - 1, "to") || rd_is(c, i - 1, "will") || rd_is(c, i - 1, "should") ||
					      rd_is(c, i - 1, "can"));
			bool marked = i > 0 && (rd_is(c, i - 1, "hf") || rd_is(c, i - 1, "huggingface") || rd_is(c, i - 1, "face") ||
						rd_is(c, i - 1, "with") || rd_is(c, i - 1, "using") || rd_is(c, i - 1, "via"));
			if (!verb || marked || rd_is(c, i + 1, "launch"))
				if (acc < 0)
					acc = (int)i;
		} else if (!strcmp(w, "fsdp") || !strcmp(w, "fsdp2") || !strcmp(w, "fullyshardeddataparallel") ||
			   !strcmp(w, "fully-sharded") || !strcmp(w, "fully_sharded") ||
			   (!strcmp(w, "fully") && (rd_is(c, i + 1, "sharded") || rd_is(c, i + 1, "shard")))) {
			if (fsdp < 0)
				fsdp = (int)i;
		} else if (!strcmp(w, "ddp") || !strcmp(w, "distributeddataparallel") || !strcmp(w, "data-parallel") ||
			   !strcmp(w, "dataparallel") || !strcmp(w, "data_parallel") ||
			   (!strcmp(w, "data") && rd_is(c, i + 1, "parallel"))) {
			if (ddp < 0 && !(i > 0 && rd_is(c, i - 1, "sharded")))
				ddp = (int)i;
		} else if (!strcmp(w, "torchrun") || !strcmp(w, "pytorch") || !strcmp(w, "torch") ||
			   !strcmp(w, "torch.distributed") || !strncmp(w, "torch.distributed.", 18)) {
			if (torch < 0)
				torch = (int)i;
		} else if (!strncmp(w, "zero", 4) && strcmp(w, "zero") && (w[4] == '-' || w[4] == '_' || isdigit((unsigned char)w[4]) || w[4] == '+')) {
			const char *p = w + 4;
			while (*p == '-' || *p == '_')
				p++;
			int st = atoi(p);
			if (st >= 1 && st <= 3)
				zero_stage = st;
			else if (!strncmp(p, "infinity", 8) || !strncmp(p, "offload", 7) || *p == '+')
				zero_stage = 3;
			if (zero < 0)
				zero = (int)i;
		} else if (!strcmp(w, "zero")) {
			/* "ZeRO stage 2", "zero 3", "ZeRO-Offload" */
			size_t k = i + 1;
			if (rd_is(c, k, "stage") || rd_is(c, k, "level"))
				k++;
			if (k < c->n && c->t[k].is_num && c->t[k].num >= 1 && c->t[k].num <= 3 && !c->t[k].num_word)
				zero_stage = (int)c->t[k].num;
			else if (rd_is(c, k, "offload") || rd_is(c, k, "infinity"))
				zero_stage = 3;
			else if (i > 0 && !c->t[i - 1].is_num && ds < 0 && !rd_is(c, k, "stage"))
				continue; /* plain English "zero" */
			if (zero < 0)
				zero = (int)i;
		} else if ((!strcmp(w, "stage") || !strcmp(w, "stage-3") || !strcmp(w, "stage-2") ||
			    !strcmp(w, "stage-1")) && !zero_stage) {
			int st = w[5] == '-' ? w[6] - '0' : 0;
			if (!st && i + 1 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word)
				st = c->t[i + 1].num >= 1 && c->t[i + 1].num <= 3 ? (int)c->t[i + 1].num : 0;
			if (st >= 1 && st <= 3 && (ds >= 0 || zero >= 0 || (i > 0 && rd_is(c, i - 1, "zero")))) {
				zero_stage = st;
			}
		} else if (!strcmp(w, "lightning") || !strcmp(w, "pytorch-lightning")) {
			request_warn(r, "PyTorch Lightning is launched like PyTorch DDP: one task per GPU or torchrun; the "
					"script is written for torchrun");
		} else if (!strcmp(w, "horovod")) {
			request_warn(r, "Horovod is not a supported framework; the script is written for PyTorch DDP");
		}
	}
	/* ZeRO mentioned without a stage after we saw "stage N" */
	if (zero_stage == 0 && (ds >= 0 || zero >= 0)) {
		for (size_t i = 0; i + 1 < c->n; i++)
			if (rd_is(c, i, "stage") && c->t[i + 1].is_num && c->t[i + 1].num >= 1 && c->t[i + 1].num <= 3)
				zero_stage = (int)c->t[i + 1].num;
	}
	/* a correction replaces what it contradicts ("FSDP ... on second thought DDP is enough") */
#define LV(x) ((x) >= 0 ? c->t[(x)].corr : -1)
	if (fsdp >= 0 && ddp >= 0 && LV(fsdp) != LV(ddp))
		*(LV(fsdp) < LV(ddp) ? &fsdp : &ddp) = -1;
	int dsl = LV(ds) > LV(zero) ? LV(ds) : LV(zero), ptl = LV(fsdp) > LV(ddp) ? LV(fsdp) : LV(ddp);
	if (dsl >= 0 && ptl >= 0 && dsl != ptl) {
		if (dsl < ptl)
			ds = zero = -1, zero_stage = 0;
		else
			fsdp = ddp = -1;
	}
	if (acc >= 0 && LV(acc) < (LV(torch) > ptl ? LV(torch) : ptl))
		acc = -1; /* "Accelerate ... actually plain torchrun" */
#undef LV
	int fw_at = -1, st_at = -1;
	if (acc >= 0) {
		r->framework = FW_ACCELERATE;
		fw_at = acc;
		if (ds >= 0 || zero >= 0) {
			r->strategy = zero_stage == 1 ? ST_ZERO1 : zero_stage == 2 ? ST_ZERO2 : ST_ZERO3;
			st_at = zero >= 0 ? zero : ds;
		} else if (fsdp >= 0) {
			r->strategy = ST_FSDP;
			st_at = fsdp;
		} else if (ddp >= 0) {
			r->strategy = ST_DDP;
			st_at = ddp;
		}
	} else if (ds >= 0 || zero >= 0) {
		r->framework = FW_DEEPSPEED;
		fw_at = ds >= 0 ? ds : zero;
		if (zero_stage) {
			r->strategy = zero_stage == 1 ? ST_ZERO1 : zero_stage == 2 ? ST_ZERO2 : ST_ZERO3;
			st_at = zero >= 0 ? zero : fw_at;
		}
		if (fsdp >= 0)
			request_warn(r, "both DeepSpeed and FSDP are named; DeepSpeed ZeRO is used (say \"Accelerate with "
					"FSDP\" or \"PyTorch FSDP\" for FSDP)");
	} else if (fsdp >= 0 || ddp >= 0 || torch >= 0) {
		r->framework = FW_PYTORCH;
		fw_at = torch >= 0 ? torch : fsdp >= 0 ? fsdp : ddp;
		if (fsdp >= 0) {
			r->strategy = ST_FSDP;
			st_at = fsdp;
		} else if (ddp >= 0) {
			r->strategy = ST_DDP;
			st_at = ddp;
		}
	}
	if (fw_at >= 0)
		rd_set_from_toks(c, RF_FRAMEWORK, (size_t)fw_at, (size_t)fw_at);
	if (st_at >= 0)
		rd_set_from_toks(c, RF_STRATEGY, (size_t)st_at,
			      (size_t)st_at + ((zero_stage && st_at == zero && rd_is(c, (size_t)zero + 1, "stage")) ? 2 : 0));
}

/* ------------------------------------------------------------------------------------------ */
/* walltime */

static bool time_cue(const struct ctx *c, size_t i)
{
	static const char *const cues[] = {"time", "walltime", "wall-time", "wall", "limit", "for", "-t", "--time",
					   "duration", "runtime", "run-time", "max", "timelimit", "time-limit", "up",
					   "within", "about", "around", "hours:", NULL};
	for (size_t k = 1; k <= 3 && k <= i; k++)
		if (rd_is_any(c, i - k, cues))
			return true;
	return false;
}

/* Whether H:MM at i stands alone as a list item, not as a time of day: no "at", "by", "until" ...
 * before it, no am/pm after it, and a delimiter (comma, semicolon, the end, a job word) around it. */
static bool bare_duration(const struct ctx *c, size_t i)
{
	static const char *const clock[] = {"at", "by", "until", "till", "before", "after", "from", "since", "starting",
					    "start", "begin", "o'clock", "tonight", "today", "tomorrow", "morning",
					    "evening", "afternoon", "to", "-", "ratio", "version", "v", NULL};
	static const char *const ampm[] = {"am", "pm", "a.m.", "p.m.", "utc", "cet", "est", "pst", "o'clock", NULL};
	if (i > 0 && rd_is_any(c, i - 1, clock))
		return false;
	if (i + 1 < c->n && rd_is_any(c, i + 1, ampm))
		return false;
	/* another number with a colon nearby (a range "1:30-2:00", "1:30 to 2:30"): not a duration */
	for (size_t k = i > 2 ? i - 2 : 0; k < c->n && k <= i + 2; k++)
		if (k != i && strchr(c->t[k].norm, ':') && isdigit((unsigned char)c->t[k].norm[0]))
			return false;
	return true;
}

/* Minutes as an int: rounded up; beyond a year of walltime (or not a number) it is -1, which the rules
 * report as an impossible walltime instead of converting out of range. */
static int minutes_of(double m)
{
	if (!(m >= 0) || m > 525600.0)
		return -1;
	return (int)ceil(m);
}

/* Whether the token after i is a noun that a number with a unit-like letter measures ("860M params"). */
static bool noun_follows(const struct ctx *c, size_t i)
{
	static const char *const nouns[] = {"params", "parameters", "param", "tokens", "samples", "images", "examples",
					    "steps", "rows", "vectors", "conv", "convolution", "model", "dataset", "words",
					    "pixels", "records", "sequences", "iterations", "files", NULL};
	return i + 1 < c->n && rd_is_any(c, i + 1, nouns);
}

/* Minutes of a duration token pair starting at i ("2 hours", "90min", "1.5h", "2h30m"); 0 when none. */
static int duration_at(const struct ctx *c, size_t i, size_t *used_to)
{
	const struct tok *t = &c->t[i];
	*used_to = i;
	/* glued forms: 2h, 90min, 1.5h, 2h30m, 2h30, 1d */
	if (!t->is_num && isdigit((unsigned char)t->norm[0])) {
		const char *p = t->norm;
		double total = 0;
		bool any = false;
		while (*p) {
			char *end;
			double v = strtod(p, &end);
			if (end == p)
				return 0;
			p = end;
			const char *u = p;
			while (*p && isalpha((unsigned char)*p))
				p++;
			char unit[16];
			snprintf(unit, sizeof(unit), "%.*s", (int)(p - u), u);
			int mul = duration_unit(unit);
			if (!*unit && any) {
				mul = 1; /* 2h30 */
			}
			if (!mul)
				return 0;
			if (((mul == 1 && !strcmp(unit, "m")) || (mul == 1440 && !strcmp(unit, "d")) ||
			     (mul == 10080 && !strcmp(unit, "w"))) &&
			    !any && !time_cue(c, i) && (isupper((unsigned char)t->raw[u - t->norm]) || noun_follows(c, i)))
				return 0; /* "860M params", "3D", "1d conv" */
			total += v * mul;
			any = true;
		}
		return any ? minutes_of(total) : 0;
	}
	if (!t->is_num || i + 1 >= c->n)
		return 0;
	size_t ui = i + 1;
	/* "a full day", "one whole week", "an entire day" */
	if ((rd_is(c, ui, "full") || rd_is(c, ui, "whole") || rd_is(c, ui, "entire")) && ui + 1 < c->n)
		ui++;
	/* "two and a half hours" */
	double extra = 0;
	if (rd_is(c, ui, "and") && (rd_is(c, ui + 1, "a") || rd_is(c, ui + 1, "one")) && rd_is(c, ui + 2, "half") &&
	    ui + 3 < c->n && duration_unit(c->t[ui + 3].norm)) {
		extra = 0.5;
		ui += 3;
	}
	const char *u = c->t[ui].norm;
	int mul = duration_unit(u);
	/* a one-letter unit glued to its number ("20m", "1d") is a duration unless a noun follows ("860M
	 * params") or it is upper case; spelled apart ("20 m") it needs a time cue */
	bool glued = c->t[ui].start == t->start && islower((unsigned char)c->text[c->t[ui].end - 1 - (c->t[ui].trail != 0)]) &&
		     !noun_follows(c, ui);
	if (mul && (ui != i + 1 || extra)) {
		if ((!strcmp(u, "m") || !strcmp(u, "d")) && !time_cue(c, i))
			return 0;
		*used_to = ui;
		return minutes_of((t->num + extra) * mul);
	}
	if (!mul)
		return 0;
	if ((!strcmp(u, "m") || !strcmp(u, "d") || !strcmp(u, "w")) && !time_cue(c, i) && !glued)
		return 0;
	if (c->t[i + 1].start == t->start && isupper((unsigned char)c->t[i + 1].raw[0]) && strlen(u) == 1 && strcmp(u, "h"))
		return 0; /* "31M parameters", "7B" */
	double v = t->num;
	*used_to = i + 1;
	/* "1 hour 30 minutes", "1 hour and 30 min", "an hour and a half" */
	size_t k = i + 2;
	if (rd_is(c, k, "and"))
		k++;
	if (rd_is(c, k, "a") && rd_is(c, k + 1, "half") && !(k + 2 < c->n && duration_unit(c->t[k + 2].norm))) {
		*used_to = k + 1;
		return minutes_of(v * mul + mul / 2.0);
	}
	if (k + 1 < c->n && c->t[k].is_num && !c->t[k].num_word &&
	    !(c->t[k].start >= c->t[i + 1].start &&
	      memchr(c->text + c->t[i + 1].start, '(', c->t[k].start + 1 - c->t[i + 1].start))) {
		/* "1 hour 30 minutes"; not "a week (168h)", which says the same twice */
		int mul2 = duration_unit(c->t[k + 1].norm);
		if (mul2 && mul2 < mul) {
			*used_to = k + 1;
			return minutes_of(v * mul + c->t[k].num * mul2);
		}
	}
	return minutes_of(v * mul);
}

static void read_walltime_at(struct ctx *c, int lvl);

void rd_read_walltime(struct ctx *c)
{
	struct request *r = c->req;
	/* a correction's duration wins ("6 hours... sorry, 8 hours"): the highest correction level first */
	int top = 0;
	for (size_t i = 0; i < c->n; i++)
		if (c->t[i].corr > top)
			top = c->t[i].corr;
	for (int lvl = top; lvl >= 0 && !r->walltime_min && !r->from[RF_WALLTIME]; lvl--)
		read_walltime_at(c, lvl);
}

static void read_walltime_at(struct ctx *c, int lvl)
{
	struct request *r = c->req;
	for (size_t i = 0; i < c->n && !r->walltime_min; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->source || t->corr != lvl)
			continue;
		/* "hour 4," in a list of "unit number" items; "walltime 0": stated, and impossible; a question
		 * answered on the next line ("Q: hours?\nA: 3") */
		bool asked = t->trail == '?' && i + 1 < c->n && rd_newline_between(c, i, i + 1);
		if (i + 1 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word && (!t->trail || asked) &&
		    (i == 0 || c->t[i - 1].trail == ',' || c->t[i - 1].trail == ';' || rd_sentence_end_after(c, i - 1) ||
		     (asked && (rd_newline_between(c, i - 1, i) || (i >= 2 && rd_is(c, i - 1, "many") && rd_is(c, i - 2, "how"))))) &&
		    (c->t[i + 1].trail == ',' || c->t[i + 1].trail == ';' || i + 2 >= c->n || rd_sentence_end_after(c, i + 1) ||
		     (asked && rd_newline_between(c, i + 1, i + 2)))) {
			int unit = duration_unit(t->norm);
			bool cue = rd_is(c, i, "walltime") || rd_is(c, i, "time") || rd_is(c, i, "runtime");
			if (unit || (cue && c->t[i + 1].num == 0)) {
				r->walltime_min = unit ? minutes_of(c->t[i + 1].num * unit) : 0;
				rd_set_from_toks(c, RF_WALLTIME, i, i + 1);
				break;
			}
		}
		int colons = 0;
		for (const char *p = t->norm; *p; p++)
			colons += *p == ':';
		if (colons >= 1 && isdigit((unsigned char)t->norm[0])) {
			int m;
			if (colons == 1 && !strchr(t->norm, '-')) {
				/* H:MM with a time cue: people mean hours:minutes; without one, an item of its own in a
				 * terse list ("Polaris 2 nodes 1:30 train.py") is the walltime too, said as read, unless
				 * it is a time of day ("at 1:30", "1:30 pm") */
				bool cued = time_cue(c, i);
				if (!cued && !bare_duration(c, i))
					continue;
				int h = 0, mm = 0;
				if (sscanf(t->norm, "%6d:%2d", &h, &mm) != 2 || mm >= 60 || h < 0 || h > 100000 || strlen(t->norm) > 8)
					continue;
				if (!cued && h > 99)
					continue;
				m = h * 60 + mm;
				if (!cued && m > 0)
					request_warn(r, "'%s' read as a walltime of %d h %02d min (hours:minutes, not the minutes:seconds "
							"that Slurm's --time would read)",
						     t->norm, h, mm);
			} else {
				m = parse_walltime(t->norm);
			}
			if (m > 0) {
				r->walltime_min = m;
				rd_set_from_toks(c, RF_WALLTIME, i, i);
			}
			continue;
		}
		/* Slurm's -t/--time with a bare number: minutes */
		if ((!strcmp(t->raw, "-t") || !strcmp(t->norm, "--time")) && i + 1 < c->n && c->t[i + 1].is_num &&
		    !c->t[i + 1].num_word && !(i + 2 < c->n && duration_unit(c->t[i + 2].norm))) {
			int m = rd_as_count(c->t[i + 1].num);
			if (m != -999999) {
				r->walltime_min = m > 0 ? m : -1;
				rd_set_from_toks(c, RF_WALLTIME, i, i + 1);
			}
			continue;
		}
		/* "half a day" */
		if (rd_is(c, i, "half") && (rd_is(c, i + 1, "an") || rd_is(c, i + 1, "a")) && rd_is(c, i + 2, "day")) {
			r->walltime_min = 720;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 2);
			continue;
		}
		if (rd_is(c, i, "half") && (rd_is(c, i + 1, "an") || rd_is(c, i + 1, "a")) && rd_is(c, i + 2, "hour")) {
			r->walltime_min = 30;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 2);
			continue;
		}
		if ((rd_is(c, i, "one") || rd_is(c, i, "an") || rd_is(c, i, "1")) && rd_is(c, i + 1, "and") && rd_is(c, i + 2, "a") &&
		    rd_is(c, i + 3, "half") && (rd_is(c, i + 4, "hours") || rd_is(c, i + 4, "hour"))) {
			r->walltime_min = 90;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 4);
			continue;
		}
		if (rd_is(c, i, "couple") && rd_is(c, i + 1, "of") && rd_is(c, i + 2, "hours")) {
			r->walltime_min = 120;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 2);
			continue;
		}
		if (i > 0 && !c->t[i - 1].trail && (rd_is(c, i - 1, "every") || rd_is(c, i - 1, "each") || rd_is(c, i - 1, "per")))
			continue; /* "checkpoint every 10 min": an interval */
		if (t->is_num && t->num == 0 && i + 1 < c->n && duration_unit(c->t[i + 1].norm) && !c->t[i + 1].used) {
			r->walltime_min = 0; /* "0 hours": stated, and impossible (the rules say so) */
			rd_set_from_toks(c, RF_WALLTIME, i, i + 1);
			break;
		}
		size_t to;
		int m = duration_at(c, i, &to);
		if (m > 0 || m == -1) { /* -1: stated, but beyond any walltime (the rules say so) */
			r->walltime_min = m;
			rd_set_from_toks(c, RF_WALLTIME, i, to);
		}
	}
}


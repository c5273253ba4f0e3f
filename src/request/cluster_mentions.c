/* cluster_mentions.c - the systems a request's text names: clusters maple knows by id, alias, display
 * name or a typo, a centre that stands for its one cluster, and systems maple has no profile for
 * ("Summit", "our cluster Hopper-Z"); prose_cluster.c scores them and chooses the target. */
#include "cluster_mentions.h"
#include "extract.h"
#include "lexicon.h"
#include "vocab.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool own_owner(const struct ctx *c, size_t i)
{
	return i < c->n && vocab_in(VL_OWN_OWNER, c->t[i].norm);
}

/* Whether a token's text has a letter or a digit (not only symbols or emoji; a chat's emoji shortcode,
 * ":pray:", is one too). */
static bool has_alnum(const char *s)
{
	if (rd_emoji_shortcode(s))
		return false;
	for (; *s; s++)
		if (isalnum((unsigned char)*s))
			return true;
	return false;
}

/* Whether token k names a centre that runs a cluster maple knows ("NCSA", "OLCF"). */
static bool names_centre(const struct ctx *c, size_t k)
{
	const struct cluster *only = NULL;
	return rd_centre_clusters(c, c->t[k].norm, &only, NULL, 0) > 0;
}

/* Whether the lower-case word names a scheduler or other software, never a machine ("our cluster
 * (Slurm, ...)", "our PBS cluster"): data/lexicon's technical_words and scheduler_names. */
static bool software_word(const char *norm)
{
	return vocab_in(VL_TECH_WORD, norm) || vocab_in(VL_SCHEDULER_NAME, norm);
}

/* Whether an unprofiled system's name at i stands where a system is named: leading the text or a
 * line, or next to "on", "at", "cluster", ... ("Summit, 4 nodes", "on Expanse", "JUWELS Booster"). */
static bool system_context(const struct ctx *c, size_t i, size_t k)
{
	bool capital = isupper((unsigned char)c->t[i].raw[0]);
	if (capital && (i == 0 || rd_newline_between(c, i - 1, i)))
		return true;
	/* (or opening a sentence, what a colon introduces, or a list's item: "TL;DR: Summit, 4 nodes",
	 * "It works on my laptop. Leonardo (CINECA), 4 nodes", "* Summit") */
	bool bullet = i > 0 && (!strcmp(c->t[i - 1].raw, "*") || !strcmp(c->t[i - 1].raw, "-") ||
				!strcmp(c->t[i - 1].raw, "\u2022")) &&
		      (i == 1 || rd_newline_between(c, i - 2, i - 1));
	size_t last = i + k - 1; /* (the name's last word: "El Capitan,") */
	bool listed = k == 1 && vocab_other_system(c->t[i].norm); /* "So basically, thetaGPU, 2 nodes" */
	if ((capital || listed) && i > 0 && last < c->n &&
	    (rd_sentence_end_after(c, i - 1) || c->t[i - 1].trail == ':' || c->t[i - 1].trail == ',' || bullet) &&
	    (c->t[last].trail == ',' || c->t[last].trail == ':' || (last + 1 < c->n && c->text[c->t[last + 1].start] == '(') ||
	     (bullet && (last + 1 >= c->n || rd_newline_between(c, last, last + 1)))))
		return true;
	/* a listed system's name opening a terse line in lower case ("lonestar5, 2 nodes, 4h") */
	if (k == 1 && (i == 0 || rd_newline_between(c, i - 1, i)) && (c->t[i].trail == ',' || c->t[i].trail == ':') &&
	    vocab_other_system(c->t[i].norm))
		return true;
	if (i == 0)
		return i + k < c->n && (rd_is(c, i + k, "cluster") || rd_is(c, i + k, "system") || rd_is(c, i + k, "supercomputer") ||
					/* "cori gpu, 1 node": a listed system's name with its partition's word */
					(listed && (rd_is(c, i + k, "gpu") || rd_is(c, i + k, "booster") || rd_is(c, i + k, "partition"))));
	static const char *const before[] = {"on", "at", "to", "onto", "from", "use", "using", "cluster", "system",
					     "machine", "supercomputer", "via", "for", "--cluster", "--system", "--machine",
					     "target", "targeting", "targets", "try", "trying", NULL};
	static const char *const after[] = {"cluster", "system", "supercomputer", "machine", "booster", "gpu", "partition",
					    "nodes", "node", "queue",
					    /* "This was our ThetaGPU script", "our Summit jobs", "the Gadi allocation" */
					    "script", "scripts", "job", "jobs", "run", "runs", "setup", "allocation", "project",
					    "account", "batch", NULL};
	if (rd_is_any(c, i - 1, before) || (i >= 2 && rd_is_any(c, i - 2, before)))
		return true;
	/* "can we use the old ThetaGPU", "try our good old Summit": a cue, then a determiner or an adjective */
	static const char *const adj[] = {"the", "old", "our", "my", "good", "new", "that", "this", "a", NULL};
	for (size_t j = 2; listed && j <= 4 && j <= i && rd_is_any(c, i - j + 1, adj); j++)
		if (rd_is_any(c, i - j, before))
			return true;
	if (isupper((unsigned char)c->t[i].raw[0]) && (rd_is(c, i - 1, "tacc") || rd_is(c, i - 1, "sdsc") || rd_is(c, i - 1, "nrel") ||
						      rd_is(c, i - 1, "olcf") || rd_is(c, i - 1, "alcf") || rd_is(c, i - 1, "nersc") ||
						      rd_is(c, i - 1, "jsc") || rd_is(c, i - 1, "cscs") || vocab_centre(c->t[i - 1].raw) ||
						      names_centre(c, i - 1)))
		return true;
	if (i + k < c->n && rd_is_any(c, i + k, after))
		return true;
	return false;
}

/* Whether token i is a centre's possessive ("TACC's", "NERSC’s"; its norm is the centre's name). */
static bool centre_possessive(const struct ctx *c, size_t i)
{
	const char *r = c->text + c->t[i].start; /* the token's raw form drops the "'s" */
	size_t l = c->t[i].end - c->t[i].start;
	while (l && rd_is_trailing_punct(r[l - 1]))
		l--;
	bool poss = (l > 2 && !strncmp(r + l - 2, "'s", 2)) || (l > 4 && !strncmp(r + l - 4, "\u2019s", 4));
	return poss && vocab_centre(c->t[i].norm);
}

/* Whether the k words at i name a system maple has no profile for: one of the list, a variant of one
 * ("Fugaku-next"), or a capitalised name with its centre beside it ("Alps (CSCS)"). */
static bool other_system_name(const struct ctx *c, size_t i, size_t k, const char *joined)
{
	if (vocab_other_system(joined))
		return true;
	const char *dash = strpbrk(joined, "-_");
	if (k == 1 && dash && dash > joined) {
		char base[128];
		snprintf(base, sizeof(base), "%.*s", (int)(dash - joined), joined);
		if (vocab_other_system(base))
			return true;
		/* "great-lakes", "el_capitan": the dash or underscore of a name written as two words */
		snprintf(base, sizeof(base), "%s", joined);
		for (char *q = base; *q; q++)
			if (*q == '-' || *q == '_')
				*q = ' ';
		if (vocab_other_system(base))
			return true;
	}
	if (k == 1 && isupper((unsigned char)c->t[i].raw[0]) && i + 1 < c->n && c->text[c->t[i + 1].start] == '(' &&
	    vocab_centre(c->t[i + 1].raw))
		return true;
	/* "NCSA Hydro, 2 nodes", "OLCF Andes gpu partition": a capitalised name right after its centre (the
	 * centre's known clusters are matched before this) */
	if (k == 1 && i > 0 && isupper((unsigned char)c->t[i].raw[0]) && islower((unsigned char)c->t[i].raw[1]) &&
	    !c->t[i - 1].trail && (vocab_centre(c->t[i - 1].raw) || names_centre(c, i - 1)) &&
	    !vocab_gpu_model(c->t[i].norm) && !is_gpu_unit(c->t[i].norm))
		return true;
	/* "a job for Sophia at ALCF", "run it on Crux at ALCF": a capitalised name after a word that sends
	 * the job somewhere, with its centre after "at" (a person's name at a centre has no such word) */
	static const char *const sends[] = {"on", "onto", "to", "for", "use", "using", "via", "target", "targeting", NULL};
	if (k == 1 && i > 0 && isupper((unsigned char)c->t[i].raw[0]) && rd_is_any(c, i - 1, sends) && i + 2 < c->n &&
	    rd_is(c, i + 1, "at") && vocab_centre(c->t[i + 2].norm))
		return true;
	/* "TACC's new Horizon system", "NERSC's Doudna machine": a centre's own, named before its kind */
	static const char *const kinds[] = {"system", "cluster", "supercomputer", "machine", NULL};
	if (k == 1 && i > 0 && isupper((unsigned char)c->t[i].raw[0]) && islower((unsigned char)c->t[i].raw[1]) &&
	    !vocab_gpu_model(c->t[i].norm) && !is_gpu_unit(c->t[i].norm) && i + 1 < c->n && rd_is_any(c, i + 1, kinds) &&
	    (centre_possessive(c, i - 1) || !isupper((unsigned char)c->t[i - 1].raw[0])) && /* not "Grace Hopper" */
	    !(i + 2 < c->n && match_cluster_name(c->repo, c->t[i + 2].norm))) /* "... machine Vista": the known one */
		return centre_possessive(c, i - 1) || (i >= 2 && centre_possessive(c, i - 2));
	return false;
}

/* The clusters of the centre a word names ("NERSC", "OLCF's", "ALCF", "Purdue"): the number of clusters maple
 * has a profile for at that centre (each profile's `center`), the one in *only when there is exactly one,
 * and their ids in names (comma-separated) for a question. 0 when the word names no centre. */
bool rd_cluster_at_centre(const struct cluster *cl, const char *norm)
{
	char w[24];
	size_t n = strlen(norm);
	if (!cl || !cl->center || n < 3 || n >= sizeof(w))
		return false;
	memcpy(w, norm, n + 1);
	if (n > 4 && !strcmp(w + n - 2, "'s")) /* "nersc's" */
		w[n - 2] = '\0';
	else if (n > 4 && !strcmp(w + n - 2, "cs"))
		w[n - 1] = '\0'; /* "NERSCs" as some write the possessive */
	/* the centre's name, or any of its words ("Purdue RCAC": purdue, rcac) */
	for (const char *p = cl->center; *p;) {
		size_t l = strcspn(p, " ");
		if (l == strlen(w) && !strncasecmp(p, w, l))
			return true;
		p += l;
		while (*p == ' ')
			p++;
	}
	return false;
}

size_t rd_centre_clusters(const struct ctx *c, const char *norm, const struct cluster **only, char *names,
			  size_t cap)
{
	size_t count = 0, at = 0;
	*only = NULL;
	if (names)
		names[0] = '\0';
	for (size_t i = 0; i < repo_cluster_count(c->repo); i++) {
		const struct cluster *cl = repo_cluster_brief_at(c->repo, i); /* built only when it is the one */
		if (!rd_cluster_at_centre(cl, norm))
			continue;
		if (names && strlen(names) + strlen(cl->id) + 3 < cap) {
			if (names[0])
				strcat(names, ", ");
			strcat(names, cl->id);
		}
		at = i;
		count++;
	}
	if (count == 1)
		*only = repo_cluster_at(c->repo, at);
	return count;
}

/* Whether a dash standing alone ("—", "–", " - ") comes right before token i. */
static bool dash_before(const struct ctx *c, size_t i)
{
	if (i == 0)
		return false;
	/* (not after a number: "at 3 - pm" is a clock time) */
	const char *r = c->t[i - 1].raw;
	if (!strcmp(r, "-") || !strcmp(r, "\u2014") || !strcmp(r, "\u2013"))
		return i >= 2 && !c->t[i - 2].is_num;
	if (c->t[i - 1].is_num)
		return false;
	size_t a = c->t[i - 1].end, b = c->t[i].start;
	for (size_t k = a; k < b && k < c->len; k++)
		if (c->text[k] == '-' || !strncmp(c->text + k, "\u2014", 3) || !strncmp(c->text + k, "\u2013", 3))
			return true;
	return false;
}

/* The cluster a host name names by one of its labels ("login08.frontier.olcf.ornl.gov",
 * "user@login1.ls6.tacc.utexas.edu", "polaris-login-02.hsn.cm.polaris.alcf.anl.gov",
 * "dtai-login.delta.ncsa.illinois.edu": the first label, or part of one between dashes, that is a
 * cluster's id or alias exactly), NULL when the word is no host name (at least two dots, a top-level
 * domain of letters, only host characters; a path or a file name is not one). A label that names a
 * system maple has no profile for ("login.expanse.sdsc.edu") is put in *other. */
static const struct cluster *host_cluster(const struct ctx *c, const char *raw, const char **other)
{
	const char *at = strchr(raw, '@');
	const char *h = at ? at + 1 : raw;
	size_t len = strlen(h), dots = 0;
	while (len && (h[len - 1] == ':' || h[len - 1] == '~')) /* a prompt's "user@host:~" */
		len--;
	for (size_t i = 0; i < len; i++) {
		if (!(isalnum((unsigned char)h[i]) || h[i] == '-' || h[i] == '.'))
			return NULL;
		dots += h[i] == '.';
	}
	/* a PBS job's id ("8812345.aurora-pbs-0001.hostmgmt...") names a finished job, not where to run */
	if (isdigit((unsigned char)h[0]) && strspn(h, "0123456789[]") == strcspn(h, "."))
		return NULL;
	const char *tld = memrchr(h, '.', len);
	/* (after "user@", one dot will do: a shell prompt's "[jdoe@login03.frontier ~]$") */
	if (!tld || (at ? dots < 1 || at == raw : dots < 2 || (size_t)(h + len - tld - 1) < 2 || (size_t)(h + len - tld - 1) > 4))
		return NULL;
	for (const char *p = tld + 1; p < h + len && !at; p++)
		if (!isalpha((unsigned char)*p))
			return NULL;
	for (size_t a = 0; a < len;) {
		size_t b = a;
		while (b < len && h[b] != '.')
			b++;
		/* the label, then its parts between dashes */
		for (size_t pa = a; pa < b;) {
			size_t pb = pa;
			while (pb < b && h[pb] != '-')
				pb++;
			char part[64];
			for (int whole = 1; whole >= 0; whole--) {
				size_t s0 = whole ? a : pa, e0 = whole ? b : pb;
				if (e0 - s0 < 2 || e0 - s0 >= sizeof(part) || (!whole && pa == a && pb == b))
					continue;
				memcpy(part, h + s0, e0 - s0);
				part[e0 - s0] = '\0';
				for (char *q = part; *q; q++)
					*q = (char)tolower((unsigned char)*q);
				const struct cluster *cl = match_cluster_name_exact(c->repo, part);
				if (cl)
					return cl;
				if (other && !*other && whole && vocab_other_system(part))
					*other = vocab_other_system(part)->name;
			}
			pa = pb + 1;
		}
		a = b + 1;
	}
	return NULL;
}

size_t rd_find_mentions(struct ctx *c, struct mention *m, size_t max)
{
	size_t nm = 0;
	for (size_t i = 0; i < c->n && nm < max; i++) {
		const char *other = NULL;
		const struct cluster *host = strchr(c->t[i].raw, '.') ? host_cluster(c, c->t[i].raw, &other) : NULL;
		if (host || other) {
			m[nm] = (struct mention){.at = i, .len = 1, .known = host};
			snprintf(m[nm].name, sizeof(m[nm].name), "%s", host ? host->id : other);
			nm++;
			continue;
		}
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
				/* leading after symbols only ("🔥 b2 GPU 4n"): the emoji of a terse line */
				bool leads = true;
				for (size_t q = 0; q < i && leads; q++)
					for (const char *p = c->t[q].raw; *p && leads; p++)
						leads = !isalnum((unsigned char)*p);
				/* or opens a sentence or line of its own, closed by a comma or colon ("Hi team,\n\npm, 2
				 * nodes, ...", "... the following? B2, 4 nodes") */
				/* (i is past the text's first token from here: a first token leads) */
				/* (or a clause of its own after a dash: "before I burn hours — pm, 3 nodes, ...") */
				leads = leads || ((rd_sentence_end_after(c, i - 1) || dash_before(c, i)) &&
						  (c->t[i].trail == ',' || c->t[i].trail == ':'));
				/* (or after a short salutation, a tag or a mention opening its line: "Hi maple, pm, 2 nodes",
				 * "[URGENT] pm, 2 nodes", "@maple-bot pm, 2 nodes") */
				if (!leads && (c->t[i].trail == ',' || c->t[i].trail == ':')) {
					size_t ls = i;
					while (ls > 0 && !rd_newline_between(c, ls - 1, ls))
						ls--;
					const char *pr = c->t[i - 1].raw;
					size_t pl = strlen(pr);
					leads = i - ls <= 3 && !c->t[i - 1].is_num && !isdigit((unsigned char)pr[0]) &&
						(pr[0] == '@' || (pl && pr[pl - 1] == ']') || c->t[i - 1].trail == ',' ||
						 c->text[c->t[i - 1].end - 1] == ']');
				}
				/* (or opens what a colon introduces, a count of nodes after it: "quick one: pm 2 nodes") */
				leads = leads || (c->t[i - 1].trail == ':' && !isdigit((unsigned char)c->t[i - 1].raw[0]) && !c->t[i].trail && i + 2 < c->n && c->t[i + 1].is_num &&
						  is_node_unit(c->t[i + 2].norm));
				/* or is a whole item of a line of items ("exp-042 / b2 / GPU / 3 nodes", "pm | 2 nodes | 1h") */
				bool sep_before = !leads && (!strcmp(c->t[i - 1].raw, "/") || !strcmp(c->t[i - 1].raw, "|") ||
							     c->t[i - 1].trail == '|');
				bool sep_after = i + 1 < c->n && (!strcmp(c->t[i + 1].raw, "/") || !strcmp(c->t[i + 1].raw, "|"));
				leads = leads || ((sep_before || rd_newline_between(c, i - 1, i)) && (sep_after || c->t[i].trail == '|'));
				/* or opens a line with a count or one of its queues after it ("Hi team,\n\npm 2 nodes 4h",
				 * "pm debug 1 node") */
				if (!leads) {
					/* (symbols around it skipped: "✅ s3 1n 2h", "🚀 pm 🖥️ 2n") */
					size_t ls = i, nx = i + 1;
					bool shortcode = false; /* "@channel quick one :pray: pm 2 nodes": the emoji closes what came before */
					while (ls > 0 && !rd_newline_between(c, ls - 1, ls) && !has_alnum(c->t[ls - 1].raw)) {
						shortcode = shortcode || c->t[ls - 1].raw[0] == ':';
						ls--;
					}
					if (shortcode)
						ls = 0;
					while (nx < c->n && !has_alnum(c->t[nx].raw) && !rd_newline_between(c, nx - 1, nx))
						nx++;
					/* (or a sentence: "It works on my laptop. pm regular 4 nodes 6h") */
					leads = leads || ((ls == 0 || rd_newline_between(c, ls - 1, ls) || rd_sentence_end_after(c, ls - 1)) &&
							  nx < c->n && !c->t[i].trail &&
							  (c->t[nx].is_num || isdigit((unsigned char)c->t[nx].norm[0]) ||
							   cluster_queue(cl, c->t[nx].raw)));
				}
				bool cue = leads || rd_is(c, i - 1, "on") || rd_is(c, i - 1, "at") || rd_is(c, i - 1, "cluster") ||
					   rd_is(c, i - 1, "system") || rd_is(c, i - 1, "machine") || rd_is(c, i - 1, "nersc") || rd_is(c, i - 1, "use") ||
					   rd_is(c, i - 1, "using") || rd_is(c, i - 1, "need") || rd_is(c, i - 1, "needs") ||
					   rd_is(c, i - 1, "want") ||
					   /* "hi, need pm 2 nodes for 3hrs": a node count right after it (not "3 pm 2 nodes") */
					   (!c->t[i].trail && !c->t[i - 1].is_num && i + 2 < c->n && c->t[i + 1].is_num &&
					    is_node_unit(c->t[i + 2].norm)) ||
					   /* one of its own queues right after it ("quick one :pray: pm regular 16 nodes", "pm
					    * debug 30 mins"; not "3 pm debug") */
					   (!c->t[i].trail && !c->t[i - 1].is_num && i + 1 < c->n && cluster_queue(cl, c->t[i + 1].raw)) ||
					   /* (a postposition between: Hindi "pm pe 2 node", "pm par 4 nodes") */
					   (!c->t[i].trail && !c->t[i - 1].is_num && i + 3 < c->n &&
					    (rd_is_any(c, i + 1, (const char *const[]){"pe", "pr", "mein", "me", NULL}) ||
					     !strcasecmp(c->t[i + 1].raw, "par")) &&
					    c->t[i + 2].is_num && is_node_unit(c->t[i + 3].norm)) ||
					   rd_is(c, i - 1, "tacc") || rd_is(c, i - 1, "psc") ||
					   (c->t[i - 1].trail == ':' && c->t[i].trail == ',') || /* "Quick one: b2, GPU-shared" */
					   (c->t[i].trail == ':' && rd_newline_between(c, i - 1, i)); /* a line "b2: change this to ..." */
				/* "4 nodes of pm", "all 16 GPUs of b2": the machine the counted nodes or GPUs belong to */
				cue = cue || (i >= 2 && (rd_is(c, i - 1, "of") || rd_is(c, i - 1, "in")) &&
					      (is_node_unit(c->t[i - 2].norm) || is_gpu_unit(c->t[i - 2].norm)));
				/* "one b2 node", "2 pm nodes": a count of the machine's nodes (not a clock: "at 3 pm nodes") */
				cue = cue || (i >= 1 && i + 1 < c->n && c->t[i - 1].is_num && !c->t[i - 1].trail && is_node_unit(c->t[i + 1].norm) &&
					      (i < 2 || !rd_is_any(c, i - 2, (const char *const[]){"at", "by", "until", "till", "around", "before",
											 "after", "from", "to", "about", NULL})));
				/* "Port this b2 job to pm", "move it onto s3": the destination of a verb that moves a job
				 * (not "upload to S3") */
				if (!cue && i > 0 && (rd_is(c, i - 1, "to") || rd_is(c, i - 1, "onto")))
					for (size_t q = i - 1; q > 0 && i - q < 16 && !cue; q--) {
						if (rd_sentence_end_after(c, q - 1))
							break;
						cue = rd_is_any(c, q - 1, (const char *const[]){"port", "move", "migrate", "switch", "transfer",
												 "convert", "moving", "porting", "migrating", "ported",
												 "moved", "migrated", "switching", "going", "go", NULL});
					}
				/* "for pm I only want 2 nodes", "for b2, we need ...": the machine a sentence is about, a
				 * person or a comma after it (not "for s3 bucket", "for 3 pm") */
				if (!cue && i >= 1 && rd_is(c, i - 1, "for") && (i < 2 || !c->t[i - 2].is_num) && i + 1 < c->n &&
				    (c->t[i].trail == ',' ||
				     rd_is_any(c, i + 1, (const char *const[]){"i", "we", "i'd", "we'd", "i'm", "we're", "please", "pls", NULL})))
					cue = true;
				/* "a script for PM that runs FSDP", "write me a job for b2 with 4 GPUs": the machine a job
				 * written for it runs on (not "the bucket for s3") */
				if (!cue && i >= 2 && rd_is(c, i - 1, "for") &&
				    rd_is_any(c, i - 2, (const char *const[]){"script", "job", "sbatch", "batch", "jobscript", "template",
									       "submission", "qsub", NULL}))
					cue = true;
				/* "can someone make me a pm job", "our b2 allocation": a job's or an allocation's machine */
				if (!cue && i >= 1 && i + 1 < c->n &&
				    rd_is_any(c, i - 1, (const char *const[]){"a", "an", "the", "my", "our", "this", "that", "new", NULL}) &&
				    rd_is_any(c, i + 1, (const char *const[]){"job", "jobs", "script", "run", "allocation", "account",
									       "batch", "sbatch", "project", NULL}))
					cue = true;
				/* "8xA6000 box -> pm", "docker => s3": an arrow's destination (not "3 -> pm", a clock) */
				if (!cue && i >= 2 && rd_is_any(c, i - 1, (const char *const[]){"->", "=>", "\u2192", "-->", NULL}) &&
				    !c->t[i - 2].is_num)
					cue = true;
				/* "that's from b2.", "(log from pm)": where pasted output came from; not where data comes
				 * from ("copy the shards from s3", "weights downloaded from S3") */
				if (!cue && i > 0 && rd_is(c, i - 1, "from")) {
					static const char *const data[] = {"data", "dataset", "datasets", "weights", "checkpoint",
									   "checkpoints", "ckpt", "copy", "copied", "download",
									   "downloaded", "load", "loaded", "loads", "fetch", "fetched",
									   "sync", "synced", "pull", "pulled", "read", "reads", "stream",
									   "streamed", "streams", "bucket", "files", "shards", "images",
									   "upload", "uploaded", "model", "tokenizer", "corpus", NULL};
					cue = true;
					for (size_t q = i - 1; q > 0 && i - q <= 4 && cue; q--)
						cue = !rd_is_any(c, q - 1, data);
				}
				/* "my pm job", "our b2 runs", "the s3 allocation": a job's noun after it, no number before */
				cue = cue || (i + 1 < c->n && !c->t[i - 1].is_num &&
					      rd_is_any(c, i + 1, (const char *const[]){"job", "jobs", "run", "runs", "script",
											"allocation", "account", "queue", "partition",
											"nodes", "node", "login", "version", NULL}));
				if (strlen(joined) <= 2 && !cue)
					continue;
				/* "project Delta4", "account Frontier2": a name only like a cluster's, right after an
				 * account's key word, is the account's value */
				if (i > 0 && !match_cluster_name_exact(c->repo, joined) && strlen(c->t[i - 1].norm) >= 4 &&
				    vocab_key(c->t[i - 1].norm) == VK_ACCOUNT)
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
		/* "NERSC's upcoming Doudna system": the centre's other system is named, not its known one */
		bool names_other = false;
		for (size_t q = i + 1; q <= i + 2 && q + 1 < c->n && !names_other; q++)
			names_other = isupper((unsigned char)c->t[q].raw[0]) && islower((unsigned char)c->t[q].raw[1]) &&
				      !is_gpu_unit(c->t[q].norm) && !vocab_gpu_model(c->t[q].norm) &&
				      !match_cluster_name(c->repo, c->t[q].norm) &&
				      rd_is_any(c, q + 1, (const char *const[]){"system", "cluster", "supercomputer", "machine", NULL});
		/* "Run on Doudna (NERSC's new machine)": the centre, in an aside right after a system's name,
		 * describes that system */
		for (size_t o = i + 1; o > 0 && o + 3 > i && nm > 0 && !names_other; o--) {
			char ch = c->text[c->t[o - 1].start];
			if (ch == '(' || ch == '[') {
				names_other = m[nm - 1].at + m[nm - 1].len == o - 1;
				break;
			}
		}
		if (!c->t[i].neg && !names_other && isupper((unsigned char)c->t[i].raw[0]) &&
		    rd_centre_clusters(c, c->t[i].norm, &only, NULL, 0) == 1 && only) {
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
			/* "Hawk-AI cluster at our institute", "the Orca system of my lab": the owner after it */
			bool owner_after = i + 2 < c->n && !c->t[i].trail &&
					   rd_is_any(c, i + 1, (const char *const[]){"at", "in", "of", "from", NULL}) && own_owner(c, i + 2);
			if (owner_after && i > 0 && !c->t[i - 1].trail && !c->t[i - 1].is_num && rd_identifier_like(c->t[i - 1].raw) &&
			    !rd_is_reserved_word(c, c->t[i - 1].norm) && !vocab_gpu_model(c->t[i - 1].norm) &&
			    isupper((unsigned char)c->t[i - 1].raw[0]) && !match_cluster_name(c->repo, c->t[i - 1].norm)) {
				m[nm] = (struct mention){.at = i - 1, .len = 1};
				snprintf(m[nm].name, sizeof(m[nm].name), "%s", c->t[i - 1].raw);
				nm++;
			} else if (o > 0 && own_owner(c, o - 1)) {
				const struct tok *nx = i + 1 < c->n ? &c->t[i + 1] : NULL;
				const struct tok *pv = i > o ? &c->t[i - 1] : NULL;
				const struct tok *nm_tok = NULL;
				if (nx && !c->t[i].trail && !rd_newline_between(c, i, i + 1) && !nx->is_num && rd_identifier_like(nx->raw) && !rd_is_reserved_word(c, nx->norm) && !vocab_gpu_model(nx->norm) &&
				    !software_word(nx->norm) &&
				    (isupper((unsigned char)nx->raw[0]) || strchr(nx->raw, '-') || c->text[nx->start] == '"' ||
				     c->text[nx->start] == '\''))
					nm_tok = nx;
				else if (pv && !pv->is_num && rd_identifier_like(pv->raw) && !rd_is_reserved_word(c, pv->norm) && !vocab_gpu_model(pv->norm) &&
					 !software_word(pv->norm) &&
					 !(pv > c->t && (pv[-1].is_num || (isdigit((unsigned char)pv[-1].norm[0]) &&
									   pv[-1].norm[strlen(pv[-1].norm) - 1] == 'x'))) && /* "8x A6000 box" */
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


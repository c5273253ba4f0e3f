/* run_records.c - a key-value record of an earlier run pasted with a request, labelled so or holding keys only
 * a run prints of itself ("State", "Run Time", "Elapsed"; key: value lines, dotted leaders or columns): "Job summary
 * from the old run on Delta:" over "Nodes: 2   GPUs/node: 4   Wall: 07:55:12", "Run details" over "Cluster:
 * Delta / Nodes: 4 / Elapsed: 11:02:10", "Old run (Polaris): nodes=2, gpus_per_node=4, walltime=03:00:00".
 * Where the request names a target outside the record that is not the record's own system, the record is
 * that system's (a foreign block, as another system's pasted job script is: pasted_blocks.c): its counts
 * are the source's size that "the same number of GPUs" keeps, its cluster, queue and account are not the
 * target's, and its time stands only where the words give none. Where the request names no cluster outside
 * it but says the job goes elsewhere ("run the same thing on our new allocation", "on the new machine":
 * data/lexicon's elsewhere_cues), the record is another system's too, one maple need not know: its
 * "Cluster:" is no target. Every record is kept (rd_run_record_at): what the request says in words edits
 * its values, as it edits a pasted job script's directives. The label's words are data/lexicon's
 * run_record_cues. */
#include "extract.h"
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

static size_t line_end(const char *s, size_t i, size_t n)
{
	while (i < n && s[i] != '\n')
		i++;
	return i;
}

/* Calls fn on each word of s[a, b) (lower case, letters, digits, '-' and '_'); stops when fn returns true. */
static bool any_word(const char *s, size_t a, size_t b, bool (*fn)(const char *w, void *arg), void *arg)
{
	for (size_t i = a; i < b;) {
		while (i < b && !isalnum((unsigned char)s[i]))
			i++;
		char w[48];
		size_t n = 0;
		while (i < b && (isalnum((unsigned char)s[i]) || s[i] == '-' || s[i] == '_')) {
			if (n + 1 < sizeof(w))
				w[n++] = (char)tolower((unsigned char)s[i]);
			i++;
		}
		w[n] = '\0';
		if (n && fn(w, arg))
			return true;
	}
	return false;
}

/* A line of a printed record aligned in columns: a key of one to four words, two or more blanks (or a tab),
 * then its value ("Total Nodes   2", "Runtime     3h 47m 10s"). */
static bool aligned_line(const char *s, size_t a, size_t b)
{
	while (a < b && (s[a] == ' ' || s[a] == '\t'))
		a++;
	size_t i = a;
	int words = 0;
	while (i < b && words < 4) {
		size_t w = i;
		while (i < b && (isalpha((unsigned char)s[i]) || s[i] == '/' || s[i] == '-' || s[i] == '_'))
			i++;
		if (i == w)
			return false;
		words++;
		if (i < b && s[i] == ' ' && i + 1 < b && isalpha((unsigned char)s[i + 1]))
			i++;
		else
			break;
	}
	size_t gap = i;
	while (i < b && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return words && i < b && (i - gap >= 2 || (i > gap && s[gap] == '\t'));
}

/* A report's "key: value" line whose key pairs two names with a slash ("NetID/Account: alice/pli",
 * "GPUs/Node: 4", "QOS/Partition: gpu/gpu" of jobstats): one to four words of letters, digits, '/', '-' and
 * '_', a colon, a blank, a value. */
static bool slash_key_line(const char *s, size_t a, size_t b)
{
	while (a < b && (s[a] == ' ' || s[a] == '\t'))
		a++;
	size_t i = a;
	bool slash = false;
	int words = 1;
	while (i < b && s[i] != ':') {
		if (s[i] == ' ' && ++words > 4)
			return false;
		if (!(isalnum((unsigned char)s[i]) || s[i] == '/' || s[i] == '-' || s[i] == '_' || s[i] == ' '))
			return false;
		slash = slash || s[i] == '/';
		i++;
	}
	return slash && i > a && isalpha((unsigned char)s[a]) && i + 2 < b && s[i + 1] == ' ';
}

static bool record_line(const char *s, size_t a, size_t b)
{
	return rd_config_line(s, a, b) || aligned_line(s, a, b) || slash_key_line(s, a, b);
}

/* Whether a line of s[a, b) has a key a run prints of itself (data/lexicon's run_output_keys: "State",
 * "Run Time", "Elapsed", "Job Wall-clock time"). */
static bool output_key_in(const char *s, size_t a, size_t b)
{
	for (size_t la = a; la < b;) {
		size_t le = line_end(s, la, b);
		size_t p = la;
		while (p < le && (s[p] == ' ' || s[p] == '\t'))
			p++;
		char key[48];
		size_t n = 0;
		while (p < le && n + 1 < sizeof(key) && (isalpha((unsigned char)s[p]) || s[p] == '-' || s[p] == '_' ||
							  (s[p] == ' ' && p + 1 < le && isalpha((unsigned char)s[p + 1])))) {
			key[n++] = s[p] == ' ' ? '_' : (char)tolower((unsigned char)s[p]);
			p++;
		}
		key[n] = '\0';
		if (n && vocab_in(VL_RUN_OUTPUT_KEY, key))
			return true;
		la = le < b ? le + 1 : b;
	}
	return false;
}

static bool cue_word(const char *w, void *arg)
{
	(void)arg;
	return vocab_in(VL_RUN_RECORD_CUE, w);
}

struct clusters_seen {
	const struct repo *repo;
	const struct cluster *first, *other; /* the first named; one other than skip */
	const struct cluster *skip;
};

static bool cluster_word(const char *w, void *arg)
{
	struct clusters_seen *cs = arg;
	if (strlen(w) < 2)
		return false;
	const struct cluster *cl = match_cluster_name_exact(cs->repo, w);
	if (!cl)
		return false;
	if (!cs->first)
		cs->first = cl;
	if (cl != cs->skip && !cs->other)
		cs->other = cl;
	return false;
}

/* Whether text[a, b) says one of data/lexicon's elsewhere_cues ("new allocation", "another cluster",
 * "elsewhere"), in any case, as whole words. */
static bool elsewhere_said(const char *s, size_t a, size_t b)
{
	const char *const *cues;
	size_t ncues = vocab_list(VL_ELSEWHERE, &cues);
	for (size_t q = 0; q < ncues; q++) {
		size_t l = strlen(cues[q]);
		for (size_t p = a; p + l <= b; p++)
			if (tolower((unsigned char)s[p]) == cues[q][0] && !strncasecmp(s + p, cues[q], l) && (p == a || !isalnum((unsigned char)s[p - 1])) &&
			    (p + l == b || !isalnum((unsigned char)s[p + l])))
				return true;
	}
	return false;
}

/* elsewhere: whether the text says the job goes elsewhere (elsewhere_said of the whole text), -1 until the
 * first record that needs it asks */
static void add_record(struct ctx *c, size_t la, size_t ba, size_t bb, int *elsewhere)
{
	if (c->nrecords < sizeof(c->record_a) / sizeof(*c->record_a)) {
		c->record_a[c->nrecords] = ba;
		c->record_b[c->nrecords] = bb;
		c->nrecords++;
	}
	if (c->nforeign >= sizeof(c->foreign_a) / sizeof(*c->foreign_a))
		return;
	/* the record's own system: named in its label or its lines */
	struct clusters_seen own = {c->repo, NULL, NULL, NULL};
	any_word(c->text, la, bb, cluster_word, &own);
	/* a target named outside it, other than that system */
	struct clusters_seen out = {c->repo, NULL, NULL, own.first};
	any_word(c->text, 0, la, cluster_word, &out);
	any_word(c->text, bb, c->len, cluster_word, &out);
	/* (no cluster named outside it, but the job said to go elsewhere: a system maple need not know) */
	if (!out.other && !out.first && *elsewhere < 0)
		*elsewhere = elsewhere_said(c->text, 0, c->len);
	if (!out.other && !(!out.first && *elsewhere > 0))
		return;
	for (size_t i = 0; i < c->nforeign; i++)
		if (ba < c->foreign_b[i] && bb > c->foreign_a[i])
			return; /* (already another system's) */
	c->foreign_a[c->nforeign] = ba;
	c->foreign_b[c->nforeign] = bb;
	c->foreign_cluster[c->nforeign] = out.other ? own.first : NULL;
	c->nforeign++;
}

bool rd_run_record_at(const struct ctx *c, size_t pos)
{
	for (size_t i = 0; i < c->nrecords; i++)
		if (pos >= c->record_a[i] && pos < c->record_b[i])
			return true;
	return false;
}

void rd_find_run_records(struct ctx *c)
{
	const char *s = c->text;
	size_t n = c->len, prev_a = 0, prev_b = 0; /* the last line that is not a key-value line */
	bool prev_text = false;
	int elsewhere = -1;
	for (size_t i = 0; i < n;) {
		size_t e = line_end(s, i, n);
		if (!record_line(s, i, e)) {
			bool blank = true;
			for (size_t q = i; q < e && blank; q++)
				blank = isspace((unsigned char)s[q]) != 0;
			if (!blank)
				prev_a = i, prev_b = e, prev_text = true;
			else
				prev_text = false;
			i = e < n ? e + 1 : n;
			continue;
		}
		/* the run of key-value lines from here */
		size_t ba = i, bb = e;
		for (size_t j = e < n ? e + 1 : n; j < n;) {
			size_t je = line_end(s, j, n);
			if (!record_line(s, j, je))
				break;
			bb = je;
			j = je < n ? je + 1 : n;
		}
		/* its label: the text line right above it, or its first line's words before the first key
		 * ("Old run (Polaris): nodes=2, ...") */
		size_t la = ba, lb = ba;
		const char *eq = memchr(s + ba, '=', e - ba), *colon = memchr(s + ba, ':', e - ba);
		if (eq && colon && colon < eq) {
			lb = (size_t)(colon - s);
			/* (the pairs end at the sentence after the last one: "... walltime=03:00:00. On Frontier ...") */
			if (bb == e) {
				const char *last = eq;
				for (const char *q = eq; q && q < s + e; q = memchr(q + 1, '=', (size_t)(s + e - q - 1)))
					last = q;
				size_t p = (size_t)(last - s);
				while (p < e && s[p] != ' ' && s[p] != '\t')
					p++;
				bb = p;
			}
		} else if (prev_text)
			la = prev_a, lb = prev_b;
		if ((lb > la && any_word(s, la, lb, cue_word, NULL)) || (bb > e && output_key_in(s, ba, bb)))
			add_record(c, la, ba, bb, &elsewhere);
		i = bb < n ? bb + 1 : n;
		prev_text = false;
	}
}
